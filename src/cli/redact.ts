/**
 * `handoff redact FILE...`: replaces every credential-shaped value a `no-secrets` finding points
 * at with `[REDACTED:<detector>]` (src/fix/redact.ts), seals the document again when it was sealed,
 * and writes it atomically (read back; refused when the file changed meanwhile). No other byte
 * changes. `--dry-run` prints the lines that would change, the old ones masked, and writes nothing.
 */
import type { Command } from "commander";
import { noSecrets } from "../../rules/no-secrets.js";
import { loadConfig, type HandoffConfig } from "../engine/config.js";
import { maskedLineDiff } from "../fix/line-diff.js";
import { planRedaction, RedactError, type RedactPlan } from "../fix/redact.js";
import { analyseSource, createSession } from "../lint.js";
import { readSource } from "../load/read.js";
import { secretValuesToMask } from "../secrets/document.js";
import { atomicWrite, AtomicWriteError } from "../fs/atomic-write.js";
import { exitCodesHelp } from "./exit-codes.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption } from "./options.js";

/** Options parsed from the command line. */
export interface RedactCommandOptions {
  dryRun?: boolean;
  config?: string | false;
}

function summary(plan: RedactPlan): string {
  const kinds = [...new Set(plan.redactions.map((r) => r.detectorId))].join(", ");
  const n = plan.redactions.length;
  return `${n} value${n === 1 ? "" : "s"} (${kinds})${plan.resealedDigest ? `, sealed again ${plan.resealedDigest}` : ""}`;
}

/**
 * Runs `redact`. @returns 0 when every file was redacted or had nothing to redact (with
 * `--dry-run`: nothing to redact), 1 with `--dry-run` when a file holds values to redact, 2 when a
 * file is unusable, cannot be redacted safely or written (it is then unchanged).
 */
export async function runRedact(files: string[], options: RedactCommandOptions, io: CommandIO): Promise<number> {
  const config: HandoffConfig = options.config === false ? {} : loadConfig(io.cwd, options.config).config;
  const session = createSession({ cwd: io.cwd, config, rules: [noSecrets] });
  let exit: number = EXIT.ok;
  for (const file of files) {
    const source = await readSource(file, { cwd: io.cwd, maxBytes: session.maxFileSize });
    const shown = source.displayPath;
    const { document, result } = analyseSource(source, session);
    if (!document || document.loadProblems.length > 0) {
      const why = document?.loadProblems.map((p) => p.message).join("; ") || "it could not be read";
      io.stdout.write(`${shown}: cannot redact: ${why}\n`);
      exit = Math.max(exit, EXIT.usage);
      continue;
    }
    try {
      const plan = planRedaction(document, result.diagnostics);
      if (plan.unchanged) {
        io.stdout.write(`${shown}: nothing to redact\n`);
        continue;
      }
      if (options.dryRun) {
        io.stdout.write(`${shown}: would redact ${summary(plan)}\n`);
        for (const line of maskedLineDiff(document.text, plan.text, secretValuesToMask(document))) io.stdout.write(`  ${line}\n`);
        exit = Math.max(exit, EXIT.findings);
        continue;
      }
      await atomicWrite(source.path, plan.bytes, { expected: source.bytes });
      io.stdout.write(`${shown}: redacted ${summary(plan)}\n`);
    } catch (error) {
      if (error instanceof RedactError || error instanceof AtomicWriteError) {
        io.stdout.write(`${shown}: cannot redact: ${error.message}\n`);
        exit = Math.max(exit, EXIT.usage);
        continue;
      }
      throw error;
    }
  }
  return exit;
}

/** Adds the `redact` command to `program`. */
export function registerRedact(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  program
    .command("redact")
    .description("replace each secret the no-secrets rule finds with [REDACTED:<kind>] (no other byte changes; sealed documents are sealed again)")
    .argument("<files...>", "handoff documents to redact")
    .option("--dry-run", "print the lines that would change (old ones masked) and write nothing")
    .addOption(configOption())
    .addOption(noConfigOption())
    .addHelpText("after", exitCodesHelp("redact"))
    .action(async (files: string[], options: RedactCommandOptions) => {
      setExit(await runRedact(files, options, io));
    });
}
