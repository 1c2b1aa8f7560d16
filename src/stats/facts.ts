/**
 * Per-document adoption facts: what `handoff stats` counts for one handoff.
 *
 * Sources: the v1 heading set and the "background job recorded inline" figure come from the handoff
 * contract's own corpus report (public repo 0mandrock1/handoff-skills: "14 of 35 used the v1
 * headings, 10 had a Hypotheses section, 21 recorded a background job's PID, log path or exit
 * code inline").
 */
import type { HandoffDocument } from "../document/model.js";
import { normalizeHeading } from "../document/roles.js";
import type { FileResult } from "../engine/diagnostic.js";
import { findSection, sectionsApply, type Profile } from "../profiles/profile.js";

/** The contract's v1 heading set: all three must be present. */
export const V1_HEADINGS = ["Durable context", "Verified facts", "Next action"] as const;

/**
 * Patterns that count as a background job recorded inline (any one is enough):
 * - a PID: `PID 4242`, `pid=4242`, `PID: 4242`, `(pid 4242)`;
 * - a log path: a file name ending in `.log` (`/tmp/train.log`, `logs/run-3.log`, `build.log`;
 *   not a bare `.log` extension, not a `console.log(` call), or a `nohup … >` redirection;
 * - an exit code: `exit code 0`, `exited 1`, `exit status 2`, `exit=0`, `rc=1`, `EXIT_CODE: 137`.
 * Each is a single bounded pattern (no nested quantifiers).
 */
export const JOB_RECORD_PATTERNS: ReadonlyArray<{ id: "pid" | "log-path" | "exit-code"; pattern: RegExp }> = [
  { id: "pid", pattern: /\bpid\s{0,3}[:=#]?\s{0,3}\d{2,7}\b/i },
  { id: "log-path", pattern: /\w\.log\b(?![ \t]{0,3}\()|\bnohup\b[^\n]{0,200}>/i },
  { id: "exit-code", pattern: /\bexit(?:ed)?(?:[ _](?:code|status))?\s{0,3}[:=]?\s{0,3}-?\d{1,3}\b|\b(?:rc|exit_?code)\s{0,3}[:=]\s{0,3}-?\d{1,3}\b/i },
];

/** What kind of file a linted file is, for counting. */
export type DocumentKind = "handoff" | "pointer" | "other";

/** Facts about one document. */
export interface DocumentFacts {
  path: string;
  profile: string;
  kind: DocumentKind;
  v1Headings: boolean;
  hypotheses: boolean;
  jobRecord: boolean;
  frontmatterPresent: boolean;
  /** Present and free of frontmatter-syntax and frontmatter-schema errors. */
  frontmatterValid: boolean;
  /** Required section title → present (for the document's own profile). */
  requiredSections: Record<string, boolean>;
  integrityPresent: boolean;
  /** Present and without `integrity` findings. */
  integrityValid: boolean;
  expired: boolean;
  secretFindings: boolean;
  injectionFindings: boolean;
  errors: number;
  warnings: number;
}

const V1_NORMALIZED = V1_HEADINGS.map((h) => normalizeHeading(h));
const POINTER_TARGET_RE = /(?:hand-?off|hand-?over)[\w./-]{0,120}\.(?:md|markdown|json)\b/i;
/** A line that is nothing but a path, link or reference to a Markdown or JSON file. */
const POINTER_LINE_RE = /^[\s>*-]{0,6}(?:\[[^\]\n]{0,200}\]\()?[`<]?[\w~@./\\:-]{0,400}\.(?:md|markdown|json)[`>)]?\s*$/i;

/**
 * A pointer file only names another handoff: a Markdown body of at most 3 non-blank lines, one of
 * which is nothing but a path or link to a `.md`/`.json` file; or a short body (at most 12
 * non-blank lines) without a next-action section that names a handoff/handover file.
 */
export function isPointer(document: HandoffDocument): boolean {
  if (document.format !== "markdown") return false;
  const body = document.text.slice(document.bodyOffset);
  const lines = body.split(/\r\n|\r|\n/).filter((l) => l.trim() !== "");
  if (lines.length === 0 || lines.length > 12) return false;
  if (lines.length <= 3 && lines.some((l) => POINTER_LINE_RE.test(l))) return true;
  if (document.sections.some((s) => s.role === "next-action")) return false;
  return POINTER_TARGET_RE.test(body);
}

/** Measures one document. `document` is undefined when it could not be parsed at all. */
export function documentFacts(document: HandoffDocument | undefined, profile: Profile | undefined, result: FileResult): DocumentFacts {
  const diagnostics = result.diagnostics;
  const has = (predicate: (ruleId: string) => boolean) => diagnostics.some((d) => predicate(d.ruleId));
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  const base: DocumentFacts = {
    path: result.path,
    profile: result.profile,
    kind: "other",
    v1Headings: false,
    hypotheses: false,
    jobRecord: false,
    frontmatterPresent: false,
    frontmatterValid: false,
    requiredSections: {},
    integrityPresent: false,
    integrityValid: false,
    expired: false,
    secretFindings: has((id) => id === "no-secrets"),
    injectionFindings: has((id) => id.startsWith("injection-")),
    errors,
    warnings,
  };
  if (!document || document.loadProblems.length > 0 || document.text.trim() === "") return base;
  const kind: DocumentKind = isPointer(document) ? "pointer" : "handoff";
  const normalized = new Set(document.sections.map((s) => s.normalized));
  const requiredSections: Record<string, boolean> = {};
  // Only where the profile's sections apply (not to an sno cutover brief or a JSON record).
  if (profile && sectionsApply(profile, document)) {
    for (const spec of profile.sections) {
      if (spec.required) requiredSections[spec.title] = findSection(document.sections, spec) !== undefined;
    }
  }
  const data = document.frontmatter?.data;
  const recordData = document.record?.data as Record<string, unknown> | undefined;
  const integrityPresent = typeof data?.integrity === "string" || typeof recordData?.integrity === "string";
  const frontmatterPresent = document.frontmatter !== undefined;
  return {
    ...base,
    kind,
    v1Headings: V1_NORMALIZED.every((h) => normalized.has(h)),
    hypotheses: document.sections.some((s) => s.role === "hypotheses"),
    jobRecord: JOB_RECORD_PATTERNS.some(({ pattern }) => pattern.test(document.text)),
    frontmatterPresent,
    frontmatterValid:
      frontmatterPresent &&
      !diagnostics.some((d) => (d.ruleId === "frontmatter-syntax" || d.ruleId === "frontmatter-schema") && d.severity === "error"),
    requiredSections,
    integrityPresent,
    integrityValid: integrityPresent && !has((id) => id === "integrity"),
    expired: diagnostics.some((d) => d.ruleId === "expiry" && d.messageId === "expired"),
  };
}
