/**
 * Appending Markdown to the GitHub Actions job summary: the file `$GITHUB_STEP_SUMMARY` names.
 * GitHub's protocol is an append to a file the runner owns and reads after the step (replacing it
 * would drop what earlier steps wrote), so this is one of the documented writes that do not go
 * through src/0-platform/fs/atomic-write.ts.
 *
 * The summary is a courtesy next to the command's real output: when it cannot be written (the file
 * is read-only, a directory, on a full disk, its directory gone) the command prints one warning
 * line and its own result and exit code stand.
 */
import { appendFileSync } from "node:fs";
import { boundaryText } from "../../4-report/boundary.js";
import type { CommandIO } from "./io.js";

/**
 * Appends `markdown` to `$GITHUB_STEP_SUMMARY` when it is set (in `io.env`).
 * @returns true when written, false when unset or when writing failed (the warning was printed).
 */
export function appendStepSummary(io: CommandIO, markdown: string): boolean {
  const file = io.env.GITHUB_STEP_SUMMARY;
  if (!file) return false;
  try {
    appendFileSync(file, boundaryText(markdown, "text"));
    return true;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    io.stderr.write(`handoff: warning: cannot append to the job summary $GITHUB_STEP_SUMMARY (${file}: ${reason}); the result stands\n`);
    return false;
  }
}
