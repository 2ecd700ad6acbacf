/**
 * Which files a picture of the content is served as: decided from its facts
 * alone (type and size), when the content is loaded, so every page, record
 * and export names the same files before one of them is made. The files are
 * made by src/media/pictures.ts, each once, and kept on disk.
 *
 * A raster picture (PNG, JPEG, WebP) is served
 * - as itself, at its full size, in its own format, but re-encoded: EXIF
 *   orientation applied, in sRGB, with no metadata (a camera's GPS position,
 *   its serial number) left in it;
 * - in each width of VARIANT_WIDTHS narrower than itself, and at its own
 *   width when that is under the widest, in AVIF, WebP and its own format,
 *   for `<picture>` and `srcset` (HTML Living Standard, 4.8.4.2);
 * - cut to a share card (SHARE_CARD), what link previews show.
 * An SVG and a GIF are served as they are (neither carries EXIF), and so is
 * an animated WebP but for its metadata: its frames are kept, at its size.
 */

export type PictureFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** The formats of a picture's variants, the most compact first: the order `<source>` elements are tried in. */
export const MODERN_FORMATS: readonly PictureFormat[] = ['avif', 'webp'];

/**
 * The widths pictures are made in, in pixels, never wider than the picture.
 * Most boxes of the layout are a phone's width less its margins, 320 to 390
 * CSS pixels, at 1.75 to 3 device pixels per CSS pixel: 750 and 1080 are
 * there so a phone's choice is rarely more than a tenth wider than its box
 * (390 x 2 and x 3 ask for 700 and 1050). 1920 serves an article's column
 * (760 CSS pixels) on a dense screen.
 */
export const VARIANT_WIDTHS: readonly number[] = [320, 480, 640, 750, 960, 1080, 1280, 1920];

/** The picture link previews show (Open Graph's recommended 1.91:1, https://ogp.me/#structured). */
export const SHARE_CARD = { width: 1200, height: 630 } as const;

export const MEDIA_TYPES = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
} as const satisfies Record<PictureFormat, string>;

/** The media type of a variant. */
export type VariantMediaType = (typeof MEDIA_TYPES)[PictureFormat];

export const VARIANT_MEDIA_TYPES: readonly VariantMediaType[] = Object.values(MEDIA_TYPES);

const EXTENSIONS: Readonly<Record<PictureFormat, string>> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

/** The raster formats re-encoded (and made in widths); what is not here is served as it is. */
const FORMAT_OF_TYPE: Readonly<Record<string, PictureFormat>> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/** How one file is made from a picture's bytes. */
export interface Rendition {
  /** Its file name in the picture's folder of the cache, which says everything that makes it (`640w.avif`). */
  readonly name: string;
  readonly format: PictureFormat;
  readonly width: number;
  readonly height: number;
  /** `cover`: cut to exactly this size (the share card); `resize`: scaled, its proportions kept. */
  readonly fit: 'resize' | 'cover';
  /** Every frame kept (an animated WebP). */
  readonly animated?: boolean;
}

/** What the loader knows of a picture from its header. */
export interface PictureFacts {
  readonly media_type: string;
  /** As shown, EXIF orientation applied. */
  readonly width: number;
  readonly height: number;
  /** A WebP of several frames. */
  readonly animated?: boolean;
}

/** The picture itself, at its size and in its format, without its metadata; undefined when it is served as it is. */
export function cleanedOriginal(facts: PictureFacts): Rendition | undefined {
  const format = FORMAT_OF_TYPE[facts.media_type];
  if (!format) return undefined;
  return { name: `original.${EXTENSIONS[format]}`, format, width: facts.width, height: facts.height, fit: 'resize', ...(facts.animated ? { animated: true } : {}) };
}

/**
 * A width of the ladder this close to the picture's own (within 15 %) is left
 * out: the picture at its own width serves the same screens for a few more
 * bytes, and every variant is one more entry each record and srcset lists.
 */
const NEAR_OWN_WIDTH = 0.85;

/** The widths a picture is made in: each of VARIANT_WIDTHS well under its own, and its own when that is under the widest. */
export function variantWidths(width: number): number[] {
  const widest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const widths = VARIANT_WIDTHS.filter((candidate) => candidate < width && (width > widest || candidate <= width * NEAR_OWN_WIDTH));
  if (width <= widest) widths.push(width);
  return widths;
}

/** A picture's variants, narrowest first, each width in AVIF, WebP and its own format; none for a picture served as it is. */
export function variantRenditions(facts: PictureFacts): Rendition[] {
  const own = FORMAT_OF_TYPE[facts.media_type];
  if (!own || facts.animated) return [];
  const formats = [...new Set([...MODERN_FORMATS, own])];
  return variantWidths(facts.width).flatMap((width) => {
    const height = Math.max(1, Math.round((facts.height * width) / facts.width));
    return formats.map((format): Rendition => ({ name: `${width}w.${EXTENSIONS[format]}`, format, width, height, fit: 'resize' }));
  });
}

/**
 * The share card: SHARE_CARD's size cut from the middle of the picture, or
 * the largest 1.91:1 cut of a smaller one (never enlarged). A PNG stays a
 * PNG (drawings keep their sharp edges), anything else is a JPEG: the
 * formats every link preview reads.
 */
export function shareCardRendition(facts: PictureFacts): Rendition | undefined {
  const own = FORMAT_OF_TYPE[facts.media_type];
  if (!own || facts.animated) return undefined;
  const ratio = SHARE_CARD.width / SHARE_CARD.height;
  const scale = Math.min(1, facts.width / SHARE_CARD.width, facts.height / SHARE_CARD.height);
  const width = scale === 1 ? SHARE_CARD.width : Math.max(1, Math.floor(Math.min(facts.width, facts.height * ratio)));
  const height = scale === 1 ? SHARE_CARD.height : Math.max(1, Math.round(width / ratio));
  const format: PictureFormat = own === 'png' ? 'png' : 'jpeg';
  return { name: `card-${width}x${height}.${EXTENSIONS[format]}`, format, width, height, fit: 'cover' };
}

export interface MediaBytes {
  readonly media_type: string;
  /** The content file's own bytes. */
  readonly bytes: Buffer;
  /**
   * Set when what is served is made from `bytes` (the picture without its
   * metadata, a width, a format, its share card), by src/media; otherwise
   * `bytes` are served as they are.
   */
  readonly made?: MadeMedia;
}

/** A file made from a picture: what src/media makes, and the picture's SHA-256 (hex) its files are kept under. */
export interface MadeMedia {
  readonly digest: string;
  readonly rendition: Rendition;
}
