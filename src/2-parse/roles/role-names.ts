/**
 * The section roles handoffkit recognises: what a section is *for*, whatever its heading says.
 * The vocabulary follows the handoff contract's sections (public repo 0mandrock1/handoff-skills) plus the roles the
 * other public formats add (blockers, build status, files).
 */

/** The roles, in the contract's section order. */
export const SECTION_ROLES = [
  "goal",
  "durable-context",
  "session-state",
  "verified-facts",
  "hypotheses",
  "decisions",
  "completed",
  "failed-attempts",
  "limitations",
  "files",
  "remaining",
  "constraints",
  "mutable-state",
  "next-action",
  "blockers",
  "open-questions",
  "build-status",
  "lessons",
] as const;

/** One section role. */
export type SectionRole = (typeof SECTION_ROLES)[number];
