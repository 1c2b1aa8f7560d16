/**
 * The resume pipeline: read → lint → the checks in hatch3r's order → render → status change.
 *
 * Order and outcomes (public repo hatch3r/hatch3r, v2.x, hatch3r's resume step):
 * 1. integrity — a mismatch (or a missing digest, where the `integrity` rule's `missing` option
 *    reports one) warns, confidence is shown as low, and resume goes on; a digest the profile's
 *    schema requires (hatch3r) is step 3's when missing;
 * 2. injection — any error from an `injection-*` rule refuses;
 * 3. frontmatter schema — frontmatter-syntax / frontmatter-schema / record-syntax errors refuse;
 * 4. sections — required-sections and next-action errors refuse; a block the Markdown parser
 *    declined (markdown-limits) warns, as do the gaps of a profile guessed from headings alone;
 * 5. drift — branch differs or commits since: warn (listing the commits; commits that only add or
 *    change handoff files are left out and named in a note);
 * 6. expiry — an `expiry` error refuses, an `expiry` warning warns;
 * 7. version — a hatch3r major version other than 2 gives a migration notice.
 * A status other than open, in-progress, blocked or handed-off refuses (someone resumed or closed it).
 * verified-delivery records also refuse when closed, and name the first pending step outside the
 * authorized boundary as the gate where work must stop.
 *
 * `strict` turns the warnings of integrity (a mismatch, or a missing digest), drift and expiry into
 * refusals.
 */
import path from "node:path";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import type { MaskedDiagnostic, MaskedFileResult } from "../../3-check/engine/diagnostic.js";
import { documentDrift, gitReferenceOf } from "../git/document-drift.js";
import { workTreeRoot } from "../../0-platform/git/queries.js";
import { analyzeSource, type LintSession } from "../../3-check/lint.js";
import { readSource } from "../../1-load/read.js";
import { documentSecrets, secretValuesToMask } from "../../3-check/secrets/document.js";
import { maskText } from "../../3-check/secrets/mask.js";
import { escapeControls } from "../../4-report/controls.js";
import { orderSections, renderUserTier, rendersRecord, type RenderedSection } from "./render.js";
import { isStatus, RESUMABLE } from "./transitions.js";
import { withExpiryGuidance } from "./expiry-step.js";

export type { ResumeStep, StepFinding, StepOutcome, StepVerdict } from "./steps.js";
import type { ResumeStep, StepFinding, StepOutcome, StepVerdict } from "./steps.js";

/** Steps whose warnings `strict` turns into refusals. */
export const STRICT_STEPS: readonly ResumeStep[] = ["integrity", "drift", "expiry"];

/** Everything `resume` decided about one handoff. */
export interface ResumeReport {
  path: string;
  profile: string;
  verdict: "resumed" | "refused" | "unusable";
  /** `strict` was on: integrity, drift and expiry warnings refuse. */
  strict: boolean;
  steps: StepOutcome[];
  /** The frontmatter (or the JSON record) as parsed, with secrets masked; undefined when there is none or the handoff is refused. */
  fields: Record<string, unknown> | undefined;
  /** The document's own `confidence`, when it has one. */
  confidence: number | undefined;
  /** Integrity did not hold: show the confidence as low. */
  confidenceLow: boolean;
  /** verified-delivery: the pending step where work must stop. */
  gate: string | undefined;
  parts: RenderedSection[];
  /** The user-tier block (empty unless resumed). */
  userTier: string;
  /** Why the file is unusable (only for that verdict). */
  problems: string[];
  /** `findingsByRule`: how many of `findings` each rule reported, most first. */
  stats: { sections: number; words: number; findings: number; findingsByRule: Record<string, number> };
}

const SCHEMA_RULES = new Set(["frontmatter-syntax", "frontmatter-schema", "record-syntax"]);
const SECTION_RULES = new Set(["required-sections", "next-action"]);

function finding(d: MaskedDiagnostic): StepFinding {
  return { message: d.message, line: d.line, column: d.column, ruleId: d.ruleId };
}

