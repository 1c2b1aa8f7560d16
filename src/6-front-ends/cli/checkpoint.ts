/**
 * `handoff checkpoint FILE [--repo DIR]`: the `checkpoint` operation (../operations/checkpoint.ts):
 * writes or refreshes the sno progress record's machine block from the live checkout;
 * `handoff checkpoint --verify FILE` compares the record with the checkout it names.
 */
import { textLines } from "../../4-report/controls.js";
import type { Command } from "commander";
import { checkpointLines, checkpointRecord, type CheckpointOptions } from "../../5-operations/checkpoint.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { nowOption } from "./options.js";

/** Options parsed from the command line. */
export type CheckpointCommandOptions = CheckpointOptions;

/**
 * Runs `checkpoint`. @returns 0 written (re-sealed when it was sealed) or MATCH; 1 DRIFT, or not
 * written because the record's seal did not hold.
 * @throws UserError, GitError or AtomicWriteError: exit 2 through the program's mapping.
 */
export async function runCheckpoint(file: string, options: CheckpointCommandOptions, io: CommandIO): Promise<number> {
  const result = await checkpointRecord(file, options, io);
  if (result.mode === "write" && !result.written) {
    io.stderr.write(`handoff: ${result.reason}\n`);
    return EXIT.findings;
  }
  io.stdout.write(textLines(checkpointLines(result)));
  return result.mode === "verify" && result.drift.length > 0 ? EXIT.findings : EXIT.ok;
}

/** Adds the `checkpoint` command to `program`. */
export function registerCheckpoint(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "checkpoint")
    .argument("<file>", "the progress record (created with the five sections when absent)")
    .option("--repo <dir>", "the checkout to record (default: the working directory)")
    .option("--verify", "compare the record with the checkout it names: MATCH (exit 0) or DRIFT lines (exit 1)")
    .option("--by <name>", "who writes the checkpoint (default: git user.name)")
    .addOption(nowOption("the time to record as 'updated', default now"))
    .action(async (file: string, options: CheckpointCommandOptions) => setExit(await runCheckpoint(file, options, io)));
}
