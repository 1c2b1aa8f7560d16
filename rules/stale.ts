/**
 * stale: a handoff that states its own date ("Last updated: …", "Date: …", "As of …", a dated
 * title, an ETA) older than `days` (default 30) may no longer match the repository. An info
 * notice, once per document, for every profile; the clock is the run's (`--now`). Documents whose
 * frontmatter has `created`, `updated` or `expires_after` are left to `expiry`; documents kept as
 * history (see `history-mark.ts`) are not checked.
 */
import { historyMark } from "../src/3-check/heuristics/history-mark.js";
import { statedDates } from "../src/3-check/heuristics/stated-dates.js";
import { formatUtc } from "../src/2-parse/document/timestamp.js";
import { checkInPhases, type ClockPhases, type Rule } from "../src/3-check/engine/rule.js";

/** Options of the stale rule. */
export type StaleOptions = {
  /** Days after its newest stated date a handoff is stale. */
  days: number;
};

const DAY_MS = 86_400_000;
/** Frontmatter fields `expiry` reads: a document that has them gets its age from there. */
const EXPIRY_FIELDS = ["created", "updated", "expires_after"];

/** `164 days`, `about 5 months (164 days)`. */
function describeAge(days: number): string {
  if (days < 60) return `${days} day${days === 1 ? "" : "s"}`;
  return `about ${Math.round(days / 30.44)} months (${days} days)`;
}

/** One stated date, as the cache keeps it. */
interface KeptDate {
  /** The date stated, in ms since the epoch. */
  time: number;
  written: string;
  source: string;
  offset: number;
  endOffset: number;
}

/** What the stale finding depends on besides the clock. */
interface StaleFacts {
  /** The stated dates, in document order, the first of each distinct moment only (the one reported when it is the newest). */
  dates: KeptDate[];
  /** The first ETA given as a duration ("ETA 45 minutes"), named in the message. */
  eta?: { written: string; offset: number };
}

const phases: ClockPhases<StaleOptions> = {
  observe(document): StaleFacts | undefined {
    const data = document.frontmatter?.data;
    if (data && EXPIRY_FIELDS.some((field) => field in data)) return undefined;
    // A document kept as history (finished, archived, superseded) is not resumed: its age is expected.
    if (historyMark(document)) return undefined;
    const { dates, relativeEtas } = statedDates(document);
    if (dates.length === 0) return undefined;
    const seen = new Set<number>();
    const kept: KeptDate[] = [];
    for (const d of dates) {
      const time = d.date.getTime();
      if (seen.has(time)) continue;
      seen.add(time);
      kept.push({ time, written: d.written, source: d.source, offset: d.offset, endOffset: d.endOffset });
    }
    const eta = relativeEtas[0];
    return eta ? { dates: kept, eta: { written: eta.written, offset: eta.offset } } : { dates: kept };
  },
  judge(facts, document, context) {
    const { dates, eta } = facts as StaleFacts;
    // The clock is read only for documents that state a date: the others' results do not depend on it.
    const clock = context.now;
    const now = clock.getTime();
    let newest: KeptDate | undefined;
    for (const d of dates) if (d.time <= now + DAY_MS && (!newest || d.time > newest.time)) newest = d;
    if (!newest) return;
    const days = Math.floor((now - newest.time) / DAY_MS);
    if (days <= context.options.days) return;
    const line = (offset: number) => document.lines.point(offset).line;
    context.report({
      messageId: "stale",
      data: {
        written: newest.written,
        source: `${newest.source}, line ${line(newest.offset)}`,
        age: describeAge(days),
        now: formatUtc(clock),
        eta: eta ? `; its ${eta.written} (line ${line(eta.offset)}) ran from that date` : "",
      },
      offset: newest.offset,
      endOffset: newest.endOffset,
    });
  },
};

export const stale: Rule<StaleOptions> = {
  meta: {
    id: "stale",
    code: "HK061",
    description: "A handoff that states its own date is not older than the configured age (default 30 days).",
    defaultSeverity: "info",
    profiles: "all",
    formats: ["markdown", "json"],
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
  check: checkInPhases(phases),
  clockPhases: phases,
};
