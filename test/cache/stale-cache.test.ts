/**
 * `lint --cache` and the stale rule: its finding depends on the run's clock, so under another clock
 * a cached result is re-checked, never reused as it is: the entry keeps the dates the document
 * states (stale's observe phase) and only its judge phase runs on them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSession, lintPaths } from "../../src/3-check/lint.js";

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
  return {
    stats: run.cacheStats,
    stale: run.results
      .flatMap((r) => r.diagnostics)
      .filter((d) => d.ruleId === "stale")
      .map((d) => `${d.line}:${d.column} ${d.severity}`),
  };
}

describe("lint --cache with stale", () => {
  it("re-checks a document stating its date when the clock moves, and reuses it under the same clock", async () => {
    writeFileSync(path.join(dir, "HANDOFF.md"), "# Handoff\n\nLast updated: 2026-06-20.\n\n## Next steps\n\nRun `npm test`.\n");
    expect(await staleFindings("2026-06-25T00:00:00Z")).toEqual({ stats: { hits: 0, rechecks: 0, misses: 1, stored: 1 }, stale: [] });
    expect(await staleFindings("2026-06-25T00:00:00Z")).toEqual({ stats: { hits: 1, rechecks: 0, misses: 0, stored: 0 }, stale: [] });
    expect(await staleFindings("2026-12-01T00:00:00Z")).toEqual({ stats: { hits: 0, rechecks: 1, misses: 0, stored: 0 }, stale: ["3:15 info"] });
    const entries = (
      JSON.parse(readFileSync(path.join(dir, "cache", "lint-cache.json"), "utf8")) as { entries: Record<string, { clockRules: string[]; clockFacts: unknown }> }
    ).entries;
    expect(Object.values(entries).map((e) => [e.clockRules, e.clockFacts])).toEqual([
      [["stale"], { stale: { dates: [{ time: Date.UTC(2026, 5, 20), written: "2026-06-20", source: "Last updated", offset: 25, endOffset: 35 }] } }],
    ]);
    // A suppression comment the stale rule obeys could be used up by other findings: such a file is linted again in full.
    writeFileSync(path.join(dir, "HANDOFF.md"), "# Handoff\n\n<!-- handoff-disable stale -->\nLast updated: 2026-06-20.\n\n## Next steps\n\nRun `npm test`.\n");
    expect(await staleFindings("2026-06-25T00:00:00Z")).toEqual({ stats: { hits: 0, rechecks: 0, misses: 1, stored: 1 }, stale: [] });
    expect(await staleFindings("2026-12-01T00:00:00Z")).toEqual({ stats: { hits: 0, rechecks: 0, misses: 1, stored: 1 }, stale: [] });
  });

  it("reuses a document that states no date under any clock, frontmatter or not, and re-checks one with a frontmatter date", async () => {
    writeFileSync(path.join(dir, "HANDOFF.md"), "---\ntitle: Cache\nowner: ops\n---\n# Handoff\n\n## Next steps\n\nRun `npm test`.\n");
    expect((await staleFindings("2026-06-25T00:00:00Z")).stats).toEqual({ hits: 0, rechecks: 0, misses: 1, stored: 1 });
    expect((await staleFindings("2026-12-01T00:00:00Z")).stats).toEqual({ hits: 1, rechecks: 0, misses: 0, stored: 0 });
    writeFileSync(path.join(dir, "HANDOFF.md"), "---\ntitle: Cache\ncreated: 2026-06-20T00:00:00Z\n---\n# Handoff\n\n## Next steps\n\nRun `npm test`.\n");
    expect((await staleFindings("2026-06-25T00:00:00Z")).stats).toEqual({ hits: 0, rechecks: 0, misses: 1, stored: 1 });
    expect((await staleFindings("2026-12-01T00:00:00Z")).stats).toEqual({ hits: 0, rechecks: 1, misses: 0, stored: 0 });
  });
});
