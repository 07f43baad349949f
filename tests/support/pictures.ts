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

/**
 * A real picture (a red 40x30 image) of `format`, as a camera or an editor would write it: with
 * `exif`, the JPEG carries that EXIF (GPS location and all). With `size`, zeros follow the
 * picture's end up to `size` bytes, as files that carry more than their picture do.
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
  const padded = new Uint8Array(size);
  padded.set(bytes.subarray(0, size));
  return padded;
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
