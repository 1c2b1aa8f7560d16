/**
 * expiry: the handoff is not stale and its dates make sense. `expires_after` when present, else
 * `created` + N days (default 30, hatch3r's producer default); expired → error for profiles that
 * refuse to resume expired handoffs (hatch3r), warning otherwise. Also: `updated` before `created`,
 * dates in the future beyond a small skew, impossible calendar dates (2026-02-30), dates without a
 * time zone (read as UTC). The clock is the run's (`--now`), never the system's.
 */
import { frontmatterNodeOffsets } from "../src/2-parse/document/frontmatter.js";
import { recordNodeOffsets } from "../src/2-parse/document/json-record.js";
import { formatUtc, parseTimestamp, type Timestamp } from "../src/2-parse/document/timestamp.js";
import type { Rule, RuleContext } from "../src/3-check/engine/rule.js";
import { schemaDefines } from "../src/2-parse/profiles/schema-coverage.js";

/** Options of the expiry rule. */
export type ExpiryOptions = {
  /** Days a handoff stays fresh after `created` when it has no `expires_after`. */
  days: number;
  /** Minutes a date may lie in the future (clock skew between machines). */
  skewMinutes: number;
  /** Profiles whose consumers refuse to resume an expired handoff (their expiry is an error). */
  refuseExpired: string[];
};

const DAY_MS = 86_400_000;
/** Statuses of finished handoffs: nobody will resume them, so their age does not matter. */
const FINISHED = new Set(["completed", "archived", "closed"]);

interface Located {
  offset: number;
  endOffset: number;
}

export const expiry: Rule<ExpiryOptions> = {
  meta: {
    id: "expiry",
    code: "HK012",
    description: "The handoff has not expired and its dates are real, ordered, zoned and not in the future.",
    defaultSeverity: "warning",
    profiles: "all",
    formats: ["markdown", "json"],
    tags: ["dates", "frontmatter"],
    reads: ["frontmatter", "record", "clock"],
    messages: {
      expired: "Handoff expired {{when}} ({{ago}} before now, {{now}}; from {{source}}){{consequence}}",
      notADate: "'{{field}}' {{value}} is not an ISO-8601 date such as 2026-03-01T10:00:00Z",
      impossible: "'{{field}}' {{value}} is not a real date: {{detail}}",
      noZone: "'{{field}}' {{value}} has no time zone; read as UTC",
      future: "'{{field}}' {{value}} is in the future (now {{now}})",
      updatedBeforeCreated: "'updated' {{updated}} is before 'created' {{created}}",
      expiresBeforeCreated: "'expires_after' {{expires}} is before 'created' {{created}}",
    },
    optionsSchema: {
      type: "object",
      properties: {
        days: { type: "number", exclusiveMinimum: 0 },
        skewMinutes: { type: "number", minimum: 0 },
        refuseExpired: { type: "array", items: { type: "string" } },
      },
      additionalProperties: false,
    },
    defaultOptions: { days: 30, skewMinutes: 5, refuseExpired: ["hatch3r"] },
  },
  check(document, context) {
    const record = document.record;
    if (record) checkRecord(record.data, (path) => recordNodeOffsets(record, path), context);
    const frontmatter = document.frontmatter;
    const data = frontmatter?.data;
    if (!frontmatter || !data) return;
    const where = (field: string): Located => frontmatterNodeOffsets(frontmatter, [field]);
    const read = (field: string): Timestamp | undefined => readDate(field, data[field], where(field), context);
    const created = read("created");
    const updated = read("updated");
    const expires = read("expires_after");
    // Without a usable date nothing below applies, and the clock is not read (the result holds for every clock).
    if (!created && !updated && !expires) return;
    const now = context.now;
    const skew = context.options.skewMinutes * 60_000;
    for (const [field, value] of [
      ["created", created],
      ["updated", updated],
    ] as const) {
      if (value && value.date.getTime() > now.getTime() + skew) {
        context.report({ messageId: "future", data: { field, value: String(data[field]), now: formatUtc(now) }, ...where(field) });
      }
    }
    if (created && updated && updated.date < created.date) {
      context.report({ messageId: "updatedBeforeCreated", data: { updated: String(data.updated), created: String(data.created) }, ...where("updated") });
    }
    if (created && expires && expires.date < created.date) {
      context.report({
        messageId: "expiresBeforeCreated",
        data: { expires: String(data.expires_after), created: String(data.created) },
        ...where("expires_after"),
      });
    }
    if (typeof data.status === "string" && FINISHED.has(data.status)) return;
    let deadline: Date | undefined;
    let source: string;
    let field: string;
    if (expires) {
      deadline = expires.date;
      source = "expires_after";
      field = "expires_after";
    } else if (created) {
      deadline = new Date(created.date.getTime() + context.options.days * DAY_MS);
      source = `created + ${context.options.days} days`;
      field = "created";
    } else {
      return;
    }
    if (now.getTime() <= deadline.getTime()) return;
    const refuses = context.options.refuseExpired.includes(context.profile.id);
    context.report({
      messageId: "expired",
      data: {
        when: formatUtc(deadline),
        ago: describeAge(now.getTime() - deadline.getTime()),
        now: formatUtc(now),
        source,
        consequence: refuses ? `; the ${context.profile.id} profile refuses to resume an expired handoff` : "; re-check its state before resuming",
      },
      severity: refuses ? "error" : "warning",
      ...where(field),
    });
  },
};

