/**
 * Fixes as data: a rule's fix is a list of {@link TextEdit}s of the document's text (after ESLint's
 * `fix` objects and markdownlint's `fixInfo`), and {@link applyEdits} applies as many of a run's
 * edits as do not overlap, as ESLint does in one pass; the rest wait for the next pass.
 */

/**
 * One replacement in a document's text (BOM removed): the UTF-16 offsets `[start, end)` replaced by
 * `text` (an insertion when they are equal). A rule's fix is a list of them that must not overlap.
 */
export interface TextEdit {
  readonly range: readonly [start: number, end: number];
  readonly text: string;
}

/**
 * The kinds of fix, as `lint --fix-type` names them: markdownlint's own fixes, mixed line endings
 * made one, sections a profile requires added as skeletons (`layout`), a seal written again.
 */
export const FIX_TYPES = ["markdownlint", "line-endings", "layout", "integrity"] as const;

/** One of {@link FIX_TYPES}. */
export type FixType = (typeof FIX_TYPES)[number];

/** The one edit that turns `before` into `after`: what lies between their common prefix and suffix. */
export function replacementEdit(before: string, after: string): TextEdit {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < shorter - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { range: [start, before.length - tail], text: after.slice(start, after.length - tail) };
}

/** What applying fixes gave: the new text, and which fixes went in (by index) and which wait. */
export interface AppliedEdits {
  text: string;
  applied: number[];
  /** Fixes left out because they overlap one applied before them (in text order): for the next pass. */
  deferred: number[];
}

/**
 * Applies `fixes` (each a list of edits of `text`) in text order: a fix whose edits overlap an
 * edit already taken, or touch the same insertion point, is deferred whole. Identical fixes count
 * once. @throws RangeError for an edit outside the text or with its end before its start.
 */
export function applyEdits(text: string, fixes: ReadonlyArray<readonly TextEdit[]>): AppliedEdits {
  for (const fix of fixes) {
    for (const edit of fix) {
      const [start, end] = edit.range;
      if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end >= start && end <= text.length)) {
        throw new RangeError(`edit [${start}, ${end}) is outside the text (0 to ${text.length})`);
      }
    }
  }
  const order = fixes.map((fix, index) => ({ index, fix, start: Math.min(...fix.map((e) => e.range[0])) })).filter((f) => f.fix.length > 0);
  order.sort((a, b) => a.start - b.start || a.index - b.index);
  const taken: TextEdit[] = [];
  const applied: number[] = [];
  const deferred: number[] = [];
  const seen = new Set<string>();
  for (const { index, fix } of order) {
    const key = JSON.stringify(fix);
    if (seen.has(key)) {
      applied.push(index);
      continue;
    }
    const clashes = fix.some((edit) => taken.some((other) => overlaps(edit, other)));
    if (clashes) {
      deferred.push(index);
      continue;
    }
    seen.add(key);
    taken.push(...fix);
    applied.push(index);
  }
  taken.sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let out = "";
  let at = 0;
  for (const edit of taken) {
    out += text.slice(at, edit.range[0]) + edit.text;
    at = edit.range[1];
  }
  out += text.slice(at);
  return { text: out, applied: applied.sort((a, b) => a - b), deferred: deferred.sort((a, b) => a - b) };
}

/** Two edits overlap when their ranges share a character, or both insert at the same point. */
function overlaps(a: TextEdit, b: TextEdit): boolean {
  const [as, ae] = a.range;
  const [bs, be] = b.range;
  if (as === ae && bs === be) return as === bs;
  if (as === ae) return as > bs && as < be;
  if (bs === be) return bs > as && bs < ae;
  return as < be && bs < ae;
}
