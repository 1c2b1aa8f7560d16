/**
 * record-closed-pending: a closed verified-delivery record has no pending steps. A closed record
 * never resumes, so pending work in it would be silently dropped.
 */
import { recordNodeOffsets } from "../src/2-parse/document/json-record.js";
import type { Rule } from "../src/3-check/engine/rule.js";
import { readDeliveryRecord } from "../src/2-parse/profiles/verified-delivery.js";

export const recordClosedPending: Rule = {
  meta: {
    id: "record-closed-pending",
    code: "HK013",
    description: "A closed verified-delivery record has no pending steps (a closed record never resumes).",
    defaultSeverity: "error",
    profiles: ["verified-delivery"],
    formats: ["markdown", "json"],
    tags: ["record", "verified-delivery"],
    messages: {
      closedWithPending:
        "The record is closed but lists {{count}} pending step{{s}}: a closed record never resumes, so they would be dropped (reopen it or move them out)",
    },
  },
  check(document, context) {
    const record = readDeliveryRecord(document);
    if (!record || record.status !== "closed" || record.pendingSteps.length === 0 || !document.record) return;
    const count = record.pendingSteps.length;
    context.report({ messageId: "closedWithPending", data: { count, s: count === 1 ? "" : "s" }, ...recordNodeOffsets(document.record, ["pending_steps"]) });
  },
};
