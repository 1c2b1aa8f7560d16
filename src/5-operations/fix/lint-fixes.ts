/**
 * `lint --fix`: the fixes that are safe to apply to a handoff, ESLint-style by type.
 *
 * - `markdownlint`: markdownlint's own fix information (`LintError.fixInfo`, applied with its
 *   `applyFixes`) for the findings the lint reported — so only for markdownlint rules that are on,
 *   and never for a suppressed finding.
 * - `line-endings`: a document with mixed line endings gets its first line's ending throughout.
 * - `layout` (only when asked for): a `## <Section>` skeleton saying "Not recorded yet." for each
 *   section `required-sections` says is missing, appended at the end.
 * - `integrity`: a seal that held before the fixes is written again after them, so the fixed
 *   document still verifies. A missing or broken seal is written only when `integrity` is asked
 *   for by name (a broken seal may be the only sign of tampering).
 *
 * Never fixed: a line holding a secret, and the lines of the verified-facts and hypotheses
 * sections (a fix there could change what was verified or supposed).
 */
import { lint } from "markdownlint/sync";
import { applyFixes, type Configuration, type LintError } from "markdownlint";
import { FrontmatterPrefix } from "../../../rules/markdownlint.js";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { parseDocument } from "../../2-parse/document/parse.js";
import type { MaskedDiagnostic } from "../../3-check/engine/diagnostic.js";
import { planSeal, SealError } from "../../3-check/integrity/seal.js";
import { verifyIntegrity } from "../../3-check/integrity/verify.js";
import { sourceFromBytes } from "../../1-load/read.js";
import { documentSecrets } from "../../3-check/secrets/document.js";
import { keyedByRuleId, MARKDOWNLINT_PRESET_CONFIG, type MarkdownlintConfiguration, type MarkdownlintPreset } from "../../3-check/markdownlint/presets.js";

/** The kinds of fix, as `--fix-type` names them. */
export const FIX_TYPES = ["markdownlint", "line-endings", "layout", "integrity"] as const;

/** One kind of fix. */
export type FixType = (typeof FIX_TYPES)[number];

/** What `--fix` applies without `--fix-type`. */
export const DEFAULT_FIX_TYPES: readonly FixType[] = ["markdownlint", "line-endings", "integrity"];

/** One fix applied. */
export interface AppliedFix {
  type: FixType;
  /** The finding's rule (`MD009`, `required-sections`, `integrity`), or undefined for line endings. */
  ruleId: string | undefined;
  /** 1-based line in the original document. */
  line: number;
}

/** What fixing one document gives. */
export interface FixPlan {
  /** The whole new file (BOM kept). */
  bytes: Uint8Array;
  /** The new text (without BOM). */
  text: string;
  applied: AppliedFix[];
  /** Findings with a fix that was not applied, and why. */
  skipped: Array<{ ruleId: string; line: number; reason: string }>;
  unchanged: boolean;
}

/** Options of {@link planFixes}. */
export interface FixOptions {
  types: ReadonlySet<FixType>;
  /** `--fix-type` named the types: `integrity` then also writes a missing or broken seal. */
  named: boolean;
  /** The markdownlint preset the config chooses (default `handoff`). */
  markdownlintPreset?: MarkdownlintPreset;
  /** markdownlint config from the handoffkit config (`markdownlint` key), over the preset. */
  markdownlintConfig?: MarkdownlintConfiguration;
}

