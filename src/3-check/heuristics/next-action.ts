/**
 * Where a document says what to do next — the one answer the `next-action` rule and `handoff stats`
 * share, so a document counted with a next step never gets a finding saying it has none.
 */
import { restRendersAsCode } from "../../2-parse/document/fences.js";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { countUncheckedTasks, findPendingWork, type PendingSign } from "./pending-work.js";
import { isPointer } from "./pointer.js";
import type { InferenceBasis } from "../../2-parse/roles/role-body.js";
import { findRoleLabels, type RoleLabel } from "../../2-parse/roles/role-labels.js";
import { hasRole, type Section } from "../../2-parse/document/sections.js";
import { sectionsApply, type Profile } from "../../2-parse/profiles/profile.js";

/** How a document answers "what does the next session do first?". */
export type NextActionAnswer =
  /**
   * The profile's sections do not apply (a JSON record, an sno cutover brief), the file only
   * points at another handoff, or no heading names a next step before an unclosed code fence
   * turns the rest of the document into code (unclosed-fence reports that; the structure after it
   * cannot be judged).
   */
  | { kind: "not-applicable" }
  /** Headings name it (primary or secondary role). */
  | { kind: "heading"; sections: readonly Section[]; formal: boolean }
  /** A `generic` handoff lists what is left instead ("TODO", "Remaining work"). */
  | { kind: "remaining"; sections: readonly Section[] }
  /** No heading names it; a section's body reads as one (lower confidence, see `role-body.ts`). */
  | { kind: "inferred"; section: Section; basis: InferenceBasis }
  /** No heading names it; label lines do ("**Next step:** …", "TODO: …"; see `role-labels.ts`). */
  | { kind: "label"; labels: readonly RoleLabel[] }
  /** No heading or label names it; unchecked task items (`- [ ] …`) list it: `count` of them, the first at `offset`. */
  | { kind: "tasks"; count: number; offset: number }
  /** A profile that does not require the section (`generic`): nothing says it, and nothing is pending. */
  | { kind: "nothing-pending" }
  /**
   * Nothing says it. `formal`: the profile requires a named section (required-sections reports
   * it); otherwise `pending` holds what shows work is still open (never empty).
   */
  | { kind: "missing"; formal: boolean; pending: readonly PendingSign[] };

/** True when `profile` requires a section whose role is next-action. */
export function requiresNextAction(profile: Profile): boolean {
  return profile.sections.some((spec) => spec.role === "next-action" && spec.required);
}

/**
 * Finds the next step of `document` under `profile`: a section whose heading names it; else, for
 * profiles that do not require the section (`generic`), a remaining-work section, a section whose
 * body reads as one, then label lines that name one or what is left. Formal profiles get no such
 * leeway. Unchecked task items come last: a checklist states the next steps. In a profile that
 * does not require it, a next step is missing only when the document shows pending work (see
 * `pending-work.ts`).
 */
export function findNextAction(document: HandoffDocument, profile: Profile): NextActionAnswer {
  if (!sectionsApply(profile, document)) return { kind: "not-applicable" };
  const formal = requiresNextAction(profile);
  // A pointer file's next step is the file it names (see `pointer.ts`).
  if (!formal && isPointer(document)) return { kind: "not-applicable" };
  const named = document.sections.filter((s) => hasRole(s, "next-action"));
  if (named.length > 0) return { kind: "heading", sections: named, formal };
  if (restRendersAsCode(document.mdast, document.text)) return { kind: "not-applicable" };
  if (formal) return { kind: "missing", formal, pending: [] };
  const remaining = document.sections.filter((s) => hasRole(s, "remaining"));
  if (remaining.length > 0) return { kind: "remaining", sections: remaining };
  const inferred = document.sections.find((s) => s.inferred?.role === "next-action");
  if (inferred?.inferred) return { kind: "inferred", section: inferred, basis: inferred.inferred.basis };
  const labels = findRoleLabels(document.mdast, document.sections.length === 0).filter(
    (label) => label.roles[0] === "next-action" || label.roles[0] === "remaining",
  );
  if (labels.length > 0) return { kind: "label", labels };
  const tasks = countUncheckedTasks(document.mdast);
  if (tasks.count > 0) return { kind: "tasks", ...tasks };
  const pending = findPendingWork(document.sections, document.mdast);
  return pending.length > 0 ? { kind: "missing", formal, pending } : { kind: "nothing-pending" };
}

/** True when the answer says the document has a next step (however weakly). */
export function hasNextAction(answer: NextActionAnswer): boolean {
  return answer.kind === "heading" || answer.kind === "remaining" || answer.kind === "inferred" || answer.kind === "label" || answer.kind === "tasks";
}
