/**
 * Per-document adoption facts: what `handoff stats` counts for one handoff.
 *
 * Sources: the v1 heading set and the "background job recorded inline" figure come from the handoff
 * contract's own corpus report (public repo 0mandrock1/handoff-skills: "14 of 35 used the v1
 * headings, 10 had a Hypotheses section, 21 recorded a background job's PID, log path or exit
 * code inline").
 */
import { restRendersAsCode } from "../../2-parse/document/fences.js";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { normalizeHeading } from "../../2-parse/roles/roles.js";
import { isPointer } from "../../3-check/heuristics/pointer.js";
import { hasRole } from "../../2-parse/document/sections.js";
import type { FileResult } from "../../3-check/engine/diagnostic.js";
import { findNextAction, hasNextAction } from "../../3-check/heuristics/next-action.js";
import { findSection, sectionsApply, standInFor, type Profile } from "../../2-parse/profiles/profile.js";

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
  /** The contract's exact v1 heading set (a heading-set figure, not a role figure). */
  v1Headings: boolean;
  /** A section whose heading carries the hypotheses role (primary or secondary). */
  hypotheses: boolean;
  /**
   * What the next-action rule accepts as the next step (`findNextAction`): true, false, or
   * undefined when the profile's sections do not apply or the document needs none (a profile that
   * does not require the section, and nothing pending).
   */
  nextAction: boolean | undefined;
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
function nextActionFact(document: HandoffDocument, profile: Profile | undefined): boolean | undefined {
  if (!profile) return undefined;
  const answer = findNextAction(document, profile);
  return answer.kind === "not-applicable" || answer.kind === "nothing-pending" ? undefined : hasNextAction(answer);
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
    nextAction: undefined,
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
    // A section an unclosed fence may have swallowed is neither counted present nor absent.
    const swallowed = restRendersAsCode(document.mdast, document.text);
    for (const spec of profile.sections) {
      if (!spec.required) continue;
      const present = findSection(document.sections, spec) !== undefined;
      if (present || !swallowed || standInFor(document.sections, spec, profile)) requiredSections[spec.title] = present;
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
    hypotheses: document.sections.some((s) => hasRole(s, "hypotheses")),
    nextAction: nextActionFact(document, profile),
    jobRecord: JOB_RECORD_PATTERNS.some(({ pattern }) => pattern.test(document.text)),
    frontmatterPresent,
    frontmatterValid:
      frontmatterPresent && !diagnostics.some((d) => (d.ruleId === "frontmatter-syntax" || d.ruleId === "frontmatter-schema") && d.severity === "error"),
    requiredSections,
    integrityPresent,
    integrityValid: integrityPresent && !has((id) => id === "integrity"),
    expired: diagnostics.some((d) => d.ruleId === "expiry" && d.messageId === "expired"),
  };
}
