import { crc32 } from 'node:zlib';
import { insertAt, jpegSegment } from './pictures';

/**
 * Polyglots: a real picture that is also another file, as an attacker makes them to have a page
 * of ours (or a browser sniffing it) run what the picture hides. Each takes the picture's bytes.
 */

/** What the polyglots hide: a page that runs a script. */
export const HIDDEN_HTML = '<html><body><script>alert(document.cookie)</script></body></html>';
const html = () => Buffer.from(HIDDEN_HTML, 'utf8');

/** A ZIP archive of one stored (uncompressed) file: local header, data, central directory, end. */
export const zipOf = (name: string, content: Uint8Array): Uint8Array => {
  const fileName = Buffer.from(name, 'utf8');
  const checksum = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(checksum, 14);
  local.writeUInt32LE(content.byteLength, 18);
  local.writeUInt32LE(content.byteLength, 22);
  local.writeUInt16LE(fileName.byteLength, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(checksum, 16);
  central.writeUInt32LE(content.byteLength, 20);
  central.writeUInt32LE(content.byteLength, 24);
  central.writeUInt16LE(fileName.byteLength, 28);
  const directoryAt = local.byteLength + fileName.byteLength + content.byteLength;
  const directoryBytes = central.byteLength + fileName.byteLength;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directoryBytes, 12);
  end.writeUInt32LE(directoryAt, 16);
  return new Uint8Array(Buffer.concat([local, fileName, content, central, fileName, end]));
};

/** The picture, then a page after its end (JPEG EOI, PNG IEND, GIF trailer, WebP's RIFF chunk). */
export const htmlAfterEnd = (picture: Uint8Array) => new Uint8Array(Buffer.concat([picture, html()]));

/** The picture, then a ZIP archive holding the page: a picture that unzips. */
export const zipAppended = (picture: Uint8Array) =>
  new Uint8Array(Buffer.concat([picture, zipOf('index.html', html())]));

/** A JPEG with the page in a comment segment (COM) right after its SOI. */
export const jpegWithHtmlComment = (jpeg: Uint8Array) => insertAt(jpeg, 2, jpegSegment(0xfe, html()));

/** A GIF with the page in a comment extension, after its header and global colour table. */
export const gifWithHtmlComment = (gif: Uint8Array) => {
  const packed = gif[10] ?? 0;
  const colourTable = packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
  const text = html();
  const extension = Buffer.concat([Buffer.from([0x21, 0xfe, text.byteLength]), text, Buffer.from([0])]);
  return insertAt(gif, 13 + colourTable, extension);
};
