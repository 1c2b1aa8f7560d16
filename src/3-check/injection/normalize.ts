/**
 * A normalized view of a text run for injection matching, with an offset map back to the
 * original document text so every finding points at the characters a reader sees.
 *
 * Steps, per code point of the original:
 * 1. format characters (`\p{Cf}`: zero-width space/joiners, bidi controls, soft hyphen U+00AD,
 *    word joiner, BOM, the U+E0000 tag block), variation selectors and the invisible Hangul
 *    fillers are removed;
 * 2. Unicode compatibility decomposition (NFKD: fullwidth `ｉ` → `i`, mathematical `𝐢` → `i`,
 *    ligatures `ﬁ` → `fi`) with combining marks dropped — NFKC's folding plus accent stripping, so
 *    `ïgnöre` and `i\u0301gnore` read `ignore`;
 * 3. confusable letters folded to Latin ({@link latinLookAlike}, Unicode UTS #39), and every
 *    character that draws a dash (dash punctuation, minus signs, box-drawing lines: {@link isDashLike})
 *    to `-`;
 * 4. whitespace collapsed (the braille blank U+2800 counts as a space): a run of whitespace becomes
 *    one `\n` when it holds a line break, else one space, so line-based patterns still see lines.
 * Case is kept; patterns match case-insensitively.
 */
import { isDashLike, latinLookAlike } from "./confusables.js";

/** A piece of original text: its characters and where each one sits in the document. */
export interface TextSegment {
  /** The text as the parser delivered it (escapes and entities already resolved). */
  text: string;
  /** Document offset of `text[0]`. */
  offset: number;
  /**
   * The source slice the text came from, when it differs from `text` (quoted YAML, JSON strings,
   * Markdown escapes); characters are aligned to it so offsets still land on the right column.
   */
  source?: string;
}

/** The normalized text and, for each of its UTF-16 units, the document offset it came from. */
export interface NormalizedText {
  readonly text: string;
  /** `offsets[i]` = document offset of the original character that produced `text[i]`. */
  readonly offsets: readonly number[];
  /** Document offset just past the last original character (for an empty text: the start). */
  readonly endOffset: number;
}

// Removed outright: Cf (includes U+00AD, U+200B–U+200F, U+202A–U+202E, U+2060–U+2064,
// U+2066–U+206F, U+FEFF, U+E0001–U+E007F), variation selectors, combining grapheme joiner, and
// Hangul fillers that render as nothing.
// eslint-disable-next-line no-misleading-character-class -- a class of single code points (variation selectors, modifiers, marks), each matched on its own
const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180D\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]/u;
const MARK = /\p{M}/u;
const SPACE = /\s/u;

/**
 * Per-character document offsets of a segment, relative to its `offset`; undefined when they are
 * the identity (no `source`). When `source` is given, each character of `text` is matched to the
 * next equal character of `source` within 16 units (escapes like `\n` or `&amp;` are skipped
 * over); a character with no match takes the current source position.
 */
function segmentOffsets(segment: TextSegment): Int32Array | undefined {
  const { text, source } = segment;
  if (source === undefined || source === text) return undefined;
  const map = new Int32Array(text.length);
  let j = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    let k = j;
    const limit = Math.min(source.length, j + 16);
    while (k < limit && source[k] !== c) k++;
    if (k < limit) {
      map[i] = k;
      j = k + 1;
    } else map[i] = Math.min(j, Math.max(0, source.length - 1));
  }
  return map;
}

/** Whether `code` is printable ASCII other than the space (kept as it is). */
function plainAscii(code: number): boolean {
  return code > 0x20 && code < 0x7f;
}

/**
 * Normalizes `segments` (concatenated in order, nothing inserted between them).
 * Linear in the input length; never throws. The offsets are worked out when first read (most
 * texts are only matched, never reported), by normalizing the segments again.
 */
export function normalizeSegments(segments: readonly TextSegment[]): NormalizedText {
  const { text, endOffset } = normalize(segments, undefined);
  let offsets: number[] | undefined;
  return {
    text,
    get offsets(): readonly number[] {
      if (offsets === undefined) {
        offsets = [];
        normalize(segments, offsets);
      }
      return offsets;
    },
    endOffset,
  };
}

