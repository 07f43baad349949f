import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export type PictureFormat = 'png' | 'gif' | 'jpeg';

/** Where the test JPEG says it was taken: Shanghai, in its EXIF GPS block. */
export const GPS_EXIF = {
  IFD0: { Make: 'TempleTestCam', Model: 'GPS-1' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '31/1 14/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '121/1 28/1 0/1',
  },
};

/** A PNG chunk: length, type, data and the CRC of type and data. */
export const pngChunk = (type: string, data: Uint8Array): Uint8Array => {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const chunk = Buffer.alloc(12 + data.byteLength);
  chunk.writeUInt32BE(data.byteLength, 0);
  chunk.set(typed, 4);
  chunk.writeUInt32BE(crc32(typed), 8 + data.byteLength);
  return chunk;
};

/** A JPEG segment: its marker and its length (which counts itself), then `data`. */
export const jpegSegment = (marker: number, data: Uint8Array): Uint8Array => {
  const segment = Buffer.alloc(4 + data.byteLength);
  segment.set([0xff, marker]);
  segment.writeUInt16BE(data.byteLength + 2, 2);
  segment.set(data, 4);
  return segment;
};

/** `bytes` with `inserted` put in at `at`. */
export const insertAt = (bytes: Uint8Array, at: number, ...inserted: Uint8Array[]) =>
  new Uint8Array(Buffer.concat([bytes.subarray(0, at), ...inserted, bytes.subarray(at)]));

/** The most a JPEG segment's data can hold. */
const SEGMENT_DATA_MAX = 0xffff - 2;

/**
 * `extra` bytes of zeros inside the picture, where a decoder passes over them: a JPEG's APP15
 * segments after its SOI, a PNG's private ancillary chunk before its IEND.
 */
const padded = (format: 'png' | 'jpeg', bytes: Uint8Array, extra: number): Uint8Array => {
  if (format === 'png') {
    if (extra < 12) throw new Error(`picture: a PNG cannot grow by ${extra} bytes (a chunk is 12 at least)`);
    return insertAt(bytes, bytes.byteLength - 12, pngChunk('zpAd', new Uint8Array(extra - 12)));
  }
  const segments: Uint8Array[] = [];
  let left = extra;
  while (left > 0) {
    let size = Math.min(left, SEGMENT_DATA_MAX + 4);
    // Never leave fewer bytes than a segment takes.
    if (left - size > 0 && left - size < 4) size -= 4;
    if (size < 4) throw new Error(`picture: a JPEG cannot grow by ${extra} bytes (a segment is 4 at least)`);
    segments.push(jpegSegment(0xef, new Uint8Array(size - 4)));
    left -= size;
  }
  return insertAt(bytes, 2, ...segments);
};

/**
 * A real picture (a red 40x30 image) of `format`, as a camera or an editor would write it: with
 * `exif`, the JPEG carries that EXIF (GPS location and all). With `size` (a JPEG or a PNG), it
 * weighs `size` bytes: zeros inside it (`padded`) that a decoder passes over, as a camera's
 * preview and maker notes are; a `size` smaller than the picture cuts it short (truncated).
 */
export const picture = async (
  format: PictureFormat,
  { size, exif, gif87 }: { size?: number; exif?: typeof GPS_EXIF; gif87?: boolean } = {},
): Promise<Uint8Array<ArrayBuffer>> => {
  const image = sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } },
  });
  const encoded = format === 'png' ? image.png() : format === 'gif' ? image.gif() : image.jpeg();
  const bytes = new Uint8Array(await (exif ? encoded.withExif(exif) : encoded).toBuffer());
  // GIF87a and GIF89a differ in their 5th byte; a picture with no extension is both.
  if (gif87) bytes[4] = 0x37;
  if (size === undefined) return bytes;
  if (size <= bytes.byteLength) return bytes.slice(0, size);
  if (format === 'gif') throw new Error('picture: only a JPEG or a PNG can be given a size');
  return new Uint8Array(padded(format, bytes, size - bytes.byteLength));
};

/** What a stored picture is: its format, size and whether it still carries EXIF, XMP or a comment. */
export const pictureFacts = async (bytes: Uint8Array) => {
  const meta = await sharp(bytes).metadata();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    metadata: Boolean(meta.exif ?? meta.xmp ?? meta.iptc ?? meta.comments?.length),
  };
};
