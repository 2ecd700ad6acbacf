import path from 'node:path';
import type { z } from 'zod';
import { DEFAULT_IMAGE_CACHE_DIR, DEFAULT_MAX_MB, DEFAULT_MAX_MEGAPIXELS, decodeProblem } from '../media/pictures.js';
import type { MediaBytes, PictureFacts, Rendition } from '../media/variants.js';
import { cleanedOriginal, MEDIA_TYPES, shareCardRendition, variantRenditions } from '../media/variants.js';
import { paths } from '../routes/table.js';
import { eachAtOnce } from '../util/at-once.js';
import type { Use } from './body-references.js';
import type { ContentFolder } from './content-folder.js';
import { MISSING } from './content-folder.js';
import { imageFacts } from './images.js';
import { encodeFilePath } from './resolve-body.js';
import type { imageRef } from './schemas.js';
import type { BodyPicture, Image, ImageVariant, MediaFile } from './types.js';

/** The limits of the content's pictures, and the folder of what is made from them (IMAGE_MAX_MEGAPIXELS, IMAGE_MAX_MB, IMAGE_CACHE_DIR). */
export interface PictureSettings {
  readonly maxPixels: number;
  readonly maxBytes: number;
  /** Where a picture decoded whole is remembered; undefined: each is decoded at every load. */
  readonly cacheDir?: string;
}

export const DEFAULT_PICTURE_SETTINGS: PictureSettings = Object.freeze({ maxPixels: DEFAULT_MAX_MEGAPIXELS * 1_000_000, maxBytes: DEFAULT_MAX_MB * 1024 * 1024, cacheDir: DEFAULT_IMAGE_CACHE_DIR });

/**
 * The files the content refers to (images, icons), read once each and served
 * under /media/<hash>/<file>: the URL changes with the bytes, so it may be
 * cached forever. A missing or unreadable file, or one larger than the
 * settings allow, is a problem of the record that names it, at its field; a
 * raster picture that does not decode whole is a problem of its own file.
 *
 * A raster picture is served made again from its bytes, without their
 * metadata, and an image (a file with alt text) in other widths and formats
 * and as a share card, each file under the picture's hash
 * (src/media/variants.ts): which files there are is decided here, from the
 * picture's header; src/media/pictures.ts makes them.
 */
export class MediaLibrary {
  readonly files = new Map<string, MediaBytes>();
  /** The pictures bodies show, by the URL they are given there (see Catalog). */
  readonly bodyPictures = new Map<string, BodyPicture>();
  readonly #byFile = new Map<string, MediaFound | MediaProblem>();
  /** Each image's variants and card, made once per file however many records show it. */
  readonly #madeFor = new Map<string, Pick<Image, 'variants' | 'card'>>();

  constructor(
    private readonly folder: ContentFolder,
    private readonly base: string,
    private readonly settings: PictureSettings,
  ) {}

  /** The file `file` names, or undefined (reported at `field` of `record`). */
  file(file: string, record: string, field: string): MediaFile | undefined {
    const found = this.#find(file);
    if ('problem' in found) {
      this.folder.report(record, field, found.problem);
      return undefined;
    }
    return found.media;
  }

  /**
   * The URL a markdown body gives the file: the same as `file`'s, its path
   * percent-encoded so it is a valid destination. Or what keeps it from being
   * served, for the body's line to report.
   */
  linkTo(file: string, use: Use): { readonly url: string } | { readonly problem: string } {
    const found = this.#find(file);
    if ('problem' in found) return { problem: found.missing ? `${file} is not in the content folder` : found.problem };
    const url = this.base + paths.media(found.hash, encodeFilePath(file));
    if (use === 'image' && !this.bodyPictures.has(url)) this.bodyPictures.set(url, { ...found.media, ...this.#made(file, found) });
    return { url };
  }

  #made(file: string, found: MediaFound): Pick<Image, 'variants' | 'card'> {
    let made = this.#madeFor.get(file);
    if (!made) {
      made = this.#variantsOf(file, found);
      this.#madeFor.set(file, made);
    }
    return made;
  }

  /** Each file is read once, however many records and bodies name it. */
  #find(file: string): MediaFound | MediaProblem {
    let found = this.#byFile.get(file);
    if (found === undefined) {
      found = this.#read(file);
      this.#byFile.set(file, found);
    }
    return found;
  }

