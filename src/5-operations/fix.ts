/**
 * `fix` (`lint --fix`): the fixes rules attach to their findings (`meta.fixable`, a report's
 * `fix`: src/3-check/engine/text-edit.ts), applied as ESLint applies them: every fix that does not
 * overlap another in one pass, then the document linted again and the next pass, until nothing is
 * left to fix (at most {@link MAX_PASSES}). Written atomically (read back, refused when the file
 * changed meanwhile); a dry run returns the masked diff instead and writes nothing.
 *
 * Which fixes: those of the kinds asked for (`types`; default markdownlint, line-endings,
 * integrity), never (line endings aside) on a line holding a secret or in the verified-facts and
 * hypotheses sections (a fix there could change what was verified or supposed). A seal (`integrity`) is written again only
 * when it held before the other fixes, or when `integrity` is asked for by name: a broken seal may
 * be the only sign of tampering.
 */
import path from "node:path";
import type { HandoffDocument } from "../2-parse/document/model.js";
import { sourceFromBytes } from "../1-load/read.js";
import { discoverFiles } from "../1-load/discover.js";
import { readSource } from "../1-load/read.js";
import { builtinRules } from "../../rules/index.js";
import type { HandoffConfig } from "../3-check/engine/config.js";
import type { MaskedDiagnostic, SeveritySetting } from "../3-check/engine/diagnostic.js";
import { FIX_TYPES, type FixType } from "../3-check/engine/rule.js";
import { applyEdits, type TextEdit } from "../3-check/engine/text-edit.js";
import { verifyIntegrity } from "../3-check/integrity/verify.js";
import { analyzeSource, createSession, type LintSession } from "../3-check/lint.js";
import { documentSecrets, secretValuesToMask } from "../3-check/secrets/document.js";
import { atomicWrite, AtomicWriteError } from "../0-platform/fs/atomic-write.js";
import { maskedLineDiff } from "./fix/line-diff.js";
import { defaultInputs } from "./store/resolve.js";
import { configFor, envOf, type ConfigOptions, type OperationContext } from "./context.js";
import { UsageError } from "./errors.js";

export { FIX_TYPES, type FixType } from "../3-check/engine/rule.js";

/** What `fix` applies when no kinds are named. */
export const DEFAULT_FIX_TYPES: readonly FixType[] = ["markdownlint", "line-endings", "integrity"];

/** How many times a document is linted and fixed at most (ESLint's number). */
export const MAX_PASSES = 10;

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

/** One fix applied. */
export interface AppliedFix {
  type: FixType;
  /** The finding's rule (`MD009`, `required-sections`, `integrity`, `line-endings`). */
  ruleId: string;
  /** 1-based line of the finding, in the text of the pass that fixed it. */
  line: number;
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
  for (const type of named)
    if (!(FIX_TYPES as readonly string[]).includes(type)) throw new UsageError(`unknown --fix-type '${type}' (known: ${FIX_TYPES.join(", ")})`);
  return { types: new Set((named.length > 0 ? named : DEFAULT_FIX_TYPES) as FixType[]), named: named.length > 0 };
}

const PROTECTED_ROLES = new Set(["verified-facts", "hypotheses"]);

/** Lines (1-based) no fix may touch: those of a secret, and of the verified-facts and hypotheses sections. */
function protectedLines(document: HandoffDocument): Set<number> {
  const lines = new Set<number>();
  const add = (from: number, to: number) => {
    for (let l = from; l <= to; l++) lines.add(l);
  };
  const { matches, frontmatter } = documentSecrets(document);
  for (const m of [...matches, ...frontmatter.folded]) add(document.lines.point(m.offset).line, document.lines.point(m.endOffset).line);
  for (const section of document.sections) {
    if (section.roles.some((r) => PROTECTED_ROLES.has(r))) add(section.range.start.line, section.range.end.line);
  }
  return lines;
}

/** The fix kind of each built-in rule that has one, and of markdownlint's ids (the bridge's). */
const FIX_TYPE_OF: ReadonlyMap<string, FixType> = new Map(
  builtinRules.flatMap((rule) => (rule.meta.fixable ? [[rule.meta.id, rule.meta.fixable] as const] : [])),
);
const fixTypeOf = (ruleId: string): FixType | undefined => (/^MD\d{3}$/.test(ruleId) ? "markdownlint" : FIX_TYPE_OF.get(ruleId));

/**
 * The config of the fix passes: the rules of the chosen kinds that are off by default (line-endings)
 * on, unless config says otherwise; with `integrity` named, a missing seal reported for every profile.
 */
function fixConfig(
  config: HandoffConfig,
  types: ReadonlySet<FixType>,
  named: boolean,
): { config: HandoffConfig; ruleOverrides: Record<string, SeveritySetting> } {
  const ruleOverrides: Record<string, SeveritySetting> = {};
  for (const rule of builtinRules) {
    if (rule.meta.fixable && types.has(rule.meta.fixable) && rule.meta.defaultSeverity === "off" && config.rules?.[rule.meta.id] === undefined)
      ruleOverrides[rule.meta.id] = "info";
  }
  if (!(named && types.has("integrity"))) return { config, ruleOverrides };
  return { config: { ...config, rules: { ...config.rules, integrity: ["error", { missing: { "*": "error" } }] } }, ruleOverrides };
}