function said(message: string): StepFinding {
  return { message, line: null, column: null, ruleId: null };
}

/** `16:12 integrity: Integrity mismatch …` for a lint finding, the message alone otherwise. */
export function findingText(f: StepFinding): string {
  return f.ruleId ? `${f.line}:${f.column} ${f.ruleId}: ${f.message}` : f.message;
}

function step(name: ResumeStep, refusing: MaskedDiagnostic[], warning: MaskedDiagnostic[]): StepOutcome {
  if (refusing.length > 0) return { step: name, outcome: "refused", findings: refusing.map(finding), notes: [] };
  if (warning.length > 0) return { step: name, outcome: "warning", findings: warning.map(finding), notes: [] };
  return { step: name, outcome: "ok", findings: [], notes: [] };
}

/** Options of {@link resumeChecks}. */
export interface ResumeCheckOptions {
  /** Where to look for the repository (the working directory). */
  cwd: string;
  /** Run the read-only drift check. */
  git: boolean;
  /** Refuse on integrity, drift and expiry warnings. */
  strict?: boolean;
  /** Whether a path relative to the work tree root is a handoff file (commits changing only those are not drift). */
  isStorePath?: (path: string) => boolean;
  /** The run's clock, for the expires-within-a-day warning (default: the system's). */
  now?: Date;
}

/** The drift step: what `verify --git` says, as one finding per line (commits joined with `; `). */
async function driftStep(document: HandoffDocument, options: ResumeCheckOptions): Promise<StepOutcome> {
  const ok = (notes: string[]): StepOutcome => ({ step: "drift", outcome: "ok", findings: [], notes });
  const warn = (messages: string[], notes: string[] = []): StepOutcome => ({ step: "drift", outcome: "warning", findings: messages.map(said), notes });
  if (!options.git) return ok(["not checked (--no-git)"]);
  const reference = gitReferenceOf(document);
  if (reference === undefined) return ok(["the handoff records no commit (git_ref or head_sha)"]);
  if (typeof reference === "string") return warn([`cannot compare: ${reference}`]);
  let root: string;
  try {
    root = await workTreeRoot(options.cwd);
  } catch {
    return warn([`${options.cwd} is not inside a git work tree; drift not checked`]);
  }
  const drift = await documentDrift(reference, root, { isStorePath: options.isStorePath });
  if (!drift.drift) return ok(drift.notes);
  const messages: string[] = [];
  for (const line of drift.lines) {
    const last = messages.length - 1;
    if (line.startsWith("  ") && last >= 0) messages[last] = `${messages[last]}${(messages[last] as string).endsWith(":") ? " " : "; "}${line.trim()}`;
    else messages.push(line);
  }
  return warn(messages, drift.notes);
}

