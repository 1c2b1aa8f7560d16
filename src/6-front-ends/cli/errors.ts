/**
 * The command line's errors and their exit codes, in one place: the operations' errors for what
 * the user got wrong (../operations/errors.ts), and {@link exitForError}, the one mapping from a
 * thrown error to an exit code that the program applies around every command (`./program.ts`).
 */
import { parseTimestamp } from "../../2-parse/document/timestamp.js";
import { isUserError, UsageError } from "../../5-operations/errors.js";
import { EXIT, type CommandIO } from "./io.js";

export { isUserError, UsageError, UserError } from "../../5-operations/errors.js";

/**
 * Prints an error that ended a command and returns its exit code: the user's mistakes
 * ({@link isUserError}) as one `handoff: …` line, anything else as an internal error with its stack
 * (our bug). Both are exit 2.
 */
export function exitForError(error: unknown, io: CommandIO): number {
  if (isUserError(error)) {
    io.stderr.write(`handoff: ${error.message}\n`);
    return EXIT.usage;
  }
  io.stderr.write(`handoff: internal error (please report): ${(error as Error).stack ?? String(error)}\n`);
  return EXIT.internal;
}

/**
 * Runs a command's `run…` function outside the program (the MCP tools, `resume --format
 * agent-hook`) with the program's mapping: a thrown error becomes {@link exitForError}'s line and code.
 */
export async function runMapped(io: CommandIO, command: () => Promise<number>): Promise<number> {
  try {
    return await command();
  } catch (error) {
    return exitForError(error, io);
  }
}

/** `--now ISO` → a Date (undefined when not given). @throws UsageError for anything that is not an ISO-8601 date(-time). */
export function parseNow(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const parsed = parseTimestamp(value);
  if (!parsed.ok) throw new UsageError(`--now expects an ISO-8601 date-time such as 2026-03-01T12:00:00Z, got '${value}'`);
  return parsed.date;
}