const PROTECTED_ROLES = new Set(["verified-facts", "hypotheses"]);
const MISSING_RE = /^Missing required section '(.+)' \(/;

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

/**
 * The config the bridge (rules/markdownlint.ts) lints with: the preset, the user's entries over it,
 * and each rule that reported a finding turned on (a `--rule` or config severity can do that).
 */
function bridgeConfig(options: FixOptions, reportedIds: ReadonlySet<string>): Configuration {
  const user = keyedByRuleId(options.markdownlintConfig ?? {});
  const config: MarkdownlintConfiguration = { ...MARKDOWNLINT_PRESET_CONFIG[options.markdownlintPreset ?? "handoff"] };
  for (const key of Object.keys(user)) delete config[key];
  Object.assign(config, user);
  for (const id of reportedIds) {
    const value = config[id];
    if (!value || (typeof value === "object" && (value as { enabled?: boolean }).enabled === false)) config[id] = value && typeof value === "object" ? { ...value, enabled: true } : true;
  }
  return config;
}

function markdownlintFixes(document: HandoffDocument, text: string, diagnostics: readonly MaskedDiagnostic[], options: FixOptions, plan: FixPlan): string {
  const ids = diagnostics.filter((d) => /^MD\d{3}$/.test(d.ruleId));
  const reported = new Set(ids.map((d) => `${d.ruleId}:${d.line}`));
  if (reported.size === 0) return text;
  const end = document.frontmatter && !document.frontmatter.problems.some((p) => p.code === "unclosed") ? document.frontmatter.range.end.offset : 0;
  const results = lint({
    strings: { document: text },
    config: bridgeConfig(options, new Set(ids.map((d) => d.ruleId))),
    frontMatter: end > 0 ? new FrontmatterPrefix(end) : null,
    handleRuleFailures: true,
    noInlineConfig: false,
  });
  const guarded = protectedLines(document);
  const kept: LintError[] = [];
  for (const error of results.document ?? []) {
    const id = error.ruleNames[0] ?? "MD000";
    if (!error.fixInfo || !reported.has(`${id}:${error.lineNumber}`)) continue;
    if (guarded.has(error.lineNumber) || (error.fixInfo.lineNumber !== undefined && guarded.has(error.fixInfo.lineNumber))) {
      plan.skipped.push({ ruleId: id, line: error.lineNumber, reason: "the line holds a secret, a verified fact or a hypothesis" });
      continue;
    }
    kept.push(error);
    plan.applied.push({ type: "markdownlint", ruleId: id, line: error.lineNumber });
  }
  return kept.length > 0 ? applyFixes(text, kept) : text;
}

function lineEndingFix(text: string, plan: FixPlan): string {
  const endings = new Set(text.match(/\r\n|\r|\n/g) ?? []);
  if (endings.size < 2) return text;
  const first = (/\r\n|\r|\n/.exec(text) as RegExpExecArray)[0];
  plan.applied.push({ type: "line-endings", ruleId: undefined, line: 1 });
  return text.replace(/\r\n|\r|\n/g, first);
}

function layoutFix(text: string, diagnostics: readonly MaskedDiagnostic[], plan: FixPlan): string {
  const eol = /\r\n|\r|\n/.exec(text)?.[0] ?? "\n";
  let out = text;
  for (const d of diagnostics) {
    const title = d.ruleId === "required-sections" ? MISSING_RE.exec(d.message)?.[1] : undefined;
    if (title === undefined) continue;
    out = `${out}${/(\r\n|\r|\n)$/.test(out) || out === "" ? "" : eol}${eol}## ${title}${eol}${eol}Not recorded yet.${eol}`;
    plan.applied.push({ type: "layout", ruleId: d.ruleId, line: d.line });
  }
  return out;
}

function withBom(document: HandoffDocument, text: string): Uint8Array {
  const body = new TextEncoder().encode(text);
  return document.bom ? new Uint8Array([0xef, 0xbb, 0xbf, ...body]) : body;
}

/**
 * Plans the fixes of `document` from its lint findings (`diagnostics` as the lint returned them).
 * A JSON record gets none. A seal that cannot be written again is left as it was (skipped).
 */
export function planFixes(document: HandoffDocument, diagnostics: readonly MaskedDiagnostic[], options: FixOptions): FixPlan {
  const plan: FixPlan = { bytes: document.bytes, text: document.text, applied: [], skipped: [], unchanged: true };
  if (document.format !== "markdown" || document.loadProblems.length > 0) return plan;
  let text = document.text;
  if (options.types.has("markdownlint")) text = markdownlintFixes(document, text, diagnostics, options, plan);
  if (options.types.has("line-endings")) text = lineEndingFix(text, plan);
  if (options.types.has("layout")) text = layoutFix(text, diagnostics, plan);
  let bytes = withBom(document, text);
  if (options.types.has("integrity")) {
    const before = verifyIntegrity(document).status;
    const reseal = (before === "ok" && text !== document.text) || (options.named && ["unsealed", "mismatch", "line-endings"].includes(before));
    if (reseal) {
      try {
        const sealed = planSeal(parseDocument(sourceFromBytes(document.path, bytes, "/")));
        if (!sealed.unchanged) {
          bytes = sealed.bytes;
          text = new TextDecoder().decode(document.bom ? bytes.subarray(3) : bytes);
          plan.applied.push({ type: "integrity", ruleId: "integrity", line: 1 });
        }
      } catch (error) {
        if (!(error instanceof SealError)) throw error;
        plan.skipped.push({ ruleId: "integrity", line: 1, reason: `cannot seal: ${error.message}` });
      }
    }
  }
  if (text === document.text) return plan;
  return { ...plan, bytes, text, unchanged: false };
}
