/**
 * Bytes in an uploaded picture that are not the picture (docs/security.md): what a polyglot hides
 * its second file in. Refused: anything after a PNG's IEND chunk or after a JPEG's last EOI (a
 * JPEG may be followed only by further whole JPEGs: the gain map or preview of a phone's HDR
 * photo, CIPA MPF), a JPEG comment segment (COM), anything after a GIF's trailer and a GIF comment
 * extension, anything after the end of a WebP's RIFF chunk. PNG text chunks (tEXt, zTXt, iTXt: a screenshot's XMP) and JPEG APPn segments (EXIF, XMP) are
 * not refused: every upload is decoded and encoded again without them, so none is ever served.
 */
export type PictureExtra =
  /** A JPEG comment segment. */
  | 'comment'
  /** Bytes after the picture's end. */
  | 'trailing'
  /** The structure cannot be walked to its end: a truncated or corrupt file. */
  | 'broken';

const readU16 = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const readU32 = (bytes: Uint8Array, at: number) => readU16(bytes, at) * 0x10000 + readU16(bytes, at + 2);

const JPEG = { SOI: 0xd8, EOI: 0xd9, SOS: 0xda, COM: 0xfe, TEM: 0x01 } as const;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/** Where the entropy-coded data that starts at `at` ends: the next marker that is not a restart. */
const endOfScan = (bytes: Uint8Array, at: number): number => {
  let i = at;
  while (i + 1 < bytes.length) {
    if (bytes[i] !== 0xff) {
      i += 1;
      continue;
    }
    const next = bytes[i + 1] ?? 0;
    // FF00 is a stuffed FF byte, FFD0–FFD7 a restart marker, FFFF a fill byte before a marker.
    if (next === 0x00 || isRestart(next) || next === 0xff) i += next === 0xff ? 1 : 2;
    else return i;
  }
  return -1;
};

/** One JPEG from its SOI at `start`: where it ends (after its EOI), or what is wrong inside it. */
const walkJpeg = (bytes: Uint8Array, start: number): number | PictureExtra => {
  if (bytes[start] !== 0xff || bytes[start + 1] !== JPEG.SOI) return 'broken';
  let i = start + 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) return 'broken';
    // Fill bytes may come before any marker.
    while (bytes[i + 1] === 0xff) i += 1;
    const marker = bytes[i + 1];
    if (marker === undefined) return 'broken';
    i += 2;
    if (marker === JPEG.EOI) return i;
    if (marker === JPEG.TEM || isRestart(marker)) continue;
    if (marker === JPEG.COM) return 'comment';
    const length = readU16(bytes, i);
    if (length < 2 || i + length > bytes.length) return 'broken';
    i += length;
    if (marker === JPEG.SOS) {
      const end = endOfScan(bytes, i);
      if (end < 0) return 'broken';
      i = end;
    }
  }
  return 'broken';
};

const jpegExtras = (bytes: Uint8Array): PictureExtra | null => {
  let at = 0;
  do {
    const end = walkJpeg(bytes, at);
    if (typeof end !== 'number') return at === 0 || end !== 'broken' ? end : 'trailing';
    at = end;
  } while (at < bytes.length);
  return null;
};

const PNG_SIGNATURE_BYTES = 8;
const IEND = 0x49454e44;

const pngExtras = (bytes: Uint8Array): PictureExtra | null => {
  let i = PNG_SIGNATURE_BYTES;
  while (i + 12 <= bytes.length) {
    const length = readU32(bytes, i);
    const type = readU32(bytes, i + 4);
    // Length, type, data and CRC.
    const end = i + 12 + length;
    if (end > bytes.length) return 'broken';
    if (type === IEND) return end === bytes.length ? null : 'trailing';
    i = end;
  }
  return 'broken';
};

const readU32LE = (bytes: Uint8Array, at: number) =>
  ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16)) +
  (bytes[at + 3] ?? 0) * 0x1000000;

/** RIFF: 'RIFF', the size of what follows, 'WEBP', then chunks (fourcc, size, data padded to even). */
const webpExtras = (bytes: Uint8Array): PictureExtra | null => {
  const end = 8 + readU32LE(bytes, 4);
  if (end > bytes.length) return 'broken';
  let i = 12;
  while (i < end) {
    const size = readU32LE(bytes, i + 4);
    i += 8 + size + (size % 2);
  }
  // No chunk at all, or one that runs past the RIFF's end.
  if (i === 12 || i > end) return 'broken';
  return end === bytes.length ? null : 'trailing';
};

const GIF = { HEADER_BYTES: 13, IMAGE: 0x2c, EXTENSION: 0x21, COMMENT: 0xfe, TRAILER: 0x3b } as const;

/** Where the data sub-blocks that start at `at` end (after their empty block), or -1. */
const endOfSubBlocks = (bytes: Uint8Array, at: number): number => {
  let i = at;
  while (i < bytes.length) {
    const size = bytes[i] ?? 0;
    i += 1 + size;
    if (size === 0) return i;
  }
  return -1;
};

/** A colour table's bytes from a packed field: present when its top bit is set, 3 × 2^(n+1). */
const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

const gifExtras = (bytes: Uint8Array): PictureExtra | null => {
  let i = GIF.HEADER_BYTES + colourTableBytes(bytes[10] ?? 0);
  while (i < bytes.length) {
    const block = bytes[i];
    if (block === GIF.TRAILER) return i + 1 === bytes.length ? null : 'trailing';
    if (block === GIF.EXTENSION) {
      if (bytes[i + 1] === GIF.COMMENT) return 'comment';
      i = endOfSubBlocks(bytes, i + 2);
    } else if (block === GIF.IMAGE) {
      // The descriptor (10 bytes), its colour table, the LZW code size, then the image's data.
      i = endOfSubBlocks(bytes, i + 10 + colourTableBytes(bytes[i + 9] ?? 0) + 1);
    } else return 'broken';
    if (i < 0) return 'broken';
  }
  return 'broken';
};

const EXTRAS_OF = { jpeg: jpegExtras, png: pngExtras, gif: gifExtras, webp: webpExtras } as const;

/** What in `bytes` (whose first bytes showed `format`) is not the picture, or null when nothing is. */
export const pictureExtras = (
  bytes: Uint8Array,
  format: 'jpeg' | 'png' | 'gif' | 'webp',
): PictureExtra | null => EXTRAS_OF[format](bytes);
