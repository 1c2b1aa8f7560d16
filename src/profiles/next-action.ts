/**
 * Where a document says what to do next — the one answer the `next-action` rule and `handoff stats`
 * share, so a document counted with a next step never gets a finding saying it has none.
 */
import type { HandoffDocument } from "../document/model.js";
import { isPointer } from "../document/pointer.js";
import type { InferenceBasis } from "../document/role-body.js";
import { hasRole, type Section } from "../document/sections.js";
import { sectionsApply, type Profile } from "./profile.js";

/** How a document answers "what does the next session do first?". */
export type NextActionAnswer =
  /** The profile's sections do not apply (a JSON record, an sno cutover brief), or the file only points at another handoff. */
  | { kind: "not-applicable" }
  /** Headings name it (primary or secondary role). */
  | { kind: "heading"; sections: readonly Section[]; formal: boolean }
  /** A `generic` handoff lists what is left instead ("TODO", "Remaining work"). */
  | { kind: "remaining"; sections: readonly Section[] }
  /** No heading names it; a section's body reads as one (lower confidence, see `role-body.ts`). */
  | { kind: "inferred"; section: Section; basis: InferenceBasis }
  /** Nothing says it. `formal`: the profile requires a named section (required-sections reports it). */
  | { kind: "missing"; formal: boolean };

/** True when `profile` requires a section whose role is next-action. */
export function requiresNextAction(profile: Profile): boolean {
  return profile.sections.some((spec) => spec.role === "next-action" && spec.required);
}

/**
 * Finds the next step of `document` under `profile`: a section whose heading names it; else, for
 * profiles that do not name their sections (`generic`), a remaining-work section, then a section
 * whose body reads as one. Formal profiles get no such leeway.
 */
export function findNextAction(document: HandoffDocument, profile: Profile): NextActionAnswer {
  if (!sectionsApply(profile, document)) return { kind: "not-applicable" };
  const formal = requiresNextAction(profile);
  // A pointer file's next step is the file it names (see `pointer.ts`).
  if (!formal && isPointer(document)) return { kind: "not-applicable" };
  const named = document.sections.filter((s) => hasRole(s, "next-action"));
  if (named.length > 0) return { kind: "heading", sections: named, formal };
  if (formal) return { kind: "missing", formal };
  const remaining = document.sections.filter((s) => hasRole(s, "remaining"));
  if (remaining.length > 0) return { kind: "remaining", sections: remaining };
  const inferred = document.sections.find((s) => s.inferred?.role === "next-action");
  if (inferred?.inferred) return { kind: "inferred", section: inferred, basis: inferred.inferred.basis };
  return { kind: "missing", formal };
}

/** True when the answer says the document has a next step (however weakly). */
export function hasNextAction(answer: NextActionAnswer): boolean {
  return answer.kind === "heading" || answer.kind === "remaining" || answer.kind === "inferred";
}
