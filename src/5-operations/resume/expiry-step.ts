/**
 * What `resume` adds to the expiry rule's findings: a warning when the handoff expires within a
 * day (it is still fresh, but the next session may find it expired), and, when it refuses an
 * expired handoff, the ways on.
 */
import { formatUtc, parseTimestamp } from "../../2-parse/document/timestamp.js";
import type { StepFinding, StepOutcome } from "./steps.js";

const DAY_MS = 86_400_000;

/** Statuses of finished handoffs: the expiry rule does not look at their age, nor does this. */
const FINISHED = new Set(["completed", "archived", "closed"]);

/** The note of a refused expired handoff: how to go on. `name` is the handoff's id or file name. */
export function expiredNextStep(name: string): string {
  return `to go on: extend expires_after (then run handoff seal if it is sealed), archive it (handoff status ${name} archived), or read it as of an earlier time with --now`;
}

/**
 * A warning that `expires_after` falls within a day after `now` (and after it, not before: the
 * expiry rule reports an expired handoff), or undefined.
 */
export function expiresSoon(data: Record<string, unknown> | undefined, now: Date): StepFinding | undefined {
  const value = data?.expires_after;
  if (typeof value !== "string" || (typeof data?.status === "string" && FINISHED.has(data.status))) return undefined;
  const parsed = parseTimestamp(value);
  if (!parsed.ok) return undefined;
  const left = parsed.date.getTime() - now.getTime();
  if (left < 0 || left > DAY_MS) return undefined;
  const hours = Math.floor(left / 3_600_000);
  const minutes = Math.floor((left % 3_600_000) / 60_000);
  return {
    message: `expires within a day: expires_after ${formatUtc(parsed.date)} is ${hours} h ${minutes} min after now (${formatUtc(now)}); extend it if the work will take longer`,
    line: null,
    column: null,
    ruleId: null,
  };
}

/**
 * `step` (the expiry step) with the within-a-day warning when it found nothing else, and with
 * {@link expiredNextStep} as a note when it refuses.
 */
export function withExpiryGuidance(step: StepOutcome, data: Record<string, unknown> | undefined, now: Date, name: string): StepOutcome {
  if (step.outcome === "refused") return { ...step, notes: [...step.notes, expiredNextStep(name)] };
  const soon = step.outcome === "ok" ? expiresSoon(data, now) : undefined;
  return soon ? { ...step, outcome: "warning", findings: [soon] } : step;
}
