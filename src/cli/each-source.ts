/**
 * The per-file loop of the commands that rewrite documents one at a time (`seal`, `redact`): one
 * file that cannot be handled is reported and the next one still runs.
 */
import type { LintSession } from "../lint.js";
import { readSource, type SourceFile } from "../load/read.js";
import { EXIT, type CommandIO } from "./io.js";

/** An error class a step throws for a file it refuses (the file is then unchanged). */
type Refusal = abstract new (...args: never[]) => Error;

/**
 * Reads each of `files` (relative to `io.cwd`, at most `session.maxFileSize` bytes) and runs `step`
 * on it, in order. A step that throws one of `refusals` is reported on standard output as
 * `<file>: cannot <verb>: <message>` with exit 2 for that file, and the next file runs; any other
 * error ends the loop (the program maps it).
 * @returns the highest exit code of the files' steps (0 for no files).
 */
export async function eachSource(
  files: readonly string[],
  session: LintSession,
  io: CommandIO,
  refusal: { verb: string; errors: readonly Refusal[] },
  step: (source: SourceFile) => Promise<number>,
): Promise<number> {
  let exit: number = EXIT.ok;
  for (const file of files) {
    const source = await readSource(file, { cwd: io.cwd, maxBytes: session.maxFileSize });
    try {
      exit = Math.max(exit, await step(source));
    } catch (error) {
      if (!refusal.errors.some((kind) => error instanceof kind)) throw error;
      io.stdout.write(`${source.displayPath}: cannot ${refusal.verb}: ${(error as Error).message}\n`);
      exit = Math.max(exit, EXIT.usage);
    }
  }
  return exit;
}
