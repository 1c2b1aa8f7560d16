#!/usr/bin/env node
/**
 * `npm run bench`: handoffkit side by side with the tools users would otherwise run, alternating
 * the commands within one run (the machine drifts by ±30 % between runs, so only ratios measured
 * together mean anything).
 *
 * Usage: node bench/run.mjs [--scenarios 1k,real,5kb,117kb,10k] [--sizes 1000,10000] [--runs 3]
 *                           [--seed 42] [--only NAME,...] [--timeout 600] [--baseline DIR]
 *
 * Scenarios (each a table of median wall, range, files/s, MB/s, peak RSS and the ratio to
 * markdownlint-cli2):
 * - `1k`, `10k` (`--sizes`): deterministic generated corpora (cached under the OS temp dir);
 *   handoffkit by default, `--no-workers`, `--no-markdownlint`, `--only no-secrets`, a warm
 *   `--cache` re-lint; peers markdownlint-cli2, secretlint (up to 1k files: 12 runs over 18 minutes
 *   on 10k) and gitleaks when installed (from PATH or $GITLEAKS). Corpora past 1k files get
 *   `runs × 1000 / files` runs (at least one), so the default bench stays near ten minutes.
 * - `real`: the real public handoffs in ../shared/corpus-public/docs ($HANDOFFKIT_BENCH_DOCS).
 * - `5kb`: one real doc of about 5 KB, the pre-commit case, also through the pre-commit hook that
 *   `handoff install-hook` writes, in a scratch git repository with that file staged.
 * - `117kb`: the largest real doc alone.
 * - `100k` (only with HANDOFFKIT_BENCH_100K=1: generating and linting it takes many minutes): one
 *   default run on 100k generated files, for peak RSS and its growth from 10k.
 *
 * `--baseline DIR`: another built checkout of handoffkit (its `dist/bundle/main.js`, e.g. a
 * `git worktree` of main after `npm run build`); every handoffkit row gets a `(baseline)` twin
 * run in the same rotation, so a change is measured against the code before it under the same
 * load.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "./generate-corpus.mjs";
import { alternate, printTable } from "./measure.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const get = (flag, fallback) => {
  const i = args.indexOf(flag);
  return i === -1 ? fallback : args[i + 1];
};
const list = (value) => value.split(",").filter(Boolean);
const sizes = list(get("--sizes", "1000,10000")).map(Number);
const runs = Number(get("--runs", "3"));
const seed = Number(get("--seed", "42"));
const only = list(get("--only", ""));
const with100k = process.env.HANDOFFKIT_BENCH_100K === "1";
const defaultScenarios = [
  ...sizes.filter((n) => n <= 1000).map(key),
  "real",
  "5kb",
  "117kb",
  ...sizes.filter((n) => n > 1000).map(key),
  ...(with100k ? ["100k"] : []),
];
const scenarioKeys = list(get("--scenarios", defaultScenarios.join(",")));
// One command taking longer than this is stopped and shown as `>N s` (the 100k row: at least 3600).
const timeoutSeconds = Number(get("--timeout", "600"));
const cli = path.join(root, "dist/bundle/main.js");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const docsDir = process.env.HANDOFFKIT_BENCH_DOCS ?? path.resolve(root, "../shared/corpus-public/docs");
const options = { cwd: root, timeoutSeconds };
const baselineDir = get("--baseline", "");
const baselineCli = baselineDir ? path.resolve(baselineDir, "dist/bundle/main.js") : "";
if (baselineCli && !existsSync(baselineCli)) throw new Error(`--baseline: ${baselineCli} not found (run npm run build there)`);

function key(count) {
  return count % 1000 === 0 ? `${count / 1000}k` : String(count);
}

function corpus(count) {
  const dir = path.join(tmpdir(), `handoffkit-bench-${count}-${seed}`);
  if (!existsSync(path.join(dir, ".complete"))) {
    process.stderr.write(`generating ${count} files in ${dir} ...\n`);
    for (const [rel, text] of generate(count, seed)) {
      const file = path.join(dir, rel);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    writeFileSync(path.join(dir, ".complete"), "");
  }
  return dir;
}

function sizeOf(target) {
  let files = 0;
  let bytes = 0;
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (!entry.name.startsWith(".")) {
        files++;
        bytes += statSync(p).size;
      }
    }
  };
  if (statSync(target).isFile()) return { files: 1, bytes: statSync(target).size };
  walk(target);
  return { files, bytes };
}

const lint = (name, target, extra = []) => ({ name, argv: ["node", cli, "lint", "--format", "json", "--no-config", ...extra, target] });
const markdownlint = (target, isFile) => ({ name: "markdownlint-cli2", argv: [bin("markdownlint-cli2"), isFile ? target : `${target}/**/*.md`], peer: true });

/** Secret scanners beside `handoffkit --only no-secrets`: secretlint (devDependency, recommended preset) and gitleaks (a Go binary, when found). */
function secretPeers(target, withSecretlint) {
  const peers = [];
  if (withSecretlint && existsSync(bin("secretlint"))) {
    peers.push({
      name: "secretlint",
      argv: [bin("secretlint"), "--secretlintrc", path.join(root, "bench/secretlintrc.json"), "--format", "json", `${target}/**/*`],
      peer: true,
      secrets: true,
    });
  }
  const gitleaks = process.env.GITLEAKS ?? (spawnSync("sh", ["-c", "command -v gitleaks"]).stdout?.toString().trim() || "");
  if (gitleaks) {
    // gitleaks 8.19+ scans a directory with `dir`; earlier ones (Debian's 8.16) with `detect --no-git`.
    const hasDir = spawnSync(gitleaks, ["dir", "--help"], { stdio: "ignore" }).status === 0;
    const scan = hasDir ? ["dir", target] : ["detect", "--no-git", "--source", target];
    peers.push({ name: "gitleaks", argv: [gitleaks, ...scan, "--no-banner", "--exit-code", "0"], peer: true, secrets: true });
  }
  return peers;
}

/** The commands for a directory of handoffs. */
function directoryCommands(dir, { withCache, withSecretlint }) {
  return [
    lint("handoffkit", dir),
    lint("handoffkit --no-workers", dir, ["--no-workers"]),
    lint("handoffkit --no-markdownlint", dir, ["--no-markdownlint"]),
    markdownlint(dir, false),
    // A re-lint of the unchanged corpus: the cache is filled once, untimed, before the runs.
    ...(withCache ? [{ ...lint("handoffkit --cache (warm)", dir, ["--cache-location", `${dir}.cache`]), warm: `${dir}.cache` }] : []),
    { ...lint("handoffkit --only no-secrets", dir, ["--only", "no-secrets"]), secrets: true },
    ...secretPeers(dir, withSecretlint),
  ];
}

/**
 * A scratch git repository with `file` staged and the pre-commit hook that `entry install-hook`
 * writes: the command runs that hook.
 */
function hookCommand(file, entry = cli, suffix = "") {
  const repo = path.join(tmpdir(), `handoffkit-bench-hook${suffix}`);
  rmSync(repo, { recursive: true, force: true });
  mkdirSync(repo, { recursive: true });
  const git = (...argv) => spawnSync("git", argv, { cwd: repo, stdio: "ignore" });
  git("init", "-q");
  copyFileSync(file, path.join(repo, path.basename(file)));
  git("add", path.basename(file));
  spawnSync("node", [entry, "install-hook"], { cwd: repo, stdio: "ignore" });
  return {
    name: `handoffkit via pre-commit hook${suffix ? " (baseline)" : ""}`,
    argv: ["sh", path.join(repo, ".git/hooks/pre-commit")],
    cwd: repo,
    hook: file,
  };
}

/** Each handoffkit command followed by its twin on the `--baseline` build. */
function withBaseline(cmds) {
  if (!baselineCli) return cmds;
  return cmds.flatMap((c) => {
    if (!c.name.startsWith("handoffkit")) return [c];
    if (c.hook) return [c, hookCommand(c.hook, baselineCli, "-baseline")];
    const argv = c.argv.map((a) => (a === cli ? baselineCli : c.warm && a === c.warm ? `${c.warm}-baseline` : a));
    return [c, { ...c, name: `${c.name} (baseline)`, argv, ...(c.warm ? { warm: `${c.warm}-baseline` } : {}) }];
  });
}

/** The real doc nearest 5 KB, and the largest one. */
function realDocs() {
  if (!existsSync(docsDir)) return undefined;
  const docs = readdirSync(docsDir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => ({ file: path.join(docsDir, name), bytes: statSync(path.join(docsDir, name)).size }));
  const near5k = [...docs].sort((a, b) => Math.abs(a.bytes - 5000) - Math.abs(b.bytes - 5000))[0];
  const largest = [...docs].sort((a, b) => b.bytes - a.bytes)[0];
  return { near5k: near5k.file, largest: largest.file };
}

function scenarios() {
  const out = [];
  const real = realDocs();
  for (const wanted of scenarioKeys) {
    const count = sizes.find((n) => key(n) === wanted);
    if (wanted === "100k") {
      const dir = corpus(100000);
      // Ten times the 10k run (about 220 s here): the default 600 s stop would cut it short.
      out.push({
        title: "100k generated (memory)",
        target: dir,
        runs: 1,
        timeoutSeconds: Math.max(timeoutSeconds, 3600),
        commands: () => [lint("handoffkit", dir)],
      });
    } else if (count) {
      const dir = corpus(count);
      out.push({
        title: `${key(count)} generated`,
        target: dir,
        runs: Math.max(1, Math.round((runs * 1000) / Math.max(count, 1000))),
        commands: () => directoryCommands(dir, { withCache: true, withSecretlint: count <= 1000 }),
      });
    } else if (wanted === "real" || wanted === "5kb" || wanted === "117kb") {
      if (!real) {
        console.log(`\n(${wanted}: ${docsDir} not found: set HANDOFFKIT_BENCH_DOCS to a directory of real handoffs)`);
        continue;
      }
      if (wanted === "real")
        out.push({
          title: `real docs (${path.relative(root, docsDir)})`,
          target: docsDir,
          runs,
          commands: () => directoryCommands(docsDir, { withCache: false, withSecretlint: true }),
        });
      const file = wanted === "5kb" ? real.near5k : real.largest;
      // One-file runs take well under a second: more runs steady their medians.
      if (wanted === "5kb")
        out.push({
          title: `one doc (${path.basename(file)})`,
          target: file,
          runs: runs * 3,
          commands: () => [lint("handoffkit", file), hookCommand(file), markdownlint(file, true)],
        });
      if (wanted === "117kb")
        out.push({
          title: `largest doc (${path.basename(file)})`,
          target: file,
          runs: runs * 3,
          commands: () => [lint("handoffkit", file), markdownlint(file, true)],
        });
    } else {
      console.log(`\n(unknown scenario '${wanted}')`);
    }
  }
  return out;
}

const rssByTitle = new Map();
for (const scenario of scenarios()) {
  const all = withBaseline(scenario.commands());
  const cmds = only.length ? all.filter((c) => only.some((o) => c.name.startsWith(o))) : all;
  for (const c of cmds.filter((c) => c.warm)) {
    rmSync(c.warm, { recursive: true, force: true });
    spawnSync(c.argv[0], c.argv.slice(1), { stdio: "ignore" });
  }
  const limit = scenario.timeoutSeconds ?? timeoutSeconds;
  const rows = alternate(cmds, scenario.runs, { ...options, timeoutSeconds: limit });
  printTable(scenario.title, sizeOf(scenario.target), rows, limit);
  rssByTitle.set(scenario.title, rows.find((r) => r.name === "handoffkit")?.rss);
  if (scenario.title.startsWith("100k")) {
    const at10k = rssByTitle.get("10k generated");
    const at100k = rssByTitle.get(scenario.title);
    if (at10k && at100k) console.log(`peak RSS growth 10k → 100k: ${(((at100k - at10k) / at10k) * 100).toFixed(1)} %`);
  }
}
if (!process.env.GITLEAKS && !spawnSync("sh", ["-c", "command -v gitleaks"]).stdout?.toString().trim()) {
  console.log("\n(gitleaks not found: put it on PATH or set GITLEAKS=/path/to/gitleaks for its row)");
}
