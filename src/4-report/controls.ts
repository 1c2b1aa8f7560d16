/**
 * Control and invisible characters shown as visible escapes in every human-facing output
 * (stylish, GitHub annotations, `list`, `stats`, `resume`, error messages, file names), so no text
 * from a document or a file name can drive the terminal that prints it:
 *
 * - C0 controls (U+0000–U+001F, among them ESC, which starts CSI and OSC sequences, and BEL), DEL
 *   and C1 controls (U+0080–U+009F, among them the one-byte CSI U+009B and OSC U+009D) become
 *   `\x1b`, `\x7f`, `\x9b` (TAB, LF and CR as `\t`, `\n`, `\r`), so `ESC[2K` cannot erase a line
 *   and `ESC]0;…BEL` cannot set the window title;
 * - format characters (Unicode category Cf: bidi embeddings, overrides and isolates — Trojan Source,
 *   CVE-2021-42574 —, zero-width characters, the BOM, tag characters), line and paragraph
 *   separators, lone surrogates and every other Default_Ignorable_Code_Point (Hangul fillers,
 *   variation selectors) become `\u202e` (`\u{e0041}` above U+FFFF), so what is printed is what is
 *   there.
 *
 * Left as they are, because they are part of well-formed text (as `injection-hidden-content`
 * leaves them): a zero-width joiner or non-joiner between two emoji or between two letters of a
 * script that joins (Arabic, Indic, …), one variation selector after a visible character (❤️), and
 * the tag characters of a subdivision flag (🏴 + tags + U+E007F). A second variation selector in a
 * row is escaped: a run of them can carry hidden data.
 *
 * Backslashes are not doubled: the escapes are for a reader's eyes, not to be decoded.
 */

/** Options of {@link escapeControls}. */
export interface EscapeControlsOptions {
  /** Keep TAB, LF and CRLF line breaks (multi-line text: a report, resume's content); a lone CR is still escaped. */
  multiline?: boolean;
}

const CANDIDATE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;
const CANDIDATES = new RegExp(CANDIDATE.source, "gu");
const JOINER_NEIGHBOUR =
  // eslint-disable-next-line no-misleading-character-class -- a class of single code points (variation selectors, modifiers, marks), each matched on its own
  /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Mongolian}\p{Script=Thai}\p{Script=Tibetan}]/u;
const VARIATION_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const TAG = /[\u{E0020}-\u{E007F}]/u;
const SHORT: Readonly<Record<string, string>> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const WAVING_BLACK_FLAG = 0x1f3f4;

/** The code point that ends just before `offset` (a surrogate pair counted as one), or undefined. */
function codePointBefore(text: string, offset: number): number | undefined {
  if (offset <= 0) return undefined;
  const low = text.charCodeAt(offset - 1);
  if (low >= 0xdc00 && low <= 0xdfff && offset >= 2) {
    const high = text.charCodeAt(offset - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(offset - 2);
  }
  return low;
}

function isJoinerNeighbour(cp: number | undefined): boolean {
  return cp !== undefined && JOINER_NEIGHBOUR.test(String.fromCodePoint(cp));
}

/** Most tag characters of a subdivision flag (🏴 gbsct + CANCEL TAG has 6): bounds the scans below. */
const MAX_FLAG_TAGS = 8;

/** Whether the tag character at `offset` belongs to a subdivision flag: 🏴, tags only, then CANCEL TAG U+E007F. */
function inFlagSequence(text: string, offset: number): boolean {
  let start = offset;
  for (let n = 0; n < MAX_FLAG_TAGS; n++) {
    const cp = codePointBefore(text, start);
    if (cp === WAVING_BLACK_FLAG) break;
    if (cp === undefined || cp < 0xe0020 || cp > 0xe007e) return false;
    start -= 2;
  }
  if (codePointBefore(text, start) !== WAVING_BLACK_FLAG) return false;
  for (let at = offset, n = 0; at < text.length && n < MAX_FLAG_TAGS; at += 2, n++) {
    const cp = text.codePointAt(at);
    if (cp === 0xe007f) return true;
    if (cp === undefined || cp < 0xe0020 || cp > 0xe007e) return false;
  }
  return false;
}

/** `\x1b`, `\u202e` or `\u{e0041}` for code point `cp`. */
function escapeOf(char: string, cp: number): string {
  const short = SHORT[char];
  if (short) return short;
  if (cp < 0x100) return `\\x${cp.toString(16).padStart(2, "0")}`;
  if (cp <= 0xffff) return `\\u${cp.toString(16).padStart(4, "0")}`;
  return `\\u{${cp.toString(16)}}`;
}

/** Whether the candidate `char` at `offset` of `text` is kept as it is (see the module comment). */
function kept(text: string, offset: number, char: string, cp: number, multiline: boolean): boolean {
  if (multiline && (char === "\n" || char === "\t" || (char === "\r" && text.charCodeAt(offset + 1) === 10))) return true;
  if (cp === 0x200c || cp === 0x200d) return isJoinerNeighbour(codePointBefore(text, offset)) && isJoinerNeighbour(text.codePointAt(offset + 1));
  if (VARIATION_SELECTOR.test(char)) {
    const before = codePointBefore(text, offset);
    return before !== undefined && !CANDIDATE.test(String.fromCodePoint(before));
  }
  if (TAG.test(char)) return inFlagSequence(text, offset);
  return false;
}

/**
 * `text` with every control and invisible character shown as a visible escape (see the module
 * comment). Linear in the length of `text`; `text` itself when it holds none.
 */
export function escapeControls(text: string, options: EscapeControlsOptions = {}): string {
  if (!CANDIDATE.test(text)) return text;
  const multiline = options.multiline === true;
  return text.replace(CANDIDATES, (char: string, offset: number) => {
    const cp = char.codePointAt(0) as number;
    return kept(text, offset, char, cp, multiline) ? char : escapeOf(char, cp);
  });
}

/**
 * Lines for a terminal, each one escaped as a single line ({@link escapeControls} without
 * `multiline`) and then joined, ending in a line break: a value inside a line (a file name, an id,
 * a commit subject) that holds a line break cannot start a line of its own and forge a row.
 */
export function textLines(lines: readonly string[]): string {
  return lines.map((line) => `${escapeControls(line)}\n`).join("");
}
