/**
 * record-step-evidence: each completed step of a verified-delivery record carries evidence. The
 * schema requires the `evidence` key; this rule finds the empty ones (`""`, `null`, `[]`, `{}`).
 */
import { recordNodeOffsets } from "../src/2-parse/document/json-record.js";
import type { Rule } from "../src/3-check/engine/rule.js";
import { readDeliveryRecord, stepName } from "../src/2-parse/profiles/verified-delivery.js";

/** True for evidence that says nothing. */
function isEmptyEvidence(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value as object).length === 0;
  return false;
}

export const recordStepEvidence: Rule = {
  meta: {
    id: "record-step-evidence",
    code: "HK015",
    description: "Each completed step of a verified-delivery record has non-empty evidence.",
    defaultSeverity: "error",
    profiles: ["verified-delivery"],
    formats: ["markdown", "json"],
    tags: ["record", "verified-delivery", "evidence"],
    messages: {
      empty: "Completed step '{{step}}' has no evidence: a verdict without evidence cannot be trusted on re-entry",
    },
  },
  check(document, context) {
    const record = readDeliveryRecord(document);
    const json = document.record;
    if (!record || !json) return;
    record.completedSteps.forEach((step, index) => {
      if (!step || typeof step !== "object" || Array.isArray(step)) return; // the schema's finding
      const s = step as Record<string, unknown>;
      if (!("evidence" in s) || !isEmptyEvidence(s.evidence)) return; // a missing key is the schema's finding
      context.report({
        messageId: "empty",
        data: { step: stepName(step) ?? `#${index + 1}` },
        ...recordNodeOffsets(json, ["completed_steps", index, "evidence"]),
      });
    });
  },
};
