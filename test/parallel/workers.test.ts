/**
 * Worker threads: the compiled CLI (`npm test` builds first) lints the same findings, in the same
 * order, with and without workers; a worker that dies has its files linted on the main thread.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/locations.js";
import { runBuiltHandoff } from "../helpers/run-handoff.js";

const poolModule = path.join(repoRoot, "dist/src/3-check/pipeline/pool.js");

describe("worker threads", () => {
  it("rejects a --workers value that is not a whole number", async () => {
    const run = await runBuiltHandoff(repoRoot, "lint", "--format", "json", "--no-config", "--workers", "two", "corpus");
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("handoff: --workers expects a whole number, got 'two'\n");
  });

  it("starts one worker fewer than the cores (the main thread lints too) from 50 files and 2 MiB, none below, and what --workers asks", async () => {
    const { workerCount, MIN_FILES_FOR_WORKERS, MIN_BYTES_FOR_WORKERS } = (await import(
      pathToFileURL(poolModule).href
    )) as typeof import("../../src/3-check/pipeline/pool.js");
    const { availableParallelism } = await import("node:os");
    const byDefault = availableParallelism() - 1;
    expect(MIN_FILES_FOR_WORKERS).toBe(50);
    expect(MIN_BYTES_FOR_WORKERS).toBe(2 * 1024 * 1024);
    expect(workerCount(49, undefined)).toBe(0);
    expect(workerCount(50, undefined)).toBe(byDefault);
    expect(workerCount(50, undefined, 2 * 1024 * 1024)).toBe(byDefault);
    expect(workerCount(5000, undefined, 2 * 1024 * 1024 - 1)).toBe(0);
    expect(workerCount(49, undefined, 100 * 1024 * 1024)).toBe(0);
    expect(workerCount(60, 1, 1000)).toBe(1);
    expect(workerCount(10, 3)).toBe(3);
    expect(workerCount(2, 3)).toBe(2);
    expect(workerCount(500, 0)).toBe(0);
    expect(workerCount(0, 4)).toBe(0);
    // One core: the default is the main thread alone; more cores: one fewer worker than cores.
    expect(workerCount(5000, undefined, 100 * 1024 * 1024, 1)).toBe(0);
    expect(workerCount(5000, undefined, 100 * 1024 * 1024, 2)).toBe(1);
    expect(workerCount(5000, undefined, 100 * 1024 * 1024, 8)).toBe(7);
    expect(workerCount(3, undefined, 100 * 1024 * 1024, 8)).toBe(0);
    expect(workerCount(60, undefined, 100 * 1024 * 1024, 200)).toBe(60);
    // An explicit count stands on one core too.
    expect(workerCount(5000, 1, 100 * 1024 * 1024, 1)).toBe(1);
  });

  it("lints the files of a worker that dies on the main thread", async () => {
    const { startLintPool } = (await import(pathToFileURL(poolModule).href)) as typeof import("../../src/3-check/pipeline/pool.js");
    const files = Array.from({ length: 7 }, (_, i) => `file-${i}.md`);
    const seen = new Map<number, string>();
    // An unknown profile makes every worker's session throw at start-up: every worker dies.
    const pool = await startLintPool(
      { cwd: repoRoot, profile: "no-such-profile" },
      2,
      async (item) => ({
        result: { path: `here:${item.path}`, profile: "generic", diagnostics: [], internalErrors: [] },
        facts: { digest: "", clockRules: [], loadFailed: false, recheckable: false },
      }),
      (index, outcome) => seen.set(index, outcome.result.path),
    );
    files.forEach((path, index) => pool.add({ index, path }));
    await pool.finish();
    expect([...seen.entries()].sort((a, b) => a[0] - b[0])).toEqual(files.map((file, i) => [i, `here:${file}`]));
  });
});