/** Runs the checks of `document` whose lint result is `result` (already masked). */
export async function resumeChecks(
  document: HandoffDocument,
  result: MaskedFileResult,
  options: ResumeCheckOptions,
): Promise<{ steps: StepOutcome[]; gate: string | undefined }> {
  const all = result.diagnostics;
  const of = (predicate: (d: MaskedDiagnostic) => boolean) => all.filter(predicate);
  const errors = (predicate: (id: string) => boolean) => of((d) => d.severity === "error" && predicate(d.ruleId));
  const steps: StepOutcome[] = [];
  steps.push(
    step(
      "integrity",
      [],
      of((d) => d.ruleId === "integrity"),
    ),
  );
  steps.push(
    step(
      "injection",
      errors((id) => id.startsWith("injection-")),
      of((d) => d.severity !== "error" && d.ruleId.startsWith("injection-")),
    ),
  );
  steps.push(
    step(
      "schema",
      errors((id) => SCHEMA_RULES.has(id)),
      [],
    ),
  );
  // A block the Markdown parser declined (markdown-limits) is shown as written and read by the
  // injection rules as plain text: the reader is warned that its structure was not checked. The
  // gaps of a profile only guessed from headings (warnings, not errors) are shown as warnings.
  const guessed = document.profileReason === "guessed";
  steps.push(
    step(
      "sections",
      errors((id) => SECTION_RULES.has(id)),
      of((d) => d.ruleId === "markdown-limits" || (guessed && SECTION_RULES.has(d.ruleId) && d.severity === "warning")),
    ),
  );
  const data = (document.format === "json" ? document.record?.data : document.frontmatter?.data) as Record<string, unknown> | undefined;
  steps.push(await driftStep(document, options));
  steps.push(
    step(
      "expiry",
      errors((id) => id === "expiry"),
      of((d) => d.ruleId === "expiry" && d.severity === "warning"),
    ),
  );
  const version = typeof data?.hatch3r_version === "string" ? data.hatch3r_version : undefined;
  const major = version ? /^v?(\d+)/.exec(version)?.[1] : undefined;
  steps.push(
    major && major !== "2"
      ? {
          step: "version",
          outcome: "notice",
          findings: [said(`written by hatch3r ${version}; this reader follows hatch3r 2.x: check the migration notes`)],
          notes: [],
        }
      : { step: "version", outcome: "ok", findings: [], notes: [] },
  );
  const status = data?.status;
  if (document.format === "markdown" && isStatus(status) && !RESUMABLE.includes(status)) {
    steps.push({
      step: "status",
      outcome: "refused",
      findings: [said(`status is '${status}': only ${RESUMABLE.join(", ")} handoffs resume (another session may have picked it up)`)],
      notes: [],
    });
  }
  let gate: string | undefined;
  if (document.profileId === "verified-delivery" && data) {
    const findings: StepFinding[] = [];
    let outcome: StepVerdict = "ok";
    if (data.status === "closed") {
      outcome = "refused";
      findings.push(said("the record is closed: a closed verified-delivery record never resumes"));
    }
    const authorized = new Set(((data.authorization_boundary as { authorized?: unknown } | undefined)?.authorized as string[] | undefined) ?? []);
    const pending = Array.isArray(data.pending_steps) ? data.pending_steps : [];
    const outside = pending.find((p) => !authorized.has(typeof p === "string" ? p : JSON.stringify(p)));
    if (outside !== undefined) {
      gate = typeof outside === "string" ? outside : JSON.stringify(outside);
      findings.push(said(`gate: pending step '${gate}' is outside authorization_boundary.authorized: work must stop there`));
      if (outcome === "ok") outcome = "notice";
    }
    steps.push({ step: "record", outcome, findings, notes: [] });
  }
  if (options.strict) {
    for (const s of steps) if (s.outcome === "warning" && STRICT_STEPS.includes(s.step)) s.outcome = "refused";
  }
  const expiry = steps.findIndex((s) => s.step === "expiry");
  const name = typeof data?.id === "string" ? data.id : path.basename(document.displayPath);
  steps[expiry] = withExpiryGuidance(steps[expiry] as StepOutcome, data, options.now ?? new Date(), name);
  return { steps, gate };
}

/** How many findings each rule reported, most first (ties by rule id). */
function countByRule(diagnostics: readonly MaskedDiagnostic[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const d of diagnostics) counts.set(d.ruleId, (counts.get(d.ruleId) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
}

/** How many of the document's secrets (a folded frontmatter value counted once) `printed` would show. */
function printedSecretCount(document: HandoffDocument, printed: string): number {
  const { matches, frontmatter } = documentSecrets(document);
  const values = new Set(matches.map((m) => m.value).filter((value) => printed.includes(value)));
  for (const folded of frontmatter.folded) if ([folded.value, ...folded.pieces].some((piece) => printed.includes(piece))) values.add(folded.value);
  return values.size;
}

/** Options of {@link resumeFile}. */
export interface ResumeFileOptions {
  session: LintSession;
  /** Read-only git drift check (default true). */
  git?: boolean;
  /** Refuse on integrity, drift and expiry warnings. */
  strict?: boolean;
  /** See {@link ResumeCheckOptions.isStorePath}. */
  isStorePath?: (path: string) => boolean;
}

/** `value` with every string in it passed through {@link maskText}. */
function maskFields(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return maskText(value, secrets);
  if (Array.isArray(value)) return value.map((v) => maskFields(v, secrets));
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [maskText(k, secrets), maskFields(v, secrets)]));
  }
  return value;
}

