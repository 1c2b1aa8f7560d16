/**
 * `npm run bench:secrets [-- --files N] [--secretlint BIN] [--gitleaks BIN] [--keep]`
 *
 * Generates a deterministic corpus of N (default 10,000) synthetic handoffs in a temp directory
 * and prints, side by side, files/s and MB/s of:
 * - the `no-secrets` detectors alone over the texts in memory (the rule's own cost);
 * - `handoff lint` with only `no-secrets` on (load + parse + rule, in process);
 * - secretlint (recommended preset) and gitleaks, when their binaries are given (`--secretlint`,
 *   `--gitleaks`, or SECRETLINT_BIN / GITLEAKS_BIN). Both are optional: secretlint 12/13 declare
 *   Node 22, gitleaks is a Go binary, so neither is a dependency of handoffkit.
 * Then recall and false positives over the labelled set in `test/secrets/`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { noSecrets } from "../rules/no-secrets.js";
import { createSession, lintPaths } from "../src/3-check/lint.js";
import { scanSecrets } from "../src/3-check/secrets/scan.js";
import { negativeCases, positiveCases } from "../test/secrets/labelled.js";
import { generateCorpus } from "./corpus.js";

interface Row {
  tool: string;
  seconds: number;
  findings: string;
}

function option(name: string, env?: string): string | undefined {
  const at = process.argv.indexOf(name);
  if (at !== -1) return process.argv[at + 1];
  return env ? process.env[env] : undefined;
}

function timed<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const value = fn();
  return [value, (performance.now() - start) / 1000];
}

async function main(): Promise<void> {
  const count = Number(option("--files") ?? 10_000);
  const dir = mkdtempSync(path.join(tmpdir(), "handoff-bench-secrets-"));
  const corpusDir = path.join(dir, "corpus");
  const [corpus, generation] = timed(() => generateCorpus(corpusDir, count));
  const mb = corpus.bytes / 1e6;
  console.log(
    `corpus: ${count} files, ${mb.toFixed(1)} MB, ${corpus.planted.size} with a planted fake secret (generated in ${generation.toFixed(1)} s) in ${corpusDir}`,
  );
  const rows: Row[] = [];

  const texts = corpus.files.map((file) => readFileSync(file, "utf8"));
  const [scanned, scanSeconds] = timed(() => texts.map((text) => scanSecrets(text)));
  const flagged = corpus.files.filter((_, i) => (scanned[i]?.length ?? 0) > 0);
  const hits = flagged.filter((f) => corpus.planted.has(f)).length;
  rows.push({
    tool: "no-secrets detectors (in memory)",
    seconds: scanSeconds,
    findings: `${scanned.flat().length} findings; planted files found ${hits}/${corpus.planted.size}; clean files flagged ${flagged.length - hits}`,
  });

  const session = createSession({ cwd: corpusDir, rules: [noSecrets], config: {} });
  const lintStart = performance.now();
  const run = await lintPaths(["."], session);
  const lintSeconds = (performance.now() - lintStart) / 1000;
  rows.push({
    tool: "handoff lint, no-secrets only (load+parse+rule)",
    seconds: lintSeconds,
    findings: `${run.results.reduce((n, r) => n + r.diagnostics.length, 0)} findings`,
  });

  const secretlint = option("--secretlint", "SECRETLINT_BIN");
  if (secretlint) {
    const rc = path.join(dir, ".secretlintrc.json");
    writeFileSync(rc, JSON.stringify({ rules: [{ id: "@secretlint/secretlint-rule-preset-recommend" }] }));
    const [result, seconds] = timed(() =>
      spawnSync(secretlint, ["--secretlintrc", rc, "--format", "json", "--maskSecrets", `${corpusDir}/**/*.md`], {
        cwd: path.dirname(path.dirname(path.dirname(secretlint))),
        encoding: "utf8",
        maxBuffer: 1 << 30,
      }),
    );
    let findings = `exit ${result.status}`;
    try {
      const files = JSON.parse(result.stdout) as Array<{ filePath: string; messages: unknown[] }>;
      const withFindings = files.filter((f) => f.messages.length > 0);
      const found = withFindings.filter((f) => corpus.planted.has(f.filePath)).length;
      findings = `${files.reduce((n, f) => n + f.messages.length, 0)} findings; planted files found ${found}/${corpus.planted.size}; clean files flagged ${withFindings.length - found}`;
    } catch {
      findings += `, unreadable output: ${(result.stderr || result.stdout).slice(0, 200)}`;
    }
    rows.push({ tool: "secretlint (preset-recommend)", seconds, findings });
  } else
    rows.push({
      tool: "secretlint",
      seconds: Number.NaN,
      findings: "skipped: pass --secretlint BIN (needs secretlint + @secretlint/secretlint-rule-preset-recommend installed beside it)",
    });

  const gitleaks = option("--gitleaks", "GITLEAKS_BIN");
  if (gitleaks) {
    const report = path.join(dir, "gitleaks.json");
    const [result, seconds] = timed(() =>
      spawnSync(
        gitleaks,
        ["detect", "--no-git", "--no-banner", "--redact", "--exit-code", "0", "--source", corpusDir, "--report-format", "json", "--report-path", report],
        {
          encoding: "utf8",
          maxBuffer: 1 << 30,
        },
      ),
    );
    let findings = `exit ${result.status}`;
    try {
      const leaks = JSON.parse(readFileSync(report, "utf8")) as Array<{ File: string }>;
      const files = new Set(leaks.map((l) => path.resolve(corpusDir, l.File)));
      const found = [...files].filter((f) => corpus.planted.has(f)).length;
      findings = `${leaks.length} findings; planted files found ${found}/${corpus.planted.size}; clean files flagged ${files.size - found}`;
    } catch {
      findings += `, no report: ${(result.stderr || result.stdout).slice(0, 200)}`;
    }
    rows.push({ tool: "gitleaks detect --no-git", seconds, findings });
  } else rows.push({ tool: "gitleaks", seconds: Number.NaN, findings: "skipped: pass --gitleaks BIN" });

  console.log("\ntool | wall s | files/s | MB/s | findings");
  console.log("--- | --- | --- | --- | ---");
  for (const row of rows) {
    const ok = Number.isFinite(row.seconds);
    const cells = ok ? [row.seconds.toFixed(2), (count / row.seconds).toFixed(0), (mb / row.seconds).toFixed(1)] : ["-", "-", "-"];
    console.log(`${row.tool} | ${cells.join(" | ")} | ${row.findings}`);
  }

  const positives = positiveCases();
  const negatives = negativeCases();
  const found = positives.filter((p) => scanSecrets(p.text).some((m) => m.detectorId === p.detector && m.value === p.value)).length;
  const falsePositives = negatives.filter((text) => scanSecrets(text).length > 0).length;
  console.log(
    `\nlabelled set: recall ${found}/${positives.length} (${((100 * found) / positives.length).toFixed(1)}%), ` +
      `false positives ${falsePositives}/${negatives.length} (${((100 * falsePositives) / negatives.length).toFixed(1)}%)`,
  );
  if (process.argv.includes("--keep")) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

await main();
