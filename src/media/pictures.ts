import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { default as sharpFunction, Sharp } from 'sharp';
import type { MadeMedia, MediaBytes, PictureFormat, Rendition } from './variants.js';
import { eachAtOnce } from '../util/at-once.js';

/**
 * The files made from the content's pictures (src/media/variants.ts says
 * which), by sharp (libvips), each once per picture: kept on disk under the
 * picture's SHA-256, so a restart, a reload that keeps the picture, a second
 * instance sharing the folder and `vitrine export` find them made. Nothing
 * is made that the content does not name: a width or a format a page does
 * not offer has no file and no URL.
 */

/** Where the files are kept when IMAGE_CACHE_DIR is not set. */
export const DEFAULT_IMAGE_CACHE_DIR = path.join(os.tmpdir(), 'vitrine-images');

/** The largest picture the content may hold unless IMAGE_MAX_MEGAPIXELS and IMAGE_MAX_MB say otherwise: a 40-megapixel camera's, and then some. */
export const DEFAULT_MAX_MEGAPIXELS = 40;
export const DEFAULT_MAX_MB = 30;

/** Named in the cache's paths, and changed whenever an encoder's settings change, so a file made with older settings is never served for newer ones. */
const CACHE_LAYOUT = 'v1';

/** The empty file that says a picture was decoded whole once (its bytes cannot change under its hash). */
const DECODED = 'decoded';

/**
 * Each format's encoder settings. AVIF at effort 4 (of 0-9) is sharp's
 * default trade between time and size; 4:2:0 halves the colour planes as
 * JPEG does, which photographs never show. JPEGs are mozjpeg's (smaller at
 * the same quality, progressive). PNGs stay lossless.
 */
const ENCODERS: Readonly<Record<PictureFormat, (pipeline: Sharp) => Sharp>> = {
  avif: (pipeline) => pipeline.avif({ quality: 50, effort: 4, chromaSubsampling: '4:2:0' }),
  webp: (pipeline) => pipeline.webp({ quality: 75, effort: 4 }),
  jpeg: (pipeline) => pipeline.jpeg({ quality: 80, mozjpeg: true }),
  png: (pipeline) => pipeline.png({ compressionLevel: 9, adaptiveFiltering: true }),
};

type SharpLibrary = typeof sharpFunction;

let loading: Promise<SharpLibrary> | undefined;

/**
 * sharp, loaded by the first picture that needs it: a start whose pictures
 * are all made and known whole never loads libvips. One thread per picture
 * (the parallelism is the number of pictures made at once) and no
 * operation cache: nothing is made twice.
 */
function sharpLibrary(): Promise<SharpLibrary> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

export interface DecodeOptions {
  /** The most pixels a picture may have (IMAGE_MAX_MEGAPIXELS): libvips refuses to decode more. */
  readonly maxPixels: number;
  /** Where to remember that a picture decoded whole (IMAGE_CACHE_DIR); undefined: decode it every time. */
  readonly cacheDir?: string;
}

/**
 * Why a raster picture cannot be shown, or undefined: every byte of it is
 * decoded (at a small size: a JPEG is read at an eighth of its size, which
 * still reads every block), and a file cut short or damaged is an error,
 * not a grey band. `digest` is its SHA-256 (hex); a picture once decoded is
 * remembered under it in `cacheDir`.
 */
