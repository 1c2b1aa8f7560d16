/**
 * record-pending-authorized: every pending step of a verified-delivery record is inside
 * `authorization_boundary.authorized`. Re-entry stops at the first step outside it (that gate needs
 * the owner), so the record should say so up front.
 */
import { recordNodeOffsets } from "../src/2-parse/document/json-record.js";
import type { Rule } from "../src/3-check/engine/rule.js";
import { readDeliveryRecord, sameStep, stepName } from "../src/2-parse/profiles/verified-delivery.js";

export const recordPendingAuthorized: Rule = {
  meta: {
    id: "record-pending-authorized",
    code: "HK014",
    description: "Each pending step of a verified-delivery record is listed in authorization_boundary.authorized.",
    defaultSeverity: "warning",
    profiles: ["verified-delivery"],
    formats: ["markdown", "json"],
    tags: ["record", "verified-delivery", "authorization"],
    messages: {
      outside: "Pending step '{{step}}' is not in authorization_boundary.authorized: resuming stops at this gate until the owner authorizes it",
      outOfScope: "Pending step '{{step}}' is listed in authorization_boundary.out_of_scope: resuming stops at this gate",
      unnamed: "Pending step {{index}} names no gate, so it cannot be checked against authorization_boundary.authorized",
    },
  },
  check(document, context) {
    const record = readDeliveryRecord(document);
    const json = document.record;
    if (!record || !json || record.status === "closed" || !record.authorized) return;
    const authorized = record.authorized;
    record.pendingSteps.forEach((step, index) => {
      const at = recordNodeOffsets(json, ["pending_steps", index]);
      const name = stepName(step);
      if (name === undefined) {
        context.report({ messageId: "unnamed", data: { index: index + 1 }, ...at });
        return;
      }
      if (authorized.some((a) => sameStep(a, name))) return;
      const excluded = (record.outOfScope ?? []).some((o) => sameStep(o, name));
      context.report({ messageId: excluded ? "outOfScope" : "outside", data: { step: name }, ...at });
    });
  },
};
