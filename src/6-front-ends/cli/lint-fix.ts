/**
 * `lint --fix` and `lint --fix-dry-run`: before the lint reports, each file gets the safe fixes of
 * the rules attach to what they report (../../5-operations/fix.ts). `--fix` writes them (atomically, read back, refused
 * when the file changed meanwhile); `--fix-dry-run` prints the masked diff instead. What was done
 * goes to standard error, so the report on standard output stays one format.
 */
import { textLines } from "../../4-report/controls.js";
import { ConfigError } from "../../3-check/engine/config.js";
import { fixHandoffs, fixSummary } from "../../5-operations/fix.js";
import { EXIT, type CommandIO } from "./io.js";
import { UsageError } from "./errors.js";
import type { LintCommandOptions } from "./lint-options.js";

/** The fix flags of `lint`. */
export interface FixCommandOptions {
  fix?: boolean;
  fixDryRun?: boolean;
  /** `--fix-type`, repeatable or comma-separated. */
  fixType?: string[];
}

/**
 * Applies (or with `fixDryRun`, shows) the fixes of every file `paths` names, saying what was done
 * on standard error.
 * @returns 0, or 2 for a usage or config error or a file whose fixes could not be written (the
 * lint then does not run).
 */
export async function runLintFix(paths: string[], options: LintCommandOptions & FixCommandOptions, io: CommandIO): Promise<number> {
  try {
    if (options.fix && options.fixDryRun) throw new UsageError("--fix and --fix-dry-run cannot be combined");
    if (options.staged || options.stdinFilename !== undefined)
      throw new UsageError("--fix works on files in the working tree: not with --staged or --stdin-filename");
    const result = await fixHandoffs(
      { paths, config: options.config, profile: options.profile, types: options.fixType, dryRun: Boolean(options.fixDryRun) },
      io,
    );
    let exit: number = EXIT.ok;
    for (const file of result.files) {
      const lines = file.skipped.map((skip) => `handoff lint: ${file.path}:${skip.line} ${skip.ruleId} not fixed: ${skip.reason}`);
      if (file.status === "would-fix") lines.push(`handoff lint: ${file.path}: would fix ${fixSummary(file)}`, ...(file.diff ?? []).map((line) => `  ${line}`));
      else if (file.status === "fixed") lines.push(`handoff lint: ${file.path}: fixed ${fixSummary(file)}`);
      else if (file.status === "failed") {
        lines.push(`handoff lint: ${file.path}: not fixed: ${file.reason}`);
        exit = EXIT.usage;
      }
      io.stderr.write(textLines(lines));
    }
    return exit;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.stderr.write(`handoff: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
