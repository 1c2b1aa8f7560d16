import { describe, expect, it } from "vitest";
import { STATED_DATE_PATTERNS } from "../../src/3-check/heuristics/stated-dates.js";

type Check = (source: string, flags: string, params?: { timeout?: number }) => { status: string; complexity?: { type: string } };

describe("stated-date patterns", () => {
  it("are not exponential for recheck (they are built from tables, so the literal scan does not see them)", async () => {
    process.env.RECHECK_BACKEND = "pure";
    const { checkSync } = (await import("recheck")) as unknown as { checkSync: Check };
    const results = STATED_DATE_PATTERNS().map((re) => checkSync(re.source, re.flags, { timeout: 2_000 }).complexity?.type ?? "unknown");
    expect(results.filter((type) => type === "exponential")).toEqual([]);
  });
});