  image(ref: z.output<typeof imageRef>, record: string, field: string): Image | undefined {
    const media = this.file(ref.file, record, `${field}.file`);
    if (!media) return undefined;
    return { ...media, alt: ref.alt, ...this.#made(ref.file, this.#find(ref.file) as MediaFound) };
  }

  /**
   * Decodes every raster picture read, a few at a time, each one whole (a
   * picture known whole from an earlier load is not decoded again); one that
   * does not decode is a problem of its file.
   */
  async decodeAll(): Promise<void> {
    const pictures = [...this.#byFile].flatMap(([file, found]) => ('problem' in found || found.media.media_type === 'image/svg+xml' || found.media.media_type === 'image/x-icon' ? [] : [[file, found] as const]));
    await eachAtOnce(pictures, DECODING_AT_ONCE, async ([file, found]) => {
      const problem = await decodeProblem(found.bytes, found.digest, { maxPixels: this.settings.maxPixels, ...(this.settings.cacheDir === undefined ? {} : { cacheDir: this.settings.cacheDir }) });
      if (problem !== undefined) this.folder.report(file, undefined, problem);
    });
  }

  /** The file's facts, or what is wrong with it. */
  #read(file: string): MediaFound | MediaProblem {
    const read = this.folder.readBytesNow(file, this.settings.maxBytes);
    if (typeof read === 'string') return { problem: `${file} ${read}`, missing: read === MISSING };
    const { bytes, digest } = read;
    const facts = imageFacts(bytes, path.extname(file).slice(1));
    if (typeof facts === 'string') return { problem: `${file} ${facts}`, missing: false };
    const pixels = facts.width * facts.height;
    if (facts.media_type !== 'image/svg+xml' && pixels > this.settings.maxPixels) {
      return {
        problem: `${file} is ${facts.width}x${facts.height}, ${megapixels(pixels)} megapixels, more than IMAGE_MAX_MEGAPIXELS allows (${megapixels(this.settings.maxPixels)})`,
        missing: false,
      };
    }
    const hash = digest.slice(0, 12);
    const served = paths.media(hash, file);
    const original = cleanedOriginal(facts);
    this.files.set(mediaKey(served), { media_type: facts.media_type, bytes, ...(original ? { made: { digest, rendition: original } } : {}) });
    return { media: { url: this.base + served, media_type: facts.media_type, width: facts.width, height: facts.height }, hash, digest, bytes, facts };
  }

  /** An image's widths in each format and its share card, each a file under the picture's hash. */
  #variantsOf(file: string, found: MediaFound): Pick<Image, 'variants' | 'card'> {
    const served = (rendition: Rendition): ImageVariant | undefined => {
      const url = paths.mediaVariant(found.hash, file, rendition.name);
      const key = mediaKey(url);
      // A file of the content served at that very path (a copy of the picture named like one of its variants) keeps it.
      const taken = this.files.get(key);
      if (taken && taken.made?.rendition.name !== rendition.name) return undefined;
      this.files.set(key, { media_type: MEDIA_TYPES[rendition.format], bytes: found.bytes, made: { digest: found.digest, rendition } });
      return { url: this.base + url, media_type: MEDIA_TYPES[rendition.format], width: rendition.width, height: rendition.height };
    };
    const variants = variantRenditions(found.facts).flatMap((rendition) => served(rendition) ?? []);
    const cardRendition = shareCardRendition(found.facts);
    const card = cardRendition && served(cardRendition);
    return { variants, ...(card ? { card } : {}) };
  }
}

/** Pictures decoded at once when the content is loaded: each takes one of libuv's four threads. */
const DECODING_AT_ONCE = 4;

/** A media path's key in the Catalog's `media`: what follows `/media/`. */
function mediaKey(servedPath: string): string {
  return servedPath.slice(servedPath.indexOf('/', 1) + 1);
}

const megapixels = (pixels: number) => (pixels / 1_000_000).toFixed(1).replace(/\.0$/, '');

/** A file of the media library, what its URL is under, and what it was read as. */
interface MediaFound {
  readonly media: MediaFile;
  /** The start of `digest`, which its URL is under. */
  readonly hash: string;
  /** SHA-256 of its bytes (hex), which the files made from it are kept under. */
  readonly digest: string;
  readonly bytes: Buffer;
  readonly facts: PictureFacts;
}

/** Why a file cannot be served; `missing` when there is no such file. */
interface MediaProblem {
  readonly problem: string;
  readonly missing: boolean;
}

/** A record's `image`, resolved: `{}` when it has none (or it is broken, which is reported). */
export function imageOf(media: MediaLibrary, ref: z.output<typeof imageRef> | undefined, file: string): { image?: Image } {
  const image = ref && media.image(ref, file, 'image');
  return image ? { image } : {};
}
