/**
 * `lint --cache`: the same findings with and without it, cold and warm, under another clock, after
 * a change, a config change or a broken cache file; secrets never stored.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CACHE_FILE_NAME } from "../../src/3-check/cache/lint-cache.js";
import { createSession, lintPaths, type LintOptions } from "../../src/3-check/lint.js";
import { ALPHABETS, randomStrings } from "../secrets/labelled.js";
import { repoRoot } from "../helpers/locations.js";

const MARCH = new Date("2026-03-01T12:00:00Z");

type Entry = Record<string, unknown>;

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
  it("lints a changed file again and takes the others from the cache", async () => {
    cpSync(path.join(repoRoot, "corpus/sno"), path.join(dir, "docs"), { recursive: true });
    await lint(["docs"], { now: MARCH }, true, dir);
    const file = path.join(dir, "docs/progress-record.md");
    writeFileSync(file, `${readFileSync(file, "utf8")}\nAn added line.\n`);
    const again = await lint(["docs"], { now: MARCH }, true, dir);
    const fresh = await lint(["docs"], { now: MARCH }, false, dir);
    expect(again.results).toEqual(fresh.results);
    expect(again.cacheStats).toEqual({ hits: 4, rechecks: 0, misses: 1, stored: 1 });
  });

  it("drops every entry when the config changes", async () => {
    await lint(["corpus/sno"], { now: MARCH }, true);
    const changed = await lint(["corpus/sno"], { now: MARCH, ruleOverrides: { "next-action": "off" } }, true);
    expect(changed.cacheStats?.hits).toBe(0);
    expect(changed.results).toEqual((await lint(["corpus/sno"], { now: MARCH, ruleOverrides: { "next-action": "off" } }, false)).results);
  });

  it("ignores a broken cache file and writes a good one", async () => {
    await lint(["corpus/sno"], { now: MARCH }, true);
    const file = path.join(dir, "cache", CACHE_FILE_NAME);
    writeFileSync(file, "{ not json");
    const run = await lint(["corpus/sno"], { now: MARCH }, true);
    expect(run.cacheStats).toEqual({ hits: 0, rechecks: 0, misses: 5, stored: 5 });
    expect(Object.keys((JSON.parse(readFileSync(file, "utf8")) as { entries: object }).entries)).toHaveLength(5);
  });

  it.each([
    ["a null result", (e: Entry) => (e.result = null)],
    ["findings that are not a list", (e: Entry) => (e.result = { ...(e.result as object), diagnostics: 5 })],
    ["a finding without its fields", (e: Entry) => (e.result = { ...(e.result as object), diagnostics: [{ ruleId: 5 }] })],
    ["no internal-error list", (e: Entry) => (e.result = { ...(e.result as object), internalErrors: null })],
    ["clock rules that are a string", (e: Entry) => (e.clockRules = "x")],
    ["clock facts that are null", (e: Entry) => (e.clockFacts = null)],
    ["a number for an entry", (_e: Entry, entries: Record<string, unknown>, key: string) => (entries[key] = 3)],
  ])(
    "drops an entry with the right key but %s, and lints that file again",
    async (_name, damage: (e: Entry, entries: Record<string, unknown>, key: string) => void) => {
      await lint(["corpus/sno"], { now: MARCH }, true);
      const file = path.join(dir, "cache", CACHE_FILE_NAME);
      const stored = JSON.parse(readFileSync(file, "utf8")) as { entries: Record<string, Entry> };
      const [key] = Object.keys(stored.entries).sort();
      damage(stored.entries[key], stored.entries, key);
      writeFileSync(file, JSON.stringify(stored));
      const run = await lint(["corpus/sno"], { now: MARCH }, true);
      expect(run.cacheStats).toEqual({ hits: 4, rechecks: 0, misses: 1, stored: 1 });
      expect(run.results).toEqual((await lint(["corpus/sno"], { now: MARCH }, false)).results);
    },
  );

  it("never writes a secret into the cache: such files are linted every time", async () => {
    const token = `ghp_FAKE${randomStrings(77)(ALPHABETS.b62, 32)}`;
    writeFileSync(path.join(dir, "leak.md"), `# Notes\n\nDeploy with ${token} tonight.\n`);
    writeFileSync(path.join(dir, "clean.md"), "# Notes\n\nNothing secret here.\n");
    const first = await lint(["leak.md", "clean.md"], { now: MARCH }, true, dir);
    expect(first.results[1]?.diagnostics.map((d) => d.ruleId)).toContain("no-secrets");
    expect(readFileSync(path.join(dir, "cache", CACHE_FILE_NAME), "utf8")).not.toContain(token.slice(8));
    const second = await lint(["leak.md", "clean.md"], { now: MARCH }, true, dir);
    expect(second.cacheStats).toEqual({ hits: 1, rechecks: 0, misses: 1, stored: 0 });
    expect(second.results).toEqual(first.results);
  });

  it("says so, and still reports, when the cache cannot be written", async () => {
    writeFileSync(path.join(dir, "cache"), "a file where the cache directory should be");
    const run = await lint(["corpus/sno"], { now: MARCH }, true);
    expect(run.results).toHaveLength(5);
    expect(run.cacheWarning).toMatch(/^cannot write the cache .*lint-cache\.json: /);
  });
});
