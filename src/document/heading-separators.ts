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
 * "Spaces" are the characters `\s` matches in a Unicode regular expression.
 */

const SPACE = /\s/u;
const TWO_CHARACTER_MARKS: ReadonlySet<string> = new Set(["->", "=>"]);
const MARKS: ReadonlySet<string> = new Set(["—", "–", "→", "|", ":", ";", "?", "!", "·", "•", "。"]);
const BRACKETS: ReadonlySet<string> = new Set([..."([{「『【（", ...")]}」』】）"]);

function isSpace(text: string, at: number): boolean {
  return at < text.length && SPACE.test(text.charAt(at));
}

/** The end of the run of spaces that starts at `at` (`at` itself when there is none). */
function spacesEnd(text: string, at: number): number {
  let end = at;
  while (isSpace(text, end)) end++;
  return end;
}

/** The length of the mark at `at` (`->`, `=>` or a one-character mark), or 0. */
function markLength(text: string, at: number): number {
  if (TWO_CHARACTER_MARKS.has(text.slice(at, at + 2))) return 2;
  return MARKS.has(text.charAt(at)) ? 1 : 0;
}

/**
 * The end of the separator that starts at `at`, whose run of leading spaces ends at `afterSpaces`;
 * -1 when none starts there.
 */
function separatorEnd(text: string, at: number, afterSpaces: number): number {
  if (afterSpaces > at && text.charAt(afterSpaces) === "-" && isSpace(text, afterSpaces + 1)) return spacesEnd(text, afterSpaces + 1);
  const mark = markLength(text, afterSpaces);
  if (mark > 0) return spacesEnd(text, afterSpaces + mark);
  return afterSpaces === at && BRACKETS.has(text.charAt(at)) ? at + 1 : -1;
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
