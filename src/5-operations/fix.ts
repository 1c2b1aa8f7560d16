/**
 * `fix` (`lint --fix`): before a lint reports, each file gets the safe fixes of
 * src/5-operations/fix/lint-fixes.ts for what it reports, written atomically (read back, refused when the file
 * changed meanwhile); a dry run returns the masked diff instead and writes nothing.
 */
import path from "node:path";
import { atomicWrite, AtomicWriteError } from "../0-platform/fs/atomic-write.js";
import { maskedLineDiff } from "./fix/line-diff.js";
import { DEFAULT_FIX_TYPES, FIX_TYPES, planFixes, type AppliedFix, type FixType } from "./fix/lint-fixes.js";
import { analyzeSource, createSession } from "../3-check/lint.js";
import type { MarkdownlintConfiguration } from "../3-check/markdownlint/presets.js";
import { discoverFiles } from "../1-load/discover.js";
import { readSource } from "../1-load/read.js";
import { secretValuesToMask } from "../3-check/secrets/document.js";
import { defaultInputs } from "./store/resolve.js";
import { configFor, envOf, type ConfigOptions, type OperationContext } from "./context.js";
import { UsageError } from "./errors.js";

/** Options of {@link fixHandoffs}. */
export interface FixRunOptions extends ConfigOptions {
  /** Files, directories or globs (default: the handoff store, else `.`). */
  paths?: readonly string[];
  /** Check every document against this profile instead of detecting it. */
  profile?: string;
  /** Only these kinds of fix (default: markdownlint, line-endings, integrity); naming `integrity` also seals an unsealed or broken seal. */
  types?: readonly string[];
  /** Return the fixes as a masked diff, write nothing. */
  dryRun?: boolean;
}

/** What fixing one file did. */
export interface FixFileResult {
  /** The file, relative to the working directory. */
  path: string;
  /** `fixed` (written), `would-fix` (dry run), `unchanged` (nothing to fix), `failed` (the write failed; unchanged). */
  status: "fixed" | "would-fix" | "unchanged" | "failed";
  applied: AppliedFix[];
  /** Findings with a fix that was not applied, and why. */
  skipped: Array<{ ruleId: string; line: number; reason: string }>;
  /** Dry run: the changed lines, masked. */
  diff?: string[];
  /** Why the write failed. */
  reason?: string;
}

/** What `fix` did, file by file in path order. */
export interface FixResult {
  files: FixFileResult[];
}

/** Fix type names → the set of types. @throws UsageError for an unknown one. */
export function parseFixTypes(values: readonly string[] | undefined): { types: Set<FixType>; named: boolean } {
  const named = (values ?? []).flatMap((v) => v.split(",")).filter((v) => v !== "");
  for (const type of named) if (!(FIX_TYPES as readonly string[]).includes(type)) throw new UsageError(`unknown --fix-type '${type}' (known: ${FIX_TYPES.join(", ")})`);
  return { types: new Set((named.length > 0 ? named : DEFAULT_FIX_TYPES) as FixType[]), named: named.length > 0 };
}

/**
 * Applies (or on a dry run, shows) the fixes of every file `options.paths` names.
 * @throws UsageError for an unknown fix type; ConfigError for a bad config or profile.
 */
export async function fixHandoffs(options: FixRunOptions, context: OperationContext): Promise<FixResult> {
  const { types, named } = parseFixTypes(options.types);
  const loaded = configFor(context.cwd, options.config);
  const configDir = loaded.filepath ? path.dirname(loaded.filepath) : context.cwd;
  const session = createSession({ cwd: context.cwd, config: loaded.config, configDir, profile: options.profile });
  const setting = loaded.config.markdownlint;
  const markdownlintPreset = typeof setting === "string" ? setting : undefined;
  const markdownlintConfig = typeof setting === "object" ? (setting as MarkdownlintConfiguration) : undefined;
  const inputs = options.paths && options.paths.length > 0 ? [...options.paths] : defaultInputs(context.cwd, envOf(context));
  const { files } = await discoverFiles(inputs, { cwd: context.cwd, ignores: loaded.config.ignores, ignoresDir: configDir });
  const results: FixFileResult[] = [];
  for (const file of files) {
    const source = await readSource(file, { cwd: context.cwd, maxBytes: session.maxFileSize });
    const { document, result } = analyzeSource(source, session);
    if (!document) continue;
    const plan = planFixes(document, result.diagnostics, { types, named, markdownlintPreset, markdownlintConfig });
    const base = { path: source.displayPath, applied: plan.applied, skipped: plan.skipped };
    if (plan.unchanged) {
      results.push({ ...base, status: "unchanged" });
      continue;
    }
    if (options.dryRun) {
      results.push({ ...base, status: "would-fix", diff: maskedLineDiff(document.text, plan.text, secretValuesToMask(document)) });
      continue;
    }
    try {
      await atomicWrite(source.path, plan.bytes, { expected: source.bytes });
      results.push({ ...base, status: "fixed" });
    } catch (error) {
      if (!(error instanceof AtomicWriteError)) throw error;
      results.push({ ...base, status: "failed", reason: error.message });
    }
  }
  return { files: results };
}

/** `MD009 ×2, integrity`: the fixes applied, by rule. */
export function fixSummary(file: Pick<FixFileResult, "applied">): string {
  const counts = new Map<string, number>();
  for (const fix of file.applied) counts.set(fix.ruleId ?? fix.type, (counts.get(fix.ruleId ?? fix.type) ?? 0) + 1);
  return [...counts].map(([id, n]) => (n > 1 ? `${id} ×${n}` : id)).join(", ");
}
