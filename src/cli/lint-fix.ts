/**
 * `lint --fix` and `lint --fix-dry-run`: before the lint reports, each file gets the safe fixes of
 * src/fix/lint-fixes.ts for what it reports. `--fix` writes them (atomically, read back, refused
 * when the file changed meanwhile); `--fix-dry-run` prints the masked diff instead. What was done
 * goes to standard error, so the report on standard output stays one format.
 */
import type { Configuration } from "markdownlint";
import path from "node:path";
import { ConfigError, type LoadedConfig } from "../engine/config.js";
import { DEFAULT_FIX_TYPES, FIX_TYPES, planFixes, type FixPlan, type FixType } from "../fix/lint-fixes.js";
import { maskedLineDiff } from "../fix/line-diff.js";
import { analyzeSource, createSession } from "../lint.js";
import { discoverFiles } from "../load/discover.js";
import { readSource } from "../load/read.js";
import { secretValuesToMask } from "../secrets/document.js";
import { defaultInputs } from "../store/resolve.js";
import { atomicWrite, AtomicWriteError } from "../fs/atomic-write.js";
import { EXIT, type CommandIO } from "./io.js";
import { UsageError } from "./errors.js";
import type { LintCommandOptions } from "./lint-options.js";
import { commandConfig } from "./command.js";

/** The fix flags of `lint`. */
export interface FixCommandOptions {
  fix?: boolean;
  fixDryRun?: boolean;
  /** `--fix-type`, repeatable or comma-separated. */
  fixType?: string[];
}

/** `--fix-type` values → the set of types. @throws UsageError for an unknown one. */
export function parseFixTypes(values: readonly string[] | undefined): { types: Set<FixType>; named: boolean } {
  const named = (values ?? []).flatMap((v) => v.split(",")).filter((v) => v !== "");
  for (const type of named) if (!(FIX_TYPES as readonly string[]).includes(type)) throw new UsageError(`unknown --fix-type '${type}' (known: ${FIX_TYPES.join(", ")})`);
  return { types: new Set((named.length > 0 ? named : DEFAULT_FIX_TYPES) as FixType[]), named: named.length > 0 };
}

function summary(plan: FixPlan): string {
  const counts = new Map<string, number>();
  for (const fix of plan.applied) counts.set(fix.ruleId ?? fix.type, (counts.get(fix.ruleId ?? fix.type) ?? 0) + 1);
  return [...counts].map(([id, n]) => (n > 1 ? `${id} ×${n}` : id)).join(", ");
}

/**
 * Applies (or with `fixDryRun`, shows) the fixes of every file `paths` names.
 * @returns 0, or 2 for a usage or config error or a file whose fixes could not be written (the
 * lint then does not run).
 */
export async function runLintFix(paths: string[], options: LintCommandOptions & FixCommandOptions, io: CommandIO): Promise<number> {
  try {
    if (options.fix && options.fixDryRun) throw new UsageError("--fix and --fix-dry-run cannot be combined");
    if (options.staged || options.stdinFilename !== undefined) throw new UsageError("--fix works on files in the working tree: not with --staged or --stdin-filename");
    const { types, named } = parseFixTypes(options.fixType);
    const loaded: LoadedConfig = commandConfig(io.cwd, options.config);
    const configDir = loaded.filepath ? path.dirname(loaded.filepath) : io.cwd;
    const session = createSession({ cwd: io.cwd, config: loaded.config, configDir, profile: options.profile });
    const setting = loaded.config.markdownlint;
    const markdownlintPreset = typeof setting === "string" ? setting : undefined;
    const markdownlintConfig = typeof setting === "object" ? (setting as Configuration) : undefined;
    const { files } = await discoverFiles(paths.length > 0 ? paths : defaultInputs(io.cwd, io.env), { cwd: io.cwd, ignores: loaded.config.ignores, ignoresDir: configDir });
    let exit: number = EXIT.ok;
    for (const file of files) {
      const source = await readSource(file, { cwd: io.cwd, maxBytes: session.maxFileSize });
      const { document, result } = analyzeSource(source, session);
      if (!document) continue;
      const plan = planFixes(document, result.diagnostics, { types, named, markdownlintPreset, markdownlintConfig });
      for (const skip of plan.skipped) io.stderr.write(`handoff lint: ${source.displayPath}:${skip.line} ${skip.ruleId} not fixed: ${skip.reason}\n`);
      if (plan.unchanged) continue;
      if (options.fixDryRun) {
        io.stderr.write(`handoff lint: ${source.displayPath}: would fix ${summary(plan)}\n`);
        for (const line of maskedLineDiff(document.text, plan.text, secretValuesToMask(document))) io.stderr.write(`  ${line}\n`);
        continue;
      }
      try {
        await atomicWrite(source.path, plan.bytes, { expected: source.bytes });
        io.stderr.write(`handoff lint: ${source.displayPath}: fixed ${summary(plan)}\n`);
      } catch (error) {
        if (!(error instanceof AtomicWriteError)) throw error;
        io.stderr.write(`handoff lint: ${source.displayPath}: not fixed: ${error.message}\n`);
        exit = EXIT.usage;
      }
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
