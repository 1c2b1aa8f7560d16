/**
 * The resume pipeline: read → lint → the checks in hatch3r's order → render → status change.
 *
 * Order and outcomes (`../shared/formats.md` §2, hatch3r's resume step):
 * 1. integrity — a mismatch or missing digest warns, confidence is shown as low, and resume goes on;
 * 2. injection — any error from an `injection-*` rule refuses;
 * 3. frontmatter schema — frontmatter-syntax / frontmatter-schema / record-syntax errors refuse;
 * 4. sections — required-sections and next-action errors refuse;
 * 5. drift — branch differs or commits since: warn (listing the commits);
 * 6. expiry — an `expiry` error refuses;
 * 7. version — a hatch3r major version other than 2 gives a migration notice.
 * A status other than open, in-progress, blocked or handed-off refuses (someone resumed or closed it).
 * verified-delivery records also refuse when closed, and name the first pending step outside the
 * authorized boundary as the gate where work must stop.
 */
import type { HandoffDocument } from "../document/model.js";
import type { MaskedDiagnostic, MaskedFileResult } from "../engine/diagnostic.js";
import { describeDrift, handoffDrift, recordedRef } from "../git/handoff-drift.js";
import { analyseSource, type LintSession } from "../lint.js";
import { readSource } from "../load/read.js";
import { documentSecrets, secretValuesToMask } from "../secrets/document.js";
import { maskText } from "../secrets/mask.js";
import { escapeControls } from "../report/controls.js";
import { orderSections, renderUserTier, rendersRecord, type RenderedSection } from "./render.js";
import { isStatus, RESUMABLE } from "./transitions.js";

/** A check step of the resume order. */
export type ResumeStep = "integrity" | "injection" | "schema" | "sections" | "drift" | "expiry" | "version" | "record" | "status";

/** The outcome of one step. */
export interface StepOutcome {
  step: ResumeStep;
  outcome: "ok" | "warning" | "refused" | "notice";
  messages: string[];
}

/** Everything `resume` decided about one handoff. */
export interface ResumeReport {
  path: string;
  profile: string;
  verdict: "resumed" | "refused" | "unusable";
  steps: StepOutcome[];
  /** The document's own `confidence`, when it has one. */
  confidence: number | undefined;
  /** Integrity did not hold: show the confidence as low. */
  confidenceLow: boolean;
  /** verified-delivery: the pending step where work must stop. */
  gate: string | undefined;
  parts: RenderedSection[];
  /** The user-tier block (empty unless resumed). */
  userTier: string;
  /** Warnings printed after the block. */
  warnings: string[];
  stats: { sections: number; words: number; findings: number };
}

const SCHEMA_RULES = new Set(["frontmatter-syntax", "frontmatter-schema", "record-syntax"]);
const SECTION_RULES = new Set(["required-sections", "next-action"]);

function line(d: MaskedDiagnostic): string {
  return `${d.line}:${d.column} ${d.ruleId}: ${d.message}`;
}

function step(name: ResumeStep, refusing: MaskedDiagnostic[], warning: MaskedDiagnostic[]): StepOutcome {
  if (refusing.length > 0) return { step: name, outcome: "refused", messages: refusing.map(line) };
  if (warning.length > 0) return { step: name, outcome: "warning", messages: warning.map(line) };
  return { step: name, outcome: "ok", messages: [] };
}

