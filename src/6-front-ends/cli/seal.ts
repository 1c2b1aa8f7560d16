/**
 * `handoff seal FILE...`: the `seal` operation (../operations/seal.ts), one line per file; exit 0
 * every file sealed (or already), 1 a file refused for secret or injection findings, 2 a file that
 * cannot be sealed or written (it is then unchanged).
 */
import { textLines } from "../../4-report/controls.js";
import type { Command } from "commander";
import type { Rule } from "../../3-check/engine/rule.js";
import { sealFiles, sealHandoffs, sealLine, type SealOptions, type SealResult } from "../../5-operations/seal.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption } from "./options.js";
import { storeOption } from "./store-backend.js";

/** Options parsed from the command line. */
export type SealCommandOptions = SealOptions;

/** Prints `result` and returns its exit code. */
function report(result: SealResult, options: SealCommandOptions, io: CommandIO): number {
  let exit: number = EXIT.ok;
  for (const file of result.files) {
    io.stdout.write(textLines([sealLine(file, options)]));
    const code = file.status === "failed" ? EXIT.usage : file.status === "refused" || (file.blocking.count > 0 && !options.force) ? EXIT.findings : EXIT.ok;
    exit = Math.max(exit, code);
  }
  return exit;
}

/**
 * Runs `seal` on files in place. @returns 0 when every file is sealed (or already was), 1 when a
 * file was refused for secret or injection findings, 2 when a file cannot be sealed or written.
 * @param gateRules the rules that can block sealing (default: the built-in secret and injection rules).
 */
export async function runSeal(files: string[], options: SealCommandOptions, io: CommandIO, gateRules?: readonly Rule[]): Promise<number> {
  return report(await sealFiles(files, options, io, gateRules), options, io);
}

/** Runs `seal` on the selected store (see `sealHandoffs`). */
export async function runSealInStore(files: string[], options: SealCommandOptions, io: CommandIO): Promise<number> {
  const { result, refused } = await sealHandoffs(files, options, io);
  const exit = report(result, options, io);
  if (refused === undefined) return exit;
  io.stderr.write(`handoff seal: refused: ${refused}\n`);
  return Math.max(exit, EXIT.findings);
}

/** Adds the `seal` command to `program`. */
export function registerSeal(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "seal")
    .argument("<files...>", "handoff documents to seal")
    .option("--force", "seal even with error findings from the secret or injection rules")
    .addOption(configOption())
    .addOption(noConfigOption())
    .addOption(storeOption())
    .action(async (files: string[], options: SealCommandOptions) => setExit(await runSealInStore(files, options, io)));
}
