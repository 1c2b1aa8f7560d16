/**
 * What a fix changes, for `redact --dry-run` and `lint --fix-dry-run`: the hunks of a unified diff
 * (jsdiff's `structuredPatch`, no context lines), every line masked (an old line may hold a
 * secret) and a carriage return shown as `\r`, so a line-ending fix is visible.
 */
import { structuredPatch } from "diff";
import { maskText } from "../../3-check/secrets/mask.js";

/**
 * The changed lines of `before` → `after`: `@@ -a,b +c,d @@` headers, then `-old` and `+new` lines.
 * @param secrets the values to mask (the document's; see `secretValuesToMask`).
 */
export function maskedLineDiff(before: string, after: string, secrets: readonly string[]): string[] {
  const patch = structuredPatch("before", "after", before, after, undefined, undefined, { context: 0 });
  return patch.hunks.flatMap((hunk) => [
    `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
    ...hunk.lines.filter((line) => !line.startsWith("\\")).map((line) => maskText(line, secrets).replace(/\r/g, "\\r")),
  ]);
}
