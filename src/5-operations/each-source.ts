/**
 * The per-file loop of the operations that rewrite documents one at a time (`seal`, `redact`):
 * one file that cannot be handled is reported as such and the next one still runs.
 */
import type { LintSession } from "../3-check/lint.js";
import { readSource, type SourceFile } from "../1-load/read.js";
import type { OperationContext } from "./context.js";

/** An error class a step throws for a file it refuses (the file is then unchanged). */
type Refusal = abstract new (...args: never[]) => Error;

/**
 * Reads each of `files` (relative to `context.cwd`, at most `session.maxFileSize` bytes) and runs
 * `step` on it, in order. A step that throws one of `refusals` gives `failed(path, message)` for
 * that file, and the next file runs; any other error ends the loop.
 * @returns each file's result, in order.
 */
export async function eachSource<T>(
  files: readonly string[],
  session: LintSession,
  context: OperationContext,
  refusals: readonly Refusal[],
  step: (source: SourceFile) => Promise<T>,
  failed: (path: string, reason: string) => T,
): Promise<T[]> {
  const results: T[] = [];
  for (const file of files) {
    const source = await readSource(file, { cwd: context.cwd, maxBytes: session.maxFileSize });
    try {
      results.push(await step(source));
    } catch (error) {
      if (!refusals.some((kind) => error instanceof kind)) throw error;
      results.push(failed(source.displayPath, (error as Error).message));
    }
  }
  return results;
}