export async function decodeProblem(bytes: Buffer, digest: string, options: DecodeOptions): Promise<string | undefined> {
  const memo = options.cacheDir === undefined ? undefined : path.join(options.cacheDir, CACHE_LAYOUT, digest, DECODED);
  if (memo !== undefined && (await exists(memo))) return undefined;
  const sharp = await sharpLibrary();
  try {
    await sharp(bytes, { failOn: 'error', limitInputPixels: options.maxPixels, animated: true }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  } catch (error) {
    return `cannot be decoded (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
  if (memo !== undefined) await keep(memo, Buffer.alloc(0)).catch(() => undefined);
  return undefined;
}

/** What pictures are made from: the files a Catalog serves, by their path below /media. */
export interface PictureSource {
  readonly media: ReadonlyMap<string, MediaBytes>;
}

/** A file the Catalog serves that is made from a picture. */
export type MadeFile = MediaBytes & { readonly made: MadeMedia };

export interface MakeAllOptions {
  /** Files made at once (one keeps a core free for requests). */
  readonly parallel?: number;
  /** Awaited between two files, so requests are answered in between. */
  readonly pause?: () => Promise<void> | undefined;
  /** Asked before each file: false stops (the Catalog was replaced). */
  readonly while?: () => boolean;
}

/** The files of a Catalog made from pictures, each once. */
export function madeFiles(catalog: PictureSource): MadeFile[] {
  const seen = new Set<string>();
  const files: MadeFile[] = [];
  for (const media of catalog.media.values()) {
    if (!media.made) continue;
    const key = `${media.made.digest}/${media.made.rendition.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    files.push(media as MadeFile);
  }
  return files;
}

/**
 * Makes the files of pictures and keeps them in `dir` (IMAGE_CACHE_DIR):
 * `<dir>/v1/<sha-256>/<rendition>` (`640w.avif`). A file is written under a
 * temporary name and renamed, so a reader (another instance) never sees
 * half of one.
 */
export class PictureMaker {
  readonly #dir: string;
  /** The files being made, so two requests for one share the work. */
  readonly #making = new Map<string, Promise<Buffer>>();
  readonly #onKeepError: (error: unknown, file: string) => void;

  constructor(dir: string, onKeepError: (error: unknown, file: string) => void = () => undefined) {
    this.#dir = path.join(dir, CACHE_LAYOUT);
    this.#onKeepError = onKeepError;
  }

  /** The bytes of a file made from a picture: those kept, else made now (once, however many ask) and kept. */
  async bytes(media: MadeFile): Promise<Buffer> {
    const file = this.#fileOf(media.made);
    try {
      return await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return this.#make(file, media);
  }

  /**
   * Makes each file of `catalog` not kept yet, `parallel` at a time; answers
   * how many were made and how many were found kept. A file that fails is
   * left to the request that asks for it (which answers the error).
   */
  async makeAll(catalog: PictureSource, options: MakeAllOptions = {}): Promise<{ made: number; kept: number; failed: number }> {
    const queue = madeFiles(catalog);
    const counts = { made: 0, kept: 0, failed: 0 };
    function* wanted(): Generator<MadeFile> {
      for (let media = queue.shift(); media && (options.while?.() ?? true); media = queue.shift()) yield media;
    }
    await eachAtOnce(wanted(), options.parallel ?? 1, async (media) => {
      const file = this.#fileOf(media.made);
      if (await exists(file)) counts.kept += 1;
      else {
        try {
          await this.#make(file, media);
          counts.made += 1;
        } catch {
          counts.failed += 1;
        }
      }
      await options.pause?.();
    });
    return counts;
  }

  #fileOf(made: MadeMedia): string {
    return path.join(this.#dir, made.digest, made.rendition.name);
  }

  #make(file: string, media: MadeFile): Promise<Buffer> {
    let making = this.#making.get(file);
    if (!making) {
      making = render(media.bytes, media.made.rendition)
        .then(async (bytes) => {
          // A cache that cannot be written costs time (the file is made again next time), never the answer.
          await keep(file, bytes).catch((error: unknown) => this.#onKeepError(error, file));
          return bytes;
        })
        .finally(() => this.#making.delete(file));
      this.#making.set(file, making);
    }
    return making;
  }
}

/**
 * One rendition of a picture: EXIF orientation applied (`rotate()` with no
 * angle), scaled or cut, in sRGB, encoded. sharp writes no metadata unless
 * told to keep it (`keepExif`, `withMetadata`), so no EXIF, XMP or GPS
 * position leaves with the file.
 */
async function render(source: Buffer, rendition: Rendition): Promise<Buffer> {
  const sharp = await sharpLibrary();
  let pipeline = sharp(source, { failOn: 'error', limitInputPixels: false, ...(rendition.animated ? { animated: true } : {}) }).rotate();
  if (rendition.fit === 'cover') pipeline = pipeline.resize(rendition.width, rendition.height, { fit: 'cover' });
  else if (!rendition.animated) pipeline = pipeline.resize(rendition.width, rendition.height, { fit: 'fill' });
  return ENCODERS[rendition.format](pipeline.toColourspace('srgb')).toBuffer();
}

/** Writes `bytes` to `file` whole or not at all: under a temporary name, then renamed. */
async function keep(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Why `dir` cannot hold the made pictures (it cannot be created or written), or undefined. */
export async function cacheDirProblem(dir: string): Promise<string | undefined> {
  const probe = path.join(dir, `.vitrine-write-test-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, '');
    await rm(probe, { force: true });
    return undefined;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return `cannot be written (${code}): ${dir}`;
    if (code === 'ENOTDIR' || code === 'EEXIST') return `is not a folder: ${dir}`;
    return `cannot be used: ${message}`;
  }
}
