/**
 * `lint --cache` and the stale rule: its finding depends on the run's clock, so a cached result is
 * never reused under another clock.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSession, lintPaths } from "../../src/lint.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-stale-cache-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function staleFindings(now: string) {
  const session = createSession({ cwd: dir, now: new Date(now), config: { markdownlint: false } });
  const run = await lintPaths(["HANDOFF.md"], session, undefined, { cache: { directory: path.join(dir, "cache"), key: { version: "test" } } });
  return { stats: run.cacheStats, stale: run.results.flatMap((r) => r.diagnostics).filter((d) => d.ruleId === "stale").map((d) => `${d.line}:${d.column} ${d.severity}`) };
}

describe("lint --cache with stale", () => {
  it("re-lints a document stating its date when the clock moves, and reuses it under the same clock", async () => {
    writeFileSync(path.join(dir, "HANDOFF.md"), "# Handoff\n\nLast updated: 2026-06-20.\n\n## Next steps\n\nRun `npm test`.\n");
    expect(await staleFindings("2026-06-25T00:00:00Z")).toEqual({ stats: { hits: 0, rechecks: 0, misses: 1, stored: 1 }, stale: [] });
    expect(await staleFindings("2026-06-25T00:00:00Z")).toEqual({ stats: { hits: 1, rechecks: 0, misses: 0, stored: 0 }, stale: [] });
    expect(await staleFindings("2026-12-01T00:00:00Z")).toEqual({ stats: { hits: 0, rechecks: 0, misses: 1, stored: 1 }, stale: ["3:15 info"] });
  });
});
