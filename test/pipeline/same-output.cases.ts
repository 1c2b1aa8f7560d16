/**
 * One output whatever the schedule: the CLI lints a corpus with 0, 1 and 3 worker threads
 * and with `--cache` cold, warm, and warm under another clock (re-checked clock rules: the stale
 * rule's judge phase alone on its kept facts), and through the streaming and the collecting report
 * paths (stdout and `--output-file`, `--quiet`, a baseline). Every report is byte-identical to the
 * main-thread run's. The fast tier (./same-output.test.ts) runs one folder of `corpus/` through the
 * compiled CLI in this process; the extra tier (./same-output.extra.test.ts) the whole of `corpus/`
 * and the public corpus through the bundled bin, a process per run.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/locations.js";
import { runBuiltHandoff } from "../helpers/run-handoff.js";

const bundle = path.join(repoRoot, "dist/bundle/main.js");
const NOW = "2026-03-01T12:00:00Z";
const LATER = "2026-09-01T12:00:00Z";
let scratch = "";

/** What a lint run printed and its exit code. */
interface LintRun {
  stdout: string;
  stderr: string;
  status: number | null;
}

/** How a corpus is linted: by the bundled bin, a process per run, or by the compiled CLI in this process (real worker threads too). */
type Runner = "bin" | "in-process";

async function lintWith(runner: Runner, args: string[]): Promise<LintRun> {
  if (runner === "in-process") {
    const run = await runBuiltHandoff(repoRoot, "lint", "--no-config", ...args);
    return { stdout: run.stdout, stderr: run.stderr, status: run.code };
  }
  const run = spawnSync(process.execPath, [bundle, "lint", "--no-config", ...args], { cwd: repoRoot, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return { stdout: run.stdout, stderr: run.stderr, status: run.status };
}

/**
 * A corpus to lint: its name, its inputs (undefined: absent, skipped), its file count, whether to
 * check the report paths too, and how it is run.
 */
export interface SameOutputCorpus {
  label: string;
  inputs: string[] | undefined;
  files: number;
  reportPaths: boolean;
  runner: Runner;
}

/** Registers the same-output tests for each corpus. */
export function sameOutputCases(corpora: readonly SameOutputCorpus[]): void {
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), "handoffkit-same-output-"));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  describe.each(corpora)("the lint output of $label", ({ label, inputs: dir, files: count, reportPaths, runner }) => {
    const lint = (...args: string[]) => lintWith(runner, args);
    it.skipIf(dir === undefined)("is byte-identical with 0, 1 and 3 workers and with the cache cold, warm and under another clock", async () => {
      const input = dir as string[];
      const reference = await lint("--format", "json", "--now", NOW, "--no-workers", ...input);
      expect(reference.stderr).toBe("");
      expect(reference.status).toBe(1);
      const files = (JSON.parse(reference.stdout) as { files: unknown[] }).files;
      expect(files.length).toBe(count);
      for (const workers of ["1", "3"]) {
        const run = await lint("--format", "json", "--now", NOW, "--workers", workers, ...input);
        expect(run.stdout, `--workers ${workers}`).toBe(reference.stdout);
        expect(run.status).toBe(reference.status);
      }
      // Cold with workers, warm on this thread, and warm under another clock (re-checked clock rules).
      const location = path.join(scratch, label.replace(/\W/g, ""));
      const cold = await lint("--format", "json", "--now", NOW, "--workers", "3", "--cache-location", location, ...input);
      const warm = await lint("--format", "json", "--now", NOW, "--no-workers", "--cache-location", location, ...input);
      expect(cold.stdout, "cold cache, 3 workers").toBe(reference.stdout);
      expect(warm.stdout, "warm cache").toBe(reference.stdout);
      expect([cold.stderr, warm.stderr]).toEqual(["", ""]);
      const later = await lint("--format", "json", "--now", LATER, "--no-workers", ...input);
      const moved = await lint("--format", "json", "--now", LATER, "--workers", "1", "--cache-location", location, ...input);
      expect(moved.stdout, "warm cache under another clock").toBe(later.stdout);
      expect(moved.stdout).not.toBe(reference.stdout);
    });

    it.skipIf(dir === undefined || !reportPaths)(
      "is byte-identical through the streaming and the collecting report paths, with --quiet and a baseline",
      async () => {
        const input = dir as string[];
        const baseline = path.join(scratch, `${label.replace(/\W/g, "")}-baseline.json`);
        // A baseline of every finding but markdownlint's: it suppresses some findings and leaves others.
        const written = await lint("--format", "json", "--now", NOW, "--write-baseline", baseline, "--rule", "markdownlint=off", ...input);
        expect(written.stderr).toMatch(/^handoff: wrote \d+ findings? to baseline /);
        const variants: Array<[string, string[]]> = [
          ["json", []],
          ["json", ["--baseline", baseline]],
          ["stylish", ["--baseline", baseline, "--quiet"]],
        ];
        for (const [format, extra] of variants) {
          const streamed = await lint("--format", format, "--now", NOW, "--no-color", ...extra, ...input);
          const file = path.join(scratch, `report-${format}-${extra.length}.txt`);
          const collected = await lint("--format", format, "--now", NOW, "--no-color", "--output-file", file, ...extra, ...input);
          const what = `${format} ${extra.join(" ")}`;
          expect(collected.stdout, what).toBe("");
          expect(readFileSync(file, "utf8"), what).toBe(streamed.stdout);
          expect(collected.stderr, what).toBe(streamed.stderr);
          expect(collected.status, what).toBe(streamed.status);
        }
      },
    );
  });
}