/** Fixes one document in passes. @returns the fixed text (or the original), what was applied and what was skipped. */
function fixDocument(
  first: HandoffDocument,
  firstFindings: readonly MaskedDiagnostic[],
  session: LintSession,
  types: ReadonlySet<FixType>,
  named: boolean,
): Pick<FixFileResult, "applied" | "skipped"> & { text: string } {
  const applied: AppliedFix[] = [];
  const skipped: FixFileResult["skipped"] = [];
  // A seal is written again when it held before any fix, or when asked for by name.
  const sealHeld = verifyIntegrity(first).status === "ok";
  let document = first;
  let findings = firstFindings;
  let beforeSeal: HandoffDocument | undefined;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const guarded = protectedLines(document);
    const chosen: Array<{ finding: MaskedDiagnostic; type: FixType; edits: readonly TextEdit[] }> = [];
    for (const finding of findings) {
      const type = fixTypeOf(finding.ruleId);
      if (!finding.fix || type === undefined || !types.has(type)) continue;
      if (type === "integrity") {
        if (!(named || (sealHeld && document.text !== first.text))) continue;
      } else if (type !== "line-endings") {
        // Line endings change no word of what was verified or supposed.
        // The lines an edit touches: from its start to its last character (an end at a line's start is the line before's).
        const touched = finding.fix.flatMap((edit) => [
          document.lines.point(edit.range[0]).line,
          document.lines.point(Math.max(edit.range[0], edit.range[1] - 1)).line,
        ]);
        if (touched.some((line) => guarded.has(line))) {
          // Said once, at the line the user sees: the first pass's.
          if (pass === 0) skipped.push({ ruleId: finding.ruleId, line: finding.line, reason: "the line holds a secret, a verified fact or a hypothesis" });
          continue;
        }
      }
      chosen.push({ finding, type, edits: finding.fix });
    }
    // A seal is written last, over the text the other fixes leave.
    const others = chosen.filter((c) => c.type !== "integrity");
    const batch = others.length > 0 ? others : chosen;
    if (batch.length === 0) break;
    if (batch === chosen) beforeSeal = document;
    const result = applyEdits(
      document.text,
      batch.map((c) => c.edits),
    );
    for (const index of result.applied) {
      const { finding, type } = batch[index] as (typeof batch)[number];
      applied.push({ type, ruleId: finding.ruleId, line: finding.line });
    }
    if (result.text === document.text) break;
    const bytes = withBom(document, result.text);
    const analyzed = analyzeSource(sourceFromBytes(document.path, bytes, session.cwd, { maxBytes: Number.MAX_SAFE_INTEGER }), session);
    if (!analyzed.document) break;
    document = analyzed.document;
    findings = analyzed.result.diagnostics;
  }
  if (beforeSeal && verifyIntegrity(document).status !== "ok") {
    // The seal written does not hold: keep the other fixes, not it.
    skipped.push({ ruleId: "integrity", line: 1, reason: "the seal written did not verify (please report this document)" });
    const at = applied.findIndex((a) => a.type === "integrity");
    if (at !== -1) applied.splice(at);
    return { applied, skipped, text: beforeSeal.text };
  }
  return { applied, skipped, text: document.text };
}

function withBom(document: HandoffDocument, text: string): Uint8Array {
  const body = new TextEncoder().encode(text);
  return document.bom ? new Uint8Array([0xef, 0xbb, 0xbf, ...body]) : body;
}

/**
 * Applies (or on a dry run, shows) the fixes of every file `options.paths` names.
 * @throws UsageError for an unknown fix type; ConfigError for a bad config or profile.
 */
export async function fixHandoffs(options: FixRunOptions, context: OperationContext): Promise<FixResult> {
  const { types, named } = parseFixTypes(options.types);
  const loaded = configFor(context.cwd, options.config);
  const configDir = loaded.filepath ? path.dirname(loaded.filepath) : context.cwd;
  const { config, ruleOverrides } = fixConfig(loaded.config, types, named);
  const session = createSession({ cwd: context.cwd, config, configDir, profile: options.profile, ruleOverrides });
  const inputs = options.paths && options.paths.length > 0 ? [...options.paths] : defaultInputs(context.cwd, envOf(context));
  const { files } = await discoverFiles(inputs, { cwd: context.cwd, ignores: loaded.config.ignores, ignoresDir: configDir });
  const results: FixFileResult[] = [];
  for (const file of files) {
    const source = await readSource(file, { cwd: context.cwd, maxBytes: session.maxFileSize });
    const { document, result } = analyzeSource(source, session);
    if (!document || document.loadProblems.length > 0 || document.format !== "markdown") continue;
    const fixed = fixDocument(document, result.diagnostics, session, types, named);
    const base = { path: source.displayPath, applied: fixed.applied, skipped: fixed.skipped };
    if (fixed.text === document.text) {
      results.push({ ...base, status: "unchanged" });
      continue;
    }
    if (options.dryRun) {
      results.push({ ...base, status: "would-fix", diff: maskedLineDiff(document.text, fixed.text, secretValuesToMask(document)) });
      continue;
    }
    try {
      await atomicWrite(source.path, withBom(document, fixed.text), { expected: source.bytes });
      results.push({ ...base, status: "fixed" });
    } catch (error) {
      if (!(error instanceof AtomicWriteError)) throw error;
      results.push({ ...base, status: "failed", reason: error.message });
    }
  }
  return { files: results };
}

/** `MD009 ×2, integrity`: the fixes applied, by rule, in the order of {@link FIX_TYPES} and then of rule ids. */
export function fixSummary(file: Pick<FixFileResult, "applied">): string {
  const counts = new Map<string, number>();
  const sorted = [...file.applied].sort(
    (a, b) => FIX_TYPES.indexOf(a.type) - FIX_TYPES.indexOf(b.type) || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0),
  );
  for (const fix of sorted) counts.set(fix.ruleId, (counts.get(fix.ruleId) ?? 0) + 1);
  return [...counts].map(([id, n]) => (n > 1 ? `${id} ×${n}` : id)).join(", ");
}
