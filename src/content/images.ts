/**
 * The intrinsic size and media type of an image file, read from its own
 * header, so the content gives only a file and its alt text and every page
 * can reserve the image's box before it loads (no layout shift).
 */

export interface ImageFacts {
  readonly media_type: string;
  readonly width: number;
  readonly height: number;
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
  return { media_type, ...size };
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
