/**
 * The separators that cut a heading into segments, found by one left-to-right scan (linear in the
 * heading, where the equivalent regular expression split is polynomial on long runs of spaces).
 *
 * A separator is, at the first place one starts:
 * - a dash between spaces: one or more spaces, `-`, one or more spaces;
 * - a mark with the spaces around it: `—`, `–`, `->`, `=>`, `→`, `|`, `:`, `;`, `?`, `!`, `·`, `•`
 *   or `。`, with any spaces before and after;
 * - one opening bracket `( [ { 「 『 【 （` or one closing bracket `) ] } 」 』 】 ）`, spaces not included.
 *
 * "Spaces" are the characters `\s` matches in a Unicode regular expression. Every separator character
 * is one UTF-16 unit, so the scan reads code units.
 */

/** What a UTF-16 code unit can be in a separator. */
const enum Kind {
  Other = 0,
  /** A code unit `\s` matches in a Unicode regular expression (ECMAScript WhiteSpace and LineTerminator). */
  Space = 1,
  /** A one-character mark: `— – → | : ; ? ! · • 。`. */
  Mark = 2,
  /** An opening or closing bracket: `( [ { 「 『 【 （`, `) ] } 」 』 】 ）`. */
  Bracket = 3,
  /** `-` or `=`: the start of `->` or `=>` (and `-` of a dash between spaces). */
  ArrowStart = 4,
}

/** {@link Kind} by code unit: one array read per character of a heading. */
const KINDS = new Uint8Array(0x10000);
for (const code of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]) KINDS[code] = Kind.Space;
for (let code = 0x2000; code <= 0x200a; code++) KINDS[code] = Kind.Space;
for (const code of [0x2014, 0x2013, 0x2192, 0x7c, 0x3a, 0x3b, 0x3f, 0x21, 0xb7, 0x2022, 0x3002]) KINDS[code] = Kind.Mark;
for (const code of [0x28, 0x5b, 0x7b, 0x300c, 0x300e, 0x3010, 0xff08, 0x29, 0x5d, 0x7d, 0x300d, 0x300f, 0x3011, 0xff09]) KINDS[code] = Kind.Bracket;
KINDS[0x2d] = Kind.ArrowStart;
KINDS[0x3d] = Kind.ArrowStart;
const HYPHEN = 0x2d;
const GREATER = 0x3e;

/** The kind of the code unit at `at` ({@link Kind.Other} past the end). */
function kindAt(text: string, at: number): Kind {
  return at < text.length ? (KINDS[text.charCodeAt(at)] as Kind) : Kind.Other;
}

function isSpace(text: string, at: number): boolean {
  return kindAt(text, at) === Kind.Space;
}

/** The end of the run of spaces that starts at `at` (`at` itself when there is none). */
function spacesEnd(text: string, at: number): number {
  let end = at;
  while (isSpace(text, end)) end++;
  return end;
}

/** The length of the mark at `at` (`->`, `=>` or a one-character mark), or 0. */
function markLength(text: string, at: number): number {
  const kind = kindAt(text, at);
  if (kind === Kind.ArrowStart) return text.charCodeAt(at + 1) === GREATER ? 2 : 0;
  return kind === Kind.Mark ? 1 : 0;
}

/**
 * The end of the separator that starts at `at`, whose run of leading spaces ends at `afterSpaces`;
 * -1 when none starts there.
 */
function separatorEnd(text: string, at: number, afterSpaces: number): number {
  if (afterSpaces > at && text.charCodeAt(afterSpaces) === HYPHEN && isSpace(text, afterSpaces + 1)) return spacesEnd(text, afterSpaces + 1);
  const mark = markLength(text, afterSpaces);
  if (mark > 0) return spacesEnd(text, afterSpaces + mark);
  return afterSpaces === at && kindAt(text, at) === Kind.Bracket ? at + 1 : -1;
}

/**
 * Cuts `text` at its separators (see the module comment), keeping them: the result alternates
 * text (even indexes, possibly empty) and separators (odd indexes), as `String.prototype.split`
 * with one capturing group does. Linear in `text.length`.
 */
export function splitHeadingSegments(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  let at = 0;
  while (at < text.length) {
    if (kindAt(text, at) === Kind.Other) {
      at++;
      continue;
    }
    const afterSpaces = spacesEnd(text, at);
    const end = separatorEnd(text, at, afterSpaces);
    if (end === -1) {
      // No separator starts inside a run of spaces that none starts at: it ends where this one did.
      at = afterSpaces > at ? afterSpaces : at + 1;
      continue;
    }
    pieces.push(text.slice(start, at), text.slice(at, end));
    start = at = end;
  }
  pieces.push(text.slice(start));
  return pieces;
}
