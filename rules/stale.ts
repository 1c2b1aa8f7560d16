/**
 * stale: a handoff that states its own date ("Last updated: …", "Date: …", "As of …", a dated
 * title, an ETA) older than `days` (default 30) may no longer match the repository. An info
 * notice, once per document, for every profile; the clock is the run's (`--now`). Documents whose
 * frontmatter has `created`, `updated` or `expires_after` are left to `expiry`.
 */
import { statedDates, type StatedDate } from "../src/document/stated-dates.js";
import { formatUtc } from "../src/document/timestamp.js";
import type { Rule } from "../src/engine/rule.js";

/** Options of the stale rule. */
export type StaleOptions = {
  /** Days after its newest stated date a handoff is stale. */
  days: number;
};

const DAY_MS = 86_400_000;
/** Frontmatter fields `expiry` reads: a document that has them gets its age from there. */
const EXPIRY_FIELDS = ["created", "updated", "expires_after"];
/** Statuses of finished handoffs: nobody resumes them (as in `expiry`). */
const FINISHED = new Set(["completed", "archived", "closed", "done"]);

/** `164 days`, `about 5 months (164 days)`. */
function describeAge(days: number): string {
  if (days < 60) return `${days} day${days === 1 ? "" : "s"}`;
  return `about ${Math.round(days / 30.44)} months (${days} days)`;
}

export const stale: Rule<StaleOptions> = {
  meta: {
    id: "stale",
    code: "HK061",
    description: "A handoff that states its own date is not older than the configured age (default 30 days).",
    defaultSeverity: "info",
    profiles: "all",
    formats: ["markdown"],
    tags: ["dates", "content"],
    reads: ["frontmatter", "record", "markdown", "clock"],
    precision: "high",
    messages: {
      stale:
        "The handoff states its date as {{written}} ({{source}}), {{age}} before now ({{now}}): it may no longer match the repository; check what it describes before acting on it{{eta}}",
    },
    optionsSchema: {
      type: "object",
      properties: { days: { type: "number", exclusiveMinimum: 0, description: "Age in days past which a stated date is reported (default 30)." } },
      additionalProperties: false,
    },
    defaultOptions: { days: 30 },
  },
  check(document, context) {
    const data = document.frontmatter?.data;
    if (data && (EXPIRY_FIELDS.some((field) => field in data) || FINISHED.has(String(data.status ?? "").toLowerCase()))) return;
    const { dates, relativeEtas } = statedDates(document);
    if (dates.length === 0) return;
    // The clock is read only for documents that state a date: the others' results do not depend on it.
    const now = context.now;
    const past = dates.filter((d) => d.date.getTime() <= now.getTime() + DAY_MS);
    if (past.length === 0) return;
    const newest = past.reduce<StatedDate>((best, d) => (d.date.getTime() > best.date.getTime() ? d : best), past[0] as StatedDate);
    const days = Math.floor((now.getTime() - newest.date.getTime()) / DAY_MS);
    if (days <= context.options.days) return;
    const eta = relativeEtas[0];
    const line = (offset: number) => document.lines.point(offset).line;
    context.report({
      messageId: "stale",
      data: {
        written: newest.written,
        source: `${newest.source}, line ${line(newest.offset)}`,
        age: describeAge(days),
        now: formatUtc(now),
        eta: eta ? `; its ${eta.written} (line ${line(eta.offset)}) ran from that date` : "",
      },
      offset: newest.offset,
      endOffset: newest.endOffset,
    });
  },
};
