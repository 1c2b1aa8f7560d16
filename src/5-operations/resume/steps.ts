/**
 * The shapes of resume's check steps: which step, its verdict, what it found. Apart from
 * `resume.ts` so a step's own module can use them without importing the resume flow.
 */

/** A check step of the resume order. */
export type ResumeStep = "integrity" | "injection" | "schema" | "sections" | "drift" | "expiry" | "version" | "record" | "status" | "secrets";

/** The outcome of a step: `refused` stops the resume; `warning` and `notice` are printed before the content. */
export type StepVerdict = "ok" | "warning" | "refused" | "notice";

/** One thing a step found; `line`/`column` (1-based) and `ruleId` when a lint finding says it. */
export interface StepFinding {
  message: string;
  line: number | null;
  column: number | null;
  ruleId: string | null;
}

/** The outcome of one step. */
export interface StepOutcome {
  step: ResumeStep;
  outcome: StepVerdict;
  /** What made the outcome (empty for `ok`). */
  findings: StepFinding[];
  /** What is not a finding but worth saying: what was left out and why, what was not checked. */
  notes: string[];
}
