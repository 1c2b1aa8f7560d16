/**
 * `handoff redact FILE...`: replaces every credential-shaped value a `no-secrets` finding points
 * at with `[REDACTED:<detector>]` (src/fix/redact.ts), seals the document again when it was sealed,
 * and writes it atomically (read back; refused when the file changed meanwhile). No other byte
 * changes. `--dry-run` prints the lines that would change, the old ones masked, and writes nothing.
 */
import type { Command } from "commander";
import { noSecrets } from "../../rules/no-secrets.js";
import { maskedLineDiff } from "../fix/line-diff.js";
import { planRedaction, RedactError, type RedactPlan } from "../fix/redact.js";
import { analyzeSource, createSession } from "../lint.js";
import { secretValuesToMask } from "../secrets/document.js";
import { atomicWrite, AtomicWriteError } from "../fs/atomic-write.js";
import { addCommand, commandConfig } from "./command.js";
import { eachSource } from "./each-source.js";
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
  const session = createSession({ cwd: io.cwd, config: commandConfig(io.cwd, options.config).config, rules: [noSecrets] });
  return eachSource(files, session, io, { verb: "redact", errors: [RedactError, AtomicWriteError] }, async (source) => {
    const shown = source.displayPath;
    const { document, result } = analyzeSource(source, session);
    if (!document || document.loadProblems.length > 0) {
      const why = document?.loadProblems.map((p) => p.message).join("; ") || "it could not be read";
      io.stdout.write(`${shown}: cannot redact: ${why}\n`);
      return EXIT.usage;
    }
    const plan = planRedaction(document, result.diagnostics);
    if (plan.unchanged) {
      io.stdout.write(`${shown}: nothing to redact\n`);
      return EXIT.ok;
    }
    if (options.dryRun) {
      io.stdout.write(`${shown}: would redact ${summary(plan)}\n`);
      for (const line of maskedLineDiff(document.text, plan.text, secretValuesToMask(document))) io.stdout.write(`  ${line}\n`);
      return EXIT.findings;
    }
    await atomicWrite(source.path, plan.bytes, { expected: source.bytes });
    io.stdout.write(`${shown}: redacted ${summary(plan)}\n`);
    return EXIT.ok;
  });
}

/** Adds the `redact` command to `program`. */
export function registerRedact(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "redact", "replace each secret the no-secrets rule finds with [REDACTED:<kind>] (no other byte changes; sealed documents are sealed again)")
    .argument("<files...>", "handoff documents to redact")
    .option("--dry-run", "print the lines that would change (old ones masked) and write nothing")
    .addOption(configOption())
    .addOption(noConfigOption())
    .action(async (files: string[], options: RedactCommandOptions) => setExit(await runRedact(files, options, io)));
}
