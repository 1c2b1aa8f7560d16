/**
 * The stated-date patterns are built from tables, so the literal scan of test/hostile/redos.extra.test.ts
 * does not see them: each goes through recheck here, run deterministically (test/helpers/recheck.ts),
 * and must be decided and not exponential (polynomial ones are super-linear only on one long run of
 * the same few characters, within a line of a document bounded by the file limit).
 */
import { describe, expect, it } from "vitest";
import { STATED_DATE_PATTERNS } from "../../src/3-check/heuristics/stated-dates.js";
import { decide } from "../helpers/recheck.js";

describe("stated-date patterns", () => {
  it("are decided by recheck and none is exponential", () => {
    const verdicts = STATED_DATE_PATTERNS().map((re) => decide(re.source, re.flags));
    expect(verdicts.filter((verdict) => verdict !== "safe" && verdict !== "polynomial")).toEqual([]);
    expect(verdicts).toHaveLength(5);
  }, 600_000);
});
