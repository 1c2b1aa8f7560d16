/**
 * `lint --cache`: the same findings with and without it, cold and warm, under another clock, after
 * a change, a config change or a broken cache file; secrets never stored.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CACHE_FILE_NAME } from "../../src/3-check/cache/lint-cache.js";
import { createSession, lintPaths, type LintOptions } from "../../src/3-check/lint.js";
import { repoRoot } from "../helpers/locations.js";

const MARCH = new Date("2026-03-01T12:00:00Z");
const DECEMBER = new Date("2026-12-01T00:00:00Z");

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-cache-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function lint(inputs: string[], options: LintOptions, cache: boolean, cwd = repoRoot) {
  const session = createSession({ cwd, ...options });
  return lintPaths(inputs, session, undefined, cache ? { cache: { directory: path.join(dir, "cache"), key: { version: "test" } } } : {});
}

describe("lint --cache", () => {
  it("reports exactly the findings of an uncached run over corpus/, cold and warm", async () => {
    const fresh = await lint(["corpus"], { now: MARCH }, false);
    const cold = await lint(["corpus"], { now: MARCH }, true);
    const warm = await lint(["corpus"], { now: MARCH }, true);
    expect(fresh.results).toHaveLength(112);
    expect(cold.results).toEqual(fresh.results);
    expect(warm.results).toEqual(fresh.results);
    expect(cold.cacheStats?.misses).toBe(112);
    // Every file but those carrying secrets comes back from the cache.
    const stored = cold.cacheStats?.stored ?? 0;
    expect(stored).toBeGreaterThan(90);
    // The rest (unreadable, undecodable or secret-bearing files) are linted again and never stored.
    expect(warm.cacheStats).toEqual({ hits: stored, rechecks: 0, misses: 112 - stored, stored: 0 });
    expect(existsSync(path.join(dir, "cache", CACHE_FILE_NAME))).toBe(true);
  });

  it("re-checks the clock's findings for a run at another time, with the findings of a fresh run then", async () => {
    await lint(["corpus"], { now: MARCH }, true);
    const later = await lint(["corpus"], { now: DECEMBER }, true);
    const fresh = await lint(["corpus"], { now: DECEMBER }, false);
    expect(later.results).toEqual(fresh.results);
    // The files whose results read the clock: a stated date (stale) or a frontmatter date (expiry).
    expect(later.cacheStats?.rechecks).toBe(43);
    const expiredBefore = (await lint(["corpus"], { now: MARCH }, false)).results.flatMap((r) => r.diagnostics).filter((d) => d.ruleId === "expiry");
    const expiredAfter = later.results.flatMap((r) => r.diagnostics).filter((d) => d.ruleId === "expiry");
    expect(expiredAfter).not.toEqual(expiredBefore);
  });
});
