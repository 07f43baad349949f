/**
 * Captions a 内容 editor uploads for a film (issue 25): WebVTT as the W3C specification writes it,
 * checked line by line so the console (before sending) and the server (before keeping) give the
 * same Chinese message with the line it is about. Allowed: the `WEBVTT` header, NOTE comments and
 * cues (an optional identifier, a timing line with its settings, text lines) whose text carries
 * only WebVTT's own markup — the span tags c, i, b, u, ruby, rt, v and lang (with classes, a
 * voice's name or a language), cue timestamps, and character references (&amp;, &#38;…). Refused: anything else in angle brackets (an HTML tag, a script), STYLE blocks
 * (CSS that could fetch from elsewhere) and REGION blocks (no player of ours uses them).
 */

export const WEBVTT_MESSAGES = {
  empty: '字幕文件是空的',
  encoding: '字幕文件须为 UTF-8 编码的文本',
  header: '字幕文件须以“WEBVTT”开头（WebVTT 格式）',
  noCues: '字幕文件里没有字幕条目',
  timing: (line: number) => `字幕第${line}行的时间格式不正确，应如“00:00:01.000 --> 00:00:04.000”`,
  order: (line: number) => `字幕第${line}行的结束时间须晚于开始时间`,
  markup: (line: number) => `字幕第${line}行含有 WebVTT 不允许的标记，请只写文字`,
  entity: (line: number) => `字幕第${line}行含有无法识别的字符代码（以 & 开头）`,
  style: (line: number) => `字幕第${line}行起是样式或区域设置（STYLE/REGION），本站不接受，请删去`,
  text: (line: number) => `字幕第${line}行的条目缺少文字`,
} as const;

const M = WEBVTT_MESSAGES;

/** `mm:ss.ttt` or `hh:mm:ss.ttt` (hours of any length), in milliseconds, or null. */
export const vttTime = (text: string): number | null => {
  const match = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(text);
  if (!match) return null;
  const [, h = '0', m = '0', s = '0', ms = '0'] = match;
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
};

/** A timing line: start, `-->`, end (later than the start), then cue settings. */
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+(.*))?$/;
/** A cue setting: vertical, line, position, size, align (a region is refused with REGION). */
const SETTING =
  /^(?:vertical:(?:rl|lr)|line:-?\d+(?:\.\d+)?%?(?:,(?:start|center|end))?|position:\d+(?:\.\d+)?%(?:,(?:line-left|center|line-right))?|size:\d+(?:\.\d+)?%|align:(?:start|center|end|left|right))$/;

/** WebVTT's cue-text tags: a span tag with classes (and a voice's or language's annotation), its end, or a timestamp. */
const TAG =
  /^<(?:\/(?:c|i|b|u|ruby|rt|v|lang)|(?:c|i|b|u|ruby|rt)(?:\.[\w-]+)*|(?:v|lang)(?:\.[\w-]+)*(?:[ \t][^<>&]*)?|(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3})>$/;
/** A character reference (named or numeric); a bare & followed by a space or the line's end is text. */
const ENTITY = /^&(?:[A-Za-z][A-Za-z0-9]{1,31}|#\d{1,7}|#[xX][0-9A-Fa-f]{1,6});$/;

/** The first thing a cue's text line holds that WebVTT does not allow, or null. */
const textRefusal = (text: string, line: number): string | null => {
  for (const tag of text.match(/<[^>]*>?/g) ?? []) if (!TAG.test(tag)) return M.markup(line);
  for (const entity of text.match(/&[^\s&<]*/g) ?? [])
    if (entity !== '&' && !ENTITY.test(entity)) return M.entity(line);
  return null;
};

/**
 * Why `text` (the file decoded as UTF-8) is not captions this site keeps, in Chinese with the line
 * number, or null when it is: the header, then blocks separated by blank lines, each a NOTE or a
 * cue with a valid timing line (end after start, known settings) and at least one line of text.
 */
export const webVttRefusal = (text: string): string | null => {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return M.empty;
  if (body.includes('\uFFFD') || body.includes('\u0000')) return M.encoding;
  const lines = body.split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return M.header;
  let i = 1;
  // The header's own lines (metadata) run to the first blank line.
  while (i < lines.length && lines[i] !== '') {
    if ((lines[i] ?? '').includes('-->')) return M.header;
    i++;
  }
  let cues = 0;
  while (i < lines.length) {
    if (lines[i] === '') {
      i++;
      continue;
    }
    const start = i;
    const block: string[] = [];
    while (i < lines.length && lines[i] !== '') block.push(lines[i++] ?? '');
    const first = block[0] ?? '';
    if (/^NOTE(?:[ \t]|$)/.test(first)) continue;
    if (/^(?:STYLE|REGION)[ \t]*$/.test(first)) return M.style(start + 1);
    // An identifier line may come before the timing line.
    const timingAt = first.includes('-->') ? 0 : 1;
    const timingLine = block[timingAt] ?? '';
    const match = TIMING.exec(timingLine);
    const line = start + timingAt + 1;
    if (!match) return M.timing(timingAt === 1 && block.length === 1 ? start + 1 : line);
    const from = vttTime(match[1] ?? '');
    const to = vttTime(match[2] ?? '');
    if (from === null || to === null) return M.timing(line);
    if (to <= from) return M.order(line);
    for (const setting of (match[3] ?? '').split(/[ \t]+/).filter(Boolean))
      if (!SETTING.test(setting)) return M.timing(line);
    const texts = block.slice(timingAt + 1);
    if (texts.length === 0) return M.text(line);
    for (const [k, content] of texts.entries()) {
      if (content.includes('-->')) return M.timing(line + k + 1);
      const refusal = textRefusal(content, line + k + 1);
      if (refusal) return refusal;
    }
    cues++;
  }
  return cues === 0 ? M.noCues : null;
};
