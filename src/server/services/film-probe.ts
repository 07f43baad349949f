import type { FileHandle } from 'node:fs/promises';

/**
 * What a film's bytes are, by its container and not by its name: WebM (an EBML header whose
 * DocType is `webm`, then a Segment holding a Tracks element with a video track) or MP4 (ISO base
 * media: an `ftyp` box first, then boxes that tile the file exactly, among them `moov` with a
 * `trak` and `mdat`). Anything else, a truncated file or a polyglot is refused by the caller.
 */
export type FilmFormat = 'webm' | 'mp4';

/** The format the first bytes claim (EBML magic 1A45DFA3, or `ftyp` at offset 4), or null. */
export const sniffFilm = (head: Uint8Array): FilmFormat | null => {
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (String.fromCharCode(...head.subarray(4, 8)) === 'ftyp') return 'mp4';
  return null;
};

const read = async (file: FileHandle, position: number, length: number): Promise<Uint8Array> => {
  const buffer = new Uint8Array(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
};

// ---- WebM (EBML) ----

interface Vint {
  value: number;
  length: number;
  unknown: boolean;
}

/** An EBML variable-length integer at `at`: an element's id (marker kept) or size (marker dropped). */
const vint = (bytes: Uint8Array, at: number, keepMarker: boolean): Vint | null => {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] ?? 0;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
};

interface Element {
  id: number;
  start: number;
  end: number;
}

/** The elements between `from` and `to`; an unknown size runs to `to`. Null when one is malformed. */
const children = (bytes: Uint8Array, from: number, to: number): Element[] | null => {
  const found: Element[] = [];
  let at = from;
  while (at < to) {
    const id = vint(bytes, at, true);
    if (!id) return null;
    const size = vint(bytes, at + id.length, false);
    if (!size) return null;
    const start = at + id.length + size.length;
    const end = size.unknown ? to : start + size.value;
    found.push({ id: id.value, start, end });
    if (end <= at) return null;
    at = end;
  }
  return found;
};

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
/** How far into a WebM the Tracks element may be looked for (after SeekHead and Info). */
const WEBM_HEAD = 256 * 1024;

const isWebm = async (file: FileHandle, size: number): Promise<boolean> => {
  const bytes = await read(file, 0, Math.min(size, WEBM_HEAD));
  const top = vint(bytes, 0, true);
  const headerSize = top && vint(bytes, top.length, false);
  if (!top || top.value !== EBML || !headerSize || headerSize.unknown) return false;
  const headerStart = top.length + headerSize.length;
  const headerEnd = headerStart + headerSize.value;
  const header = children(bytes, headerStart, headerEnd);
  const docType = header?.find((e) => e.id === DOC_TYPE);
  if (!docType || new TextDecoder().decode(bytes.subarray(docType.start, docType.end)) !== 'webm')
    return false;
  // The Segment: its declared size must fit the file (a truncated upload is refused).
  const segmentId = vint(bytes, headerEnd, true);
  const segmentSize = segmentId && vint(bytes, headerEnd + segmentId.length, false);
  if (!segmentId || segmentId.value !== SEGMENT || !segmentSize) return false;
  const segmentStart = headerEnd + segmentId.length + segmentSize.length;
  if (!segmentSize.unknown && segmentStart + segmentSize.value > size) return false;
  // Its first children, as far as we read, until Tracks: a video track (TrackType 1).
  let at = segmentStart;
  while (at < bytes.length) {
    const id = vint(bytes, at, true);
    const length = id && vint(bytes, at + id.length, false);
    if (!id || !length || length.unknown) return false;
    const start = at + id.length + length.length;
    const end = start + length.value;
    if (id.value === TRACKS) {
      if (end > bytes.length) return false;
      const entries = children(bytes, start, end)?.filter((e) => e.id === TRACK_ENTRY) ?? [];
      return entries.some((entry) =>
        children(bytes, entry.start, entry.end)?.some((e) => e.id === TRACK_TYPE && bytes[e.start] === 1),
      );
    }
    at = end;
  }
  return false;
};

// ---- MP4 (ISO base media file format) ----

interface Box {
  type: string;
  start: number;
  end: number;
}

/** The boxes between `from` and `to`, which must tile it exactly; null when they do not. */
const boxes = async (file: FileHandle, from: number, to: number): Promise<Box[] | null> => {
  const found: Box[] = [];
  let at = from;
  while (at < to) {
    const head = await read(file, at, 16);
    if (head.length < 8) return null;
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    let size = view.getUint32(0);
    let headerLength = 8;
    if (size === 1) {
      if (head.length < 16) return null;
      size = Number(view.getBigUint64(8));
      headerLength = 16;
    } else if (size === 0) size = to - at;
    const type = String.fromCharCode(...head.subarray(4, 8));
    if (size < headerLength || at + size > to || !/^[\x20-\x7e]{4}$/.test(type)) return null;
    found.push({ type, start: at + headerLength, end: at + size });
    at += size;
  }
  return found;
};

const isMp4 = async (file: FileHandle, size: number): Promise<boolean> => {
  const top = await boxes(file, 0, size);
  if (top?.[0]?.type !== 'ftyp' || !top.some((b) => b.type === 'mdat')) return false;
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) return false;
  const inMoov = await boxes(file, moov.start, moov.end);
  return inMoov?.some((b) => b.type === 'trak') ?? false;
};

/**
 * The film's format when its bytes are wholly a WebM or an MP4 film (see above), else null. Reads
 * the file in small pieces: never the whole film at once.
 */
export const probeFilm = async (file: FileHandle, size: number): Promise<FilmFormat | null> => {
  const format = sniffFilm(await read(file, 0, 8));
  if (format === 'webm') return (await isWebm(file, size)) ? 'webm' : null;
  if (format === 'mp4') return (await isMp4(file, size)) ? 'mp4' : null;
  return null;
};
