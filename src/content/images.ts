/**
 * The intrinsic size and media type of an image file, read from its own
 * header, so the content gives only a file and its alt text and every page
 * can reserve the image's box before it loads (no layout shift).
 */

export interface ImageFacts {
  readonly media_type: string;
  /** As the picture is shown: a photograph an EXIF orientation turns a quarter is as wide as its file is high. */
  readonly width: number;
  readonly height: number;
  /** A WebP of several frames. */
  readonly animated?: boolean;
}

/** The media type of each extension a content image may have. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

/** The image's facts, or a sentence saying why they cannot be read. */
export function imageFacts(bytes: Buffer, extension: string): ImageFacts | string {
  const media_type = IMAGE_TYPES[extension.toLowerCase()];
  if (!media_type) return `must be one of ${[...new Set(Object.keys(IMAGE_TYPES))].join(', ')} (the file's extension says what it is)`;
  const size = SIZE_READERS[media_type]!(bytes);
  if (!size) return `is not a readable ${extension.toLowerCase()} image`;
  if (size.width < 1 || size.height < 1) return 'has no width or height';
  const exif = EXIF_READERS[media_type]?.(bytes);
  // EXIF orientations 5 to 8 turn the picture a quarter (CIPA DC-008, tag 0x0112).
  const turned = exif !== undefined && (exifOrientation(exif) ?? 1) >= 5;
  return {
    media_type,
    ...(turned ? { width: size.height, height: size.width } : size),
    ...(media_type === 'image/webp' && webpAnimated(bytes) ? { animated: true } : {}),
  };
}

type Size = { width: number; height: number } | undefined;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const SIZE_READERS: Readonly<Record<string, (bytes: Buffer) => Size>> = {
  // PNG: the IHDR chunk comes first (PNG specification, section 11.2.2).
  'image/png': (b) => (b.length >= 24 && b.subarray(0, 8).equals(PNG_SIGNATURE) ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : undefined),
  'image/gif': (b) => (b.length >= 10 && b.toString('latin1', 0, 3) === 'GIF' ? { width: b.readUInt16LE(6), height: b.readUInt16LE(8) } : undefined),
  'image/jpeg': jpegSize,
  'image/webp': webpSize,
  'image/svg+xml': svgSize,
  // ICO: the largest of its images (a 0 in the directory means 256).
  'image/x-icon': (b) => {
    if (b.length < 6 || b.readUInt16LE(0) !== 0 || b.readUInt16LE(2) !== 1) return undefined;
    const count = b.readUInt16LE(4);
    let largest: Size;
    for (let i = 0; i < count && 6 + 16 * (i + 1) <= b.length; i++) {
      const width = b[6 + 16 * i] || 256;
      const height = b[7 + 16 * i] || 256;
      if (!largest || width > largest.width) largest = { width, height };
    }
    return largest;
  },
};

/** JPEG: the first start-of-frame segment holds the size. */
function jpegSize(b: Buffer): Size {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    const length = b.readUInt16BE(at + 2);
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** WebP: the size is in the first chunk, whose layout depends on its kind (lossy, lossless, extended). */
function webpSize(b: Buffer): Size {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return undefined;
}

/** SVG: the root element's width and height in pixels, else its viewBox. */
function svgSize(b: Buffer): Size {
  const root = /<svg\b[^>]*>/i.exec(b.toString('utf8', 0, Math.min(b.length, 4096)))?.[0];
  if (!root) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const pixels = (value: string | undefined) => (value !== undefined && /^\s*\d+(\.\d+)?\s*(px)?\s*$/.test(value) ? Math.round(parseFloat(value)) : undefined);
  const width = pixels(attribute('width'));
  const height = pixels(attribute('height'));
  if (width && height) return { width, height };
  const box = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (box?.length === 4 && box.every(Number.isFinite)) return { width: Math.round(box[2]!), height: Math.round(box[3]!) };
  return undefined;
}

// ------------------------------------------------------------------ EXIF

/** Where each format keeps its EXIF block (a TIFF structure), when it has one. */
const EXIF_READERS: Readonly<Record<string, (bytes: Buffer) => Buffer | undefined>> = {
  'image/jpeg': jpegExif,
  'image/png': pngExif,
  'image/webp': webpExif,
};

/** JPEG: an APP1 segment that starts with `Exif\0\0`, before the image data. */
function jpegExif(b: Buffer): Buffer | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 4 <= b.length && b[at] === 0xff) {
    const marker = b[at + 1]!;
    // Start of scan, or a frame header: the metadata segments are behind.
    if (marker === 0xda || (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)) return undefined;
    const length = b.readUInt16BE(at + 2);
    if (marker === 0xe1 && b.toString('latin1', at + 4, at + 10) === 'Exif\0\0') return b.subarray(at + 10, Math.min(b.length, at + 2 + length));
    at += 2 + length;
  }
  return undefined;
}

/** PNG: the eXIf chunk (PNG specification, third edition, 11.3.3.6), before the image data. */
function pngExif(b: Buffer): Buffer | undefined {
  if (b.length < 8 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  let at = 8;
  while (at + 8 <= b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    if (type === 'eXIf') return b.subarray(at + 8, Math.min(b.length, at + 8 + length));
    if (type === 'IDAT' || type === 'IEND') return undefined;
    at += 12 + length;
  }
  return undefined;
}

/** WebP: the EXIF chunk of the extended format (RIFF chunks after VP8X). */
function webpExif(b: Buffer): Buffer | undefined {
  if (b.length < 30 || b.toString('latin1', 12, 16) !== 'VP8X' || (b[20]! & 0x08) === 0) return undefined;
  let at = 12;
  while (at + 8 <= b.length) {
    const size = b.readUInt32LE(at + 4);
    if (b.toString('latin1', at, at + 4) === 'EXIF') {
      const data = b.subarray(at + 8, Math.min(b.length, at + 8 + size));
      // Some writers keep JPEG's `Exif\0\0` in front of the TIFF structure.
      return data.toString('latin1', 0, 6) === 'Exif\0\0' ? data.subarray(6) : data;
    }
    at += 8 + size + (size % 2);
  }
  return undefined;
}

/** A WebP whose VP8X header says it is animated. */
function webpAnimated(b: Buffer): boolean {
  return b.length >= 21 && b.toString('latin1', 12, 16) === 'VP8X' && (b[20]! & 0x02) !== 0;
}

/** The Orientation (tag 0x0112) of the first IFD of a TIFF structure, 1 to 8; undefined when it has none. */
export function exifOrientation(tiff: Buffer): number | undefined {
  if (tiff.length < 8) return undefined;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + 12 * i;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}
