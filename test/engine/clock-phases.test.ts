/**
 * Rules with their check in clock phases (`ClockPhases`): the engine runs `observe` without the
 * clock, hands its facts on, and with facts given runs `judge` alone, on a document of text and
 * lines only (no frontmatter, no Markdown), to the same findings as a full check.
 */
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import type { Diagnostic } from "../../src/3-check/engine/diagnostic.js";
import type { ClockPhases, Rule } from "../../src/3-check/engine/rule.js";
import { checkInPhases } from "../../src/3-check/engine/rule.js";
import { checkDocument, prepareRules } from "../../src/3-check/engine/run.js";
import { sourceFromBytes } from "../../src/1-load/read.js";
import { genericProfile as profile } from "../../src/2-parse/profiles/builtin.js";
import { stale } from "../../rules/stale.js";

const TEXT = "# Handoff\n\nLast updated: 2026-06-20.\nETA 45 minutes.\n\n## Next steps\n\nRun `npm test`.\n";
const source = sourceFromBytes("/tmp/HANDOFF.md", new TextEncoder().encode(TEXT), "/tmp");
const NOW = new Date("2026-12-01T00:00:00Z");

function check(rule: Rule, options: Parameters<typeof checkDocument>[3], parts: Parameters<typeof parseDocument>[1] = {}) {
  const facts: Record<string, unknown> = {};
  const reads: string[] = [];
  const result = checkDocument(parseDocument(source, parts), profile, prepareRules([rule], {}), {
    onClockFacts: (id, f) => (facts[id] = f),
    onClockRead: (id) => reads.push(id),
    ...options,
  });
  return { diagnostics: result.diagnostics, facts, reads };
}

const where = (d: Diagnostic) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId} ${d.message}`;

describe("clock phases", () => {
  it("stale: observe keeps each stated date as JSON data, and judge alone on them, on text and lines only, gives the full check's finding", () => {
    const full = check(stale as Rule, { now: NOW });
    expect(full.facts).toEqual({
      stale: {
        dates: [{ time: Date.UTC(2026, 5, 20), written: "2026-06-20", source: "Last updated", offset: 25, endOffset: 35 }],
        eta: { written: "ETA 45 minutes", offset: 37 },
      },
    });
    expect(full.reads).toEqual(["stale"]);
    expect(full.diagnostics.map(where)).toEqual([
      "3:15-3:25 stale The handoff states its date as 2026-06-20 (Last updated, line 3), about 5 months (164 days) before now (2026-12-01T00:00:00Z): it may no longer match the repository; check what it describes before acting on it; its ETA 45 minutes (line 4) ran from that date",
    ]);
    const kept = JSON.parse(JSON.stringify(full.facts)) as Record<string, unknown>;
    const judged = check(stale as Rule, { now: NOW, clockFacts: kept }, { frontmatter: false });
    expect(judged.diagnostics).toEqual(full.diagnostics);
    expect(judged.facts).toEqual({});
    // Under a clock within 30 days of the date, the same facts give no finding.
    expect(check(stale as Rule, { now: new Date("2026-07-01T00:00:00Z"), clockFacts: kept }, { frontmatter: false }).diagnostics).toEqual([]);
  });

  it("stale: a document stating no date gives no facts and never reads the clock", () => {
    const plain = sourceFromBytes("/tmp/NOTES.md", new TextEncoder().encode("# Notes\n\n## Next steps\n\nShip it.\n"), "/tmp");
    const facts: Record<string, unknown> = {};
    const reads: string[] = [];
    const result = checkDocument(parseDocument(plain), profile, prepareRules([stale as Rule], {}), {
      now: NOW,
      onClockFacts: (id, f) => (facts[id] = f),
      onClockRead: (id) => reads.push(id),
    });
    expect([result.diagnostics, facts, reads]).toEqual([[], {}, []]);
  });

  it("an observe phase that reads the clock or reports is a contract error of the rule, recorded as an internal error", () => {
    const rule = (observe: ClockPhases["observe"]): Rule => {
      const phases: ClockPhases = { observe, judge: () => undefined };
      return {
        meta: {
          id: "peeks",
          code: "HK999",
          description: "test",
          defaultSeverity: "warning",
          profiles: "all",
          formats: ["markdown"],
          tags: [],
          messages: { m: "m" },
        },
        check: checkInPhases(phases),
        clockPhases: phases,
      };
    };
    const clock = check(
      rule((_, context) => context.now),
      { now: NOW },
    );
    const report = check(
      rule((_, context) => context.report({ messageId: "m", offset: 0 })),
      { now: NOW },
    );
    expect([...clock.diagnostics, ...report.diagnostics].map((d) => `${d.ruleId} ${d.message}`)).toEqual(
      ["read the clock", "reported a finding"].map(
        (what) =>
          `internal-error rule peeks failed on this file (RuleContractError: rule peeks ${what} in its observe phase (it must not: the cache keeps what observe returns for every clock)): its checks of this file are missing; please report this bug`,
      ),
    );
    expect([clock.reads, clock.facts]).toEqual([[], {}]);
  });
});