/** Runs the checks of `document` whose lint result is `result`. */
export async function resumeChecks(document: HandoffDocument, result: MaskedFileResult, cwd: string, checkGit: boolean): Promise<{ steps: StepOutcome[]; gate: string | undefined }> {
  const all = result.diagnostics;
  const of = (predicate: (d: MaskedDiagnostic) => boolean) => all.filter(predicate);
  const errors = (predicate: (id: string) => boolean) => of((d) => d.severity === "error" && predicate(d.ruleId));
  const steps: StepOutcome[] = [];
  steps.push(step("integrity", [], of((d) => d.ruleId === "integrity")));
  steps.push(step("injection", errors((id) => id.startsWith("injection-")), of((d) => d.severity !== "error" && d.ruleId.startsWith("injection-"))));
  steps.push(step("schema", errors((id) => SCHEMA_RULES.has(id)), []));
  steps.push(step("sections", errors((id) => SECTION_RULES.has(id)), []));
  const data = (document.format === "json" ? document.record?.data : document.frontmatter?.data) as Record<string, unknown> | undefined;
  const ref = recordedRef(document.profileId, data);
  if (checkGit && ref && (ref.branch || ref.sha || ref.repository)) {
    const drift = await handoffDrift(cwd, ref);
    steps.push({ step: "drift", outcome: drift.length > 0 ? "warning" : "ok", messages: drift.map(describeDrift) });
  } else {
    steps.push({ step: "drift", outcome: "ok", messages: checkGit ? ["the handoff records no branch or commit"] : ["not checked (--no-git)"] });
  }
  steps.push(step("expiry", errors((id) => id === "expiry"), of((d) => d.ruleId === "expiry" && d.severity === "warning")));
  const version = typeof data?.hatch3r_version === "string" ? data.hatch3r_version : undefined;
  const major = version ? /^v?(\d+)/.exec(version)?.[1] : undefined;
  steps.push(
    major && major !== "2"
      ? { step: "version", outcome: "notice", messages: [`written by hatch3r ${version}; this reader follows hatch3r 2.x: check the migration notes`] }
      : { step: "version", outcome: "ok", messages: [] },
  );
  const status = data?.status;
  if (document.format === "markdown" && isStatus(status) && !RESUMABLE.includes(status)) {
    steps.push({
      step: "status",
      outcome: "refused",
      messages: [`status is '${status}': only ${RESUMABLE.join(", ")} handoffs resume (another session may have picked it up)`],
    });
  }
  let gate: string | undefined;
  if (document.profileId === "verified-delivery" && data) {
    const messages: string[] = [];
    let outcome: StepOutcome["outcome"] = "ok";
    if (data.status === "closed") {
      outcome = "refused";
      messages.push("the record is closed: a closed verified-delivery record never resumes");
    }
    const authorized = new Set(((data.authorization_boundary as { authorized?: unknown } | undefined)?.authorized as string[] | undefined) ?? []);
    const pending = Array.isArray(data.pending_steps) ? data.pending_steps : [];
    const outside = pending.find((p) => !authorized.has(typeof p === "string" ? p : JSON.stringify(p)));
    if (outside !== undefined) {
      gate = typeof outside === "string" ? outside : JSON.stringify(outside);
      messages.push(`gate: pending step '${gate}' is outside authorization_boundary.authorized: work must stop there`);
      if (outcome === "ok") outcome = "notice";
    }
    steps.push({ step: "record", outcome, messages });
  }
  return { steps, gate };
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
}

/**
 * Reads, checks and renders `file`. Does not change the file (see `./status-change.ts`).
 * @returns the report; `verdict` is `unusable` when the file cannot be read or decoded.
 */
export async function resumeFile(file: string, options: ResumeFileOptions): Promise<{ report: ResumeReport; document: HandoffDocument | undefined; bytes: Uint8Array }> {
  const { session } = options;
  const source = await readSource(file, { cwd: session.cwd, maxBytes: session.maxFileSize });
  const analysed = analyseSource(source, session);
  const result = analysed.result;
  const document = analysed.document;
  const base: ResumeReport = {
    path: source.displayPath,
    profile: result.profile,
    verdict: "unusable",
    steps: [],
    confidence: undefined,
    confidenceLow: false,
    gate: undefined,
    parts: [],
    userTier: "",
    warnings: [],
    stats: { sections: 0, words: 0, findings: result.diagnostics.length },
  };
  if (!document || document.loadProblems.length > 0 || result.internalErrors.length > 0) {
    base.warnings = [...(document?.loadProblems.map((p) => p.message) ?? []), ...result.internalErrors.map((e) => e.split("\n")[0] as string)];
    return { report: base, document, bytes: source.bytes };
  }
  const { steps, gate } = await resumeChecks(document, result, session.cwd, options.git !== false);
  const refused = steps.some((s) => s.outcome === "refused");
  const data = document.frontmatter?.data;
  const confidence = typeof data?.confidence === "number" ? data.confidence : undefined;
  const secrets = secretValuesToMask(document);
  const raw = orderSections(document);
  const shown = printedSecretCount(document, raw.map((p) => p.text).join("\n"));
  const parts = raw.map((p) => ({ ...p, title: maskText(p.title, secrets), text: maskText(p.text, secrets) }));
  const warnings = steps.filter((s) => s.outcome === "warning" || s.outcome === "notice").flatMap((s) => s.messages.map((m) => `${s.step}: ${m}`));
  if (shown > 0) warnings.push(`secrets: ${shown} credential-shaped value${shown === 1 ? " was" : "s were"} masked in this output`);
  const text = parts.map((p) => p.text).join("\n");
  const report: ResumeReport = {
    ...base,
    verdict: refused ? "refused" : "resumed",
    steps,
    confidence,
    confidenceLow: steps[0]?.outcome === "warning",
    gate,
    parts: refused ? [] : parts.map((p) => ({ ...p, title: escapeControls(p.title), text: escapeControls(p.text, { multiline: true }) })),
    userTier: refused ? "" : renderUserTier(parts, rendersRecord(document)),
    warnings,
    stats: { sections: parts.length, words: (text.match(/\S+/g) ?? []).length, findings: result.diagnostics.length },
  };
  return { report, document, bytes: source.bytes };
}
