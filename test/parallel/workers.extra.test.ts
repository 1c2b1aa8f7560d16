/**
 * Worker threads: the compiled CLI (`npm test` builds first) lints the same findings, in the same
 * order, with and without workers; a worker that dies has its files linted on the main thread.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { FileResult } from "../../src/3-check/engine/diagnostic.js";
import { repoRoot } from "../helpers/locations.js";

const cli = path.join(repoRoot, "dist/src/6-front-ends/bin/main.js");
/** The `handoff` bin: the esbuild bundle of the same code (scripts/bundle.mjs). */
const bundle = path.join(repoRoot, "dist/bundle/main.js");

function lint(...args: string[]) {
  return lintWith(cli, ...args);
}

function lintWith(entry: string, ...args: string[]) {
  return spawnSync(process.execPath, [entry, "lint", "--format", "json", "--no-config", "--now", "2026-03-01T12:00:00Z", ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
}

describe("worker threads", () => {
  it("report exactly the findings of a main-thread run over corpus/", () => {
    expect(existsSync(cli), "run npm run build first").toBe(true);
    const single = lint("--no-workers", "corpus");
    const parallel = lint("--workers", "2", "corpus");
    const byDefault = lint("corpus");
    expect(single.stderr).toBe("");
    expect(single.status).toBe(1);
    const files = (JSON.parse(single.stdout) as { files: FileResult[] }).files;
    expect(files).toHaveLength(112);
    expect(files.reduce((n, f) => n + f.diagnostics.length, 0)).toBeGreaterThan(50);
    expect(parallel.status).toBe(single.status);
    expect(parallel.stdout).toBe(single.stdout);
    expect(byDefault.stdout).toBe(single.stdout);
  });

  it("the bundled bin reports the same with and without its bundled worker", () => {
    expect(existsSync(bundle), "run npm run build first").toBe(true);
    const reference = lint("--no-workers", "corpus");
    const bundledSingle = lintWith(bundle, "--no-workers", "corpus");
    const bundledParallel = lintWith(bundle, "--workers", "2", "corpus");
    expect(bundledSingle.stderr).toBe("");
    expect(bundledSingle.stdout).toBe(reference.stdout);
    expect(bundledParallel.stdout).toBe(reference.stdout);
    expect(bundledParallel.status).toBe(1);
  });
});
