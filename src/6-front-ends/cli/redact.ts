/**
 * `handoff redact FILE...`: the `redact` operation (../operations/redact.ts), its lines per file;
 * exit 0 every file redacted or clean (with `--dry-run`: nothing to redact), 1 with `--dry-run`
 * when a file holds values to redact, 2 when a file is unusable or cannot be redacted or written.
 */
import { textLines } from "../../4-report/controls.js";
import type { Command } from "commander";
import { redactHandoffs, redactLines, type RedactOptions } from "../../5-operations/redact.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption } from "./options.js";

/** Options parsed from the command line. */
export type RedactCommandOptions = RedactOptions;

const EXIT_OF = { redacted: EXIT.ok, nothing: EXIT.ok, "would-redact": EXIT.findings, unusable: EXIT.usage, failed: EXIT.usage } as const;

/** Runs `redact`. @returns the highest exit code of the files. */
export async function runRedact(files: string[], options: RedactCommandOptions, io: CommandIO): Promise<number> {
  const result = await redactHandoffs(files, options, io);
  let exit: number = EXIT.ok;
  for (const file of result.files) {
    io.stdout.write(textLines(redactLines(file)));
    exit = Math.max(exit, EXIT_OF[file.status]);
  }
  return exit;
}

/** Adds the `redact` command to `program`. */
export function registerRedact(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "redact")
    .argument("<files...>", "handoff documents to redact")
    .option("--dry-run", "print the lines that would change (old ones masked) and write nothing")
    .addOption(configOption())
    .addOption(noConfigOption())
    .action(async (files: string[], options: RedactCommandOptions) => setExit(await runRedact(files, options, io)));
}
