/**
 * Reading a verified-delivery/handoff-v1 record (public repo magnus919/agent-skills; see
 * public repo magnus919/agent-skills) after the schema has checked its shape: the parts the record rules and
 * `verify --git` need, tolerant of anything the schema already reports.
 */
import type { HandoffDocument } from "../document/model.js";

/** A record's fields, as far as they have the expected types. */
export interface DeliveryRecord {
  status: unknown;
  repository: string | undefined;
  branch: string | undefined;
  headSha: string | undefined;
  authorized: string[] | undefined;
  outOfScope: string[] | undefined;
  completedSteps: unknown[];
  pendingSteps: unknown[];
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : undefined;
}

/** The document's record as a {@link DeliveryRecord}, or undefined when it has no valid JSON object. */
export function readDeliveryRecord(document: HandoffDocument): DeliveryRecord | undefined {
  const data = document.record?.data;
  if (!data || typeof data !== "object" || Array.isArray(data)) return undefined;
  const r = data as Record<string, unknown>;
  const boundary = r.authorization_boundary && typeof r.authorization_boundary === "object" ? (r.authorization_boundary as Record<string, unknown>) : {};
  return {
    status: r.status,
    repository: typeof r.repository === "string" ? r.repository : undefined,
    branch: typeof r.branch === "string" ? r.branch : undefined,
    headSha: typeof r.head_sha === "string" ? r.head_sha : undefined,
    authorized: strings(boundary.authorized),
    outOfScope: strings(boundary.out_of_scope),
    completedSteps: Array.isArray(r.completed_steps) ? r.completed_steps : [],
    pendingSteps: Array.isArray(r.pending_steps) ? r.pending_steps : [],
  };
}

/**
 * The name of a step: the string itself, or an object's `gate` (then `step`, `name`, `id`).
 * @returns undefined when the step names nothing.
 */
export function stepName(step: unknown): string | undefined {
  if (typeof step === "string") return step;
  if (step && typeof step === "object" && !Array.isArray(step)) {
    const s = step as Record<string, unknown>;
    for (const key of ["gate", "step", "name", "id"]) {
      if (typeof s[key] === "string" && (s[key] as string).trim() !== "") return s[key] as string;
    }
  }
  return undefined;
}

/** Compares step names as the record's writer most likely meant them: case and spacing ignored. */
export function sameStep(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, " ");
  return norm(a) === norm(b);
}