/** Parses one date field and reports what is wrong with it; undefined when absent or unusable. */
function readDate(field: string, value: unknown, at: Located, context: RuleContext<ExpiryOptions>): Timestamp | undefined {
  if (value === undefined || value === null) return undefined;
  const shown = JSON.stringify(value) ?? String(value);
  if (typeof value !== "string") {
    if (!schemaDefines(context.profile, field)) context.report({ messageId: "notADate", data: { field, value: shown }, ...at });
    return undefined;
  }
  const parsed = parseTimestamp(value);
  if (!parsed.ok) {
    if (parsed.reason === "calendar") {
      context.report({ messageId: "impossible", data: { field, value, detail: parsed.detail }, severity: "error", ...at });
    } else if (!schemaDefines(context.profile, field)) {
      context.report({ messageId: "notADate", data: { field, value: shown }, ...at });
    }
    return undefined;
  }
  if (!parsed.hasZone) context.report({ messageId: "noZone", data: { field, value }, severity: "info", ...at });
  return parsed;
}

/** A verified-delivery record's `updated_at`: real, and not in the future. */
function checkRecord(data: unknown, where: (path: string[]) => Located, context: RuleContext<ExpiryOptions>): void {
  if (!data || typeof data !== "object" || Array.isArray(data)) return;
  const value = (data as Record<string, unknown>).updated_at;
  if (typeof value !== "string") return; // frontmatter-schema reports a missing or non-string value
  const parsed = parseTimestamp(value);
  const at = where(["updated_at"]);
  if (!parsed.ok) {
    if (parsed.reason === "calendar") {
      context.report({ messageId: "impossible", data: { field: "updated_at", value, detail: parsed.detail }, severity: "error", ...at });
    }
    return; // a malformed value is the schema's finding (it requires a UTC timestamp)
  }
  if (parsed.date.getTime() > context.now.getTime() + context.options.skewMinutes * 60_000) {
    context.report({ messageId: "future", data: { field: "updated_at", value, now: formatUtc(context.now) }, ...at });
  }
}

/** `3 days`, `1 day`, `5 hours`, `12 minutes`. */
function describeAge(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (ms >= DAY_MS) return plural(Math.floor(ms / DAY_MS), "day");
  if (ms >= 3_600_000) return plural(Math.floor(ms / 3_600_000), "hour");
  return plural(Math.max(1, Math.floor(ms / 60_000)), "minute");
}