/** The normalized text and its end offset; fills `offsets` (when given) with each unit's offset. */
function normalize(segments: readonly TextSegment[], offsets: number[] | undefined): { text: string; endOffset: number } {
  const parts: string[] = [];
  let length = 0;
  // Pending whitespace: `none`, a space, or a newline, with the offset of its first character.
  let pending: "" | " " | "\n" = "";
  let pendingOffset = 0;
  let endOffset = segments[0]?.offset ?? 0;
  const flush = (): void => {
    if (length > 0) {
      parts.push(pending);
      length++;
      offsets?.push(pendingOffset);
    }
    pending = "";
  };
  const emit = (s: string, at: number): void => {
    if (pending !== "") flush();
    parts.push(s);
    length += s.length;
    if (offsets) for (let k = 0; k < s.length; k++) offsets.push(at);
  };
  const space = (kind: " " | "\n", at: number): void => {
    if (pending === "") {
      pending = kind;
      pendingOffset = at;
    } else if (kind === "\n") pending = "\n";
  };
  for (const segment of segments) {
    const map = segmentOffsets(segment);
    const base = segment.offset;
    const s = segment.text;
    for (let i = 0; i < s.length;) {
      const code = s.charCodeAt(i);
      if (plainAscii(code)) {
        // A stretch of printable ASCII is kept as it is: one slice, one offset per character.
        let j = i + 1;
        while (j < s.length && plainAscii(s.charCodeAt(j))) j++;
        if (pending !== "") flush();
        parts.push(i === 0 && j === s.length ? s : s.slice(i, j));
        length += j - i;
        if (offsets && map === undefined) for (let k = i; k < j; k++) offsets.push(base + k);
        else if (offsets) for (let k = i; k < j; k++) offsets.push(base + (map![k] as number));
        endOffset = (map === undefined ? base + j - 1 : base + (map[j - 1] as number)) + 1;
        i = j;
        continue;
      }
      const cp = s.codePointAt(i) as number;
      const width = cp > 0xffff ? 2 : 1;
      const where = map === undefined ? base + i : base + (map[i] as number);
      endOffset = where + width;
      i += width;
      if (code < 0x80) {
        if (code === 10 || code === 13) space("\n", where);
        else if (code === 32 || code === 9 || code === 11 || code === 12) space(" ", where);
        continue;
      }
      const ch = String.fromCodePoint(cp);
      if (INVISIBLE.test(ch)) continue;
      if (code === 0x2028 || code === 0x2029 || code === 0x85) {
        space("\n", where);
        continue;
      }
      // The braille blank renders as a space (and is used as one to dodge patterns).
      if (code === 0x2800) {
        space(" ", where);
        continue;
      }
      // A look-alike of a Latin letter, or a dash, is folded as it is: its compatibility
      // decomposition may be a space and a mark (U+037A → " ͅ") that would split the word.
      const direct = latinLookAlike(ch) ?? (isDashLike(ch) ? "-" : undefined);
      if (direct !== undefined) {
        emit(direct, where);
        continue;
      }
      for (const d of ch.normalize("NFKD")) {
        if (MARK.test(d)) continue;
        if (SPACE.test(d)) {
          space(" ", where);
          continue;
        }
        emit(d === "-" || !isDashLike(d) ? (latinLookAlike(d) ?? d) : "-", where);
      }
    }
  }
  return { text: parts.length === 1 ? (parts[0] as string) : parts.join(""), endOffset };
}

/** Normalizes one string found at document offset `offset`. */
export function normalizeText(value: string, offset = 0): NormalizedText {
  return normalizeSegments([{ text: value, offset }]);
}

/**
 * The original document span `[offset, endOffset)` of the normalized span `[start, end)`.
 */
export function originalSpan(normalized: NormalizedText, start: number, end: number): { offset: number; endOffset: number } {
  const { offsets } = normalized;
  const offset = offsets[start] ?? normalized.endOffset;
  const last = offsets[Math.max(start, end - 1)];
  const endOffset = last === undefined ? normalized.endOffset : Math.max(offset, last + 1);
  return { offset, endOffset };
}
