/**
 * The reviewed ledger (test/fixtures/public-ledger.tsv): every finding `handoff lint` reports by
 * default on the 76 real public handoffs has a row saying whether a user keeps it and why, so no
 * finding appears unreviewed. When this fails, `npm run ledger` prints the difference and
 * `npm run ledger -- --write` rewrites the ledger for review.
 */
import { describe, expect, it } from "vitest";
import { diffLedger, findingKey, parseLedger, type LedgerFinding, type LedgerRow } from "../helpers/ledger.js";

describe("parseLedger", () => {
  const header = "file\tline\truleId\tseverity\tverdict\twhy";

  it("reads rows under the header, skipping comment lines", () => {
    expect(parseLedger(`# note\n${header}\na.md\t3\tstale\tinfo\tkept\tdated\n`)).toEqual([
      { file: "a.md", line: 3, ruleId: "stale", severity: "info", verdict: "kept", why: "dated" },
    ]);
  });

  it.each([
    [`${header}\na.md\t3\tstale\tinfo\tkept\n`, "ledger row 1: 5 fields, expected 6"],
    [`${header}\na.md\tx\tstale\tinfo\tkept\twhy\n`, "ledger row 1: line 'x' is not a line number"],
    [`${header}\na.md\t3\tstale\tinfo\tmaybe\twhy\n`, "ledger row 1: verdict 'maybe' is not kept, not kept or ?"],
    ["file\tline\n", "ledger header must be: file | line | ruleId | severity | verdict | why"],
  ])("refuses %j", (text, message) => {
    expect(() => parseLedger(text)).toThrow(message);
  });
});

describe("diffLedger", () => {
  const row = (line: number, ruleId = "MD004"): LedgerRow => ({ file: "a.md", line, ruleId, severity: "warning", verdict: "kept", why: "w" });
  const finding = (line: number, ruleId = "MD004"): LedgerFinding => ({ file: "a.md", line, ruleId, severity: "warning" });

  it("matches findings to rows as multisets: a second finding on a line needs a second row", () => {
    const diff = diffLedger([finding(2), finding(2), finding(5, "stale")], [row(2), row(9)]);
    expect(diff.added.map(findingKey)).toEqual(["a.md:2 MD004 warning", "a.md:5 stale warning"]);
    expect(diff.removed.map(findingKey)).toEqual(["a.md:9 MD004 warning"]);
    expect(diff.matched.map(findingKey)).toEqual(["a.md:2 MD004 warning"]);
  });
});