/**
 * Reads, checks and renders `file`. Does not change the file (see `./status-change.ts`).
 * @returns the report; `verdict` is `unusable` when the file cannot be read or decoded.
 */
export async function resumeFile(
  file: string,
  options: ResumeFileOptions,
): Promise<{ report: ResumeReport; document: HandoffDocument | undefined; bytes: Uint8Array }> {
  const { session } = options;
  const source = await readSource(file, { cwd: session.cwd, maxBytes: session.maxFileSize });
  const analyzed = analyzeSource(source, session);
  const result = analyzed.result;
  const document = analyzed.document;
  const base: ResumeReport = {
    path: source.displayPath,
    profile: result.profile,
    verdict: "unusable",
    strict: Boolean(options.strict),
    steps: [],
    fields: undefined,
    confidence: undefined,
    confidenceLow: false,
    gate: undefined,
    parts: [],
    userTier: "",
    problems: [],
    stats: { sections: 0, words: 0, findings: result.diagnostics.length, findingsByRule: countByRule(result.diagnostics) },
  };
  if (!document || document.loadProblems.length > 0 || result.internalErrors.length > 0) {
    const problems = [...(document?.loadProblems.map((p) => p.message) ?? []), ...result.internalErrors.map((e) => e.split("\n")[0] as string)];
    base.problems = document ? problems.map((p) => maskText(p, secretValuesToMask(document))) : problems;
    return { report: base, document, bytes: source.bytes };
  }
  const { steps, gate } = await resumeChecks(document, result, {
    cwd: session.cwd,
    git: options.git !== false,
    strict: options.strict,
    isStorePath: options.isStorePath,
    now: session.now,
  });
  const data = (document.format === "json" ? document.record?.data : document.frontmatter?.data) as Record<string, unknown> | undefined;
  const confidence = typeof data?.confidence === "number" ? data.confidence : undefined;
  const secrets = secretValuesToMask(document);
  const raw = orderSections(document);
  const stepTexts = steps.flatMap((s) => [...s.findings.map((f) => f.message), ...s.notes]);
  const shown = printedSecretCount(document, [...raw.flatMap((p) => [p.title, p.text]), ...stepTexts, JSON.stringify(data ?? null)].join("\n"));
  // A step quotes the document (a status, a pending step): masked like the content.
  for (const s of steps) {
    s.findings = s.findings.map((f) => ({ ...f, message: maskText(f.message, secrets) }));
    s.notes = s.notes.map((note) => maskText(note, secrets));
  }
  if (shown > 0) {
    steps.push({
      step: "secrets",
      outcome: "warning",
      notes: [],
      findings: [said(`${shown} credential-shaped value${shown === 1 ? " was" : "s were"} masked in this output`)],
    });
  }
  const refused = steps.some((s) => s.outcome === "refused");
  const parts = raw.map((p) => ({ ...p, title: maskText(p.title, secrets), text: maskText(p.text, secrets) }));
  const text = parts.map((p) => p.text).join("\n");
  const report: ResumeReport = {
    ...base,
    verdict: refused ? "refused" : "resumed",
    steps,
    // A refused document gives nothing of its own to the reader: neither its content nor its fields.
    fields: !refused && data && typeof data === "object" && !Array.isArray(data) ? (maskFields(data, secrets) as Record<string, unknown>) : undefined,
    confidence,
    confidenceLow: steps[0]?.outcome !== "ok",
    gate: gate === undefined ? undefined : maskText(gate, secrets),
    parts: refused ? [] : parts.map((p) => ({ ...p, title: escapeControls(p.title), text: escapeControls(p.text, { multiline: true }) })),
    userTier: refused ? "" : renderUserTier(parts, rendersRecord(document)),
    stats: {
      sections: parts.length,
      words: (text.match(/\S+/g) ?? []).length,
      findings: result.diagnostics.length,
      findingsByRule: countByRule(result.diagnostics),
    },
  };
  return { report, document, bytes: source.bytes };
}
