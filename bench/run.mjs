#!/usr/bin/env node
/**
 * `npm run bench`: handoffkit side by side with the tools users would otherwise run, alternating
 * the commands within one run (the machine drifts by ±30 % between runs, so only ratios measured
 * together mean anything).
 *
 * Usage: node bench/run.mjs [--sizes 1000,10000] [--runs 3] [--seed 42] [--only NAME,...] [--timeout 600]
 *
 * For each corpus size it generates (once, cached under the OS temp dir) a deterministic corpus,
 * then runs every command `--runs` times in rotation and prints, per command: median wall time,
 * files/s, MB/s, peak RSS (GNU time, when /usr/bin/time exists) and the ratio to
 * markdownlint-cli2. Peers: markdownlint-cli2 and secretlint (devDependencies), gitleaks when
 * installed (from PATH or $GITLEAKS); `handoffkit --only no-secrets` is the secret-scan row,
 * compared with secretlint and gitleaks. `handoffkit --cache (warm)`
 * re-lints the unchanged corpus with a cache filled once before the timed runs.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "./generate-corpus.mjs";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const get = (flag, fallback) => {
  const i = args.indexOf(flag);
  return i === -1 ? fallback : args[i + 1];
};
const sizes = get("--sizes", "1000").split(",").map(Number);
const runs = Number(get("--runs", "3"));
const seed = Number(get("--seed", "42"));
const only = get("--only", "")
  .split(",")
  .filter(Boolean);
const hasTime = existsSync("/usr/bin/time");
// One command taking longer than this is stopped and shown as `>N s` (secretlint 12 took over
// 18 minutes on the 10k corpus here, against 6 s on 1k).
const timeoutSeconds = Number(get("--timeout", "600"));
const cli = path.join(root, "dist/bundle/main.js");
const bin = (name) => path.join(root, "node_modules/.bin", name);

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

function sizeOf(dir) {
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
  walk(dir);
  return { files, bytes };
}

function commands(dir) {
  const list = [
    { name: "handoffkit", argv: ["node", cli, "lint", "--format", "json", "--no-config", dir] },
    { name: "handoffkit --no-markdownlint", argv: ["node", cli, "lint", "--format", "json", "--no-config", "--no-markdownlint", dir] },
    { name: "markdownlint-cli2", argv: [bin("markdownlint-cli2"), `${dir}/**/*.md`], peer: true },
    // A re-lint of the unchanged corpus: the cache is filled once, untimed, before the runs.
    { name: "handoffkit --cache (warm)", argv: ["node", cli, "lint", "--format", "json", "--no-config", "--cache-location", `${dir}.cache`, dir], warm: true },
  ];
  // Secret scanning: handoffkit's one secrets rule beside secretlint (devDependency, recommended
  // preset) and gitleaks (when on PATH or $GITLEAKS: it is a Go binary, not an npm package).
  list.push({ name: "handoffkit --only no-secrets", argv: ["node", cli, "lint", "--format", "json", "--no-config", "--only", "no-secrets", dir], secrets: true });
  if (existsSync(bin("secretlint"))) {
    list.push({ name: "secretlint", argv: [bin("secretlint"), "--secretlintrc", path.join(root, "bench/secretlintrc.json"), "--format", "json", `${dir}/**/*`], peer: true, secrets: true });
  }
  const gitleaks = process.env.GITLEAKS ?? (spawnSync("sh", ["-c", "command -v gitleaks"]).stdout?.toString().trim() || "");
  if (gitleaks) {
    // gitleaks 8.19+ scans a directory with `dir`; earlier ones (Debian's 8.16) with `detect --no-git`.
    const hasDir = spawnSync(gitleaks, ["dir", "--help"], { stdio: "ignore" }).status === 0;
    const scan = hasDir ? ["dir", dir] : ["detect", "--no-git", "--source", dir];
    list.push({ name: "gitleaks", argv: [gitleaks, ...scan, "--no-banner", "--exit-code", "0"], peer: true, secrets: true });
  }
  return only.length ? list.filter((c) => only.some((o) => c.name.startsWith(o))) : list;
}

function measure(argv) {
  const full = hasTime ? ["/usr/bin/time", "-f", "%e %M", ...argv] : argv;
  const start = process.hrtime.bigint();
  const result = spawnSync(full[0], full.slice(1), { encoding: "utf8", maxBuffer: 1024 * 1024 * 1024, timeout: timeoutSeconds * 1000, killSignal: "SIGKILL" });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.error?.code === "ETIMEDOUT" || result.signal === "SIGKILL") return { wall: Infinity, rssMB: NaN, status: `>${timeoutSeconds}s` };
  let rssMB = NaN;
  if (hasTime) {
    const last = result.stderr.trim().split("\n").pop() ?? "";
    const kb = Number(last.split(" ")[1]);
    if (Number.isFinite(kb)) rssMB = kb / 1024;
  }
  return { wall, rssMB, status: result.status };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

for (const count of sizes) {
  const dir = corpus(count);
  const { files, bytes } = sizeOf(dir);
  const cmds = commands(dir);
  for (const c of cmds.filter((c) => c.warm)) {
    rmSync(`${dir}.cache`, { recursive: true, force: true });
    spawnSync(c.argv[0], c.argv.slice(1), { stdio: "ignore" });
  }
  const samples = new Map(cmds.map((c) => [c.name, []]));
  for (let r = 0; r < runs; r++) {
    for (const c of cmds) {
      // A command that ran out of time once is not run again.
      if (samples.get(c.name).some((x) => x.wall === Infinity)) continue;
      samples.get(c.name).push(measure(c.argv));
    }
  }
  const rows = cmds.map((c) => {
    const s = samples.get(c.name);
    return { name: c.name, wall: median(s.map((x) => x.wall)), rss: Math.max(...s.map((x) => x.rssMB)), status: s[0].status };
  });
  const base = rows.find((r) => r.name === "markdownlint-cli2")?.wall;
  const secretPeers = rows.filter((r) => cmds.find((c) => c.name === r.name)?.secrets && r.name !== "handoffkit --only no-secrets");
  const secretScan = rows.find((r) => r.name === "handoffkit --only no-secrets");
  console.log(`\n${files} files, ${(bytes / 1e6).toFixed(1)} MB, ${runs} runs each (median wall), alternating`);
  console.log(["command".padEnd(30), "wall s", "files/s", "MB/s", "peak RSS MB", "× mdl-cli2", "exit"].join("  "));
  for (const r of rows) {
    console.log(
      [
        r.name.padEnd(30),
        (Number.isFinite(r.wall) ? r.wall.toFixed(2) : `>${timeoutSeconds}`).padStart(6),
        (files / r.wall).toFixed(0).padStart(7),
        (bytes / 1e6 / r.wall).toFixed(2).padStart(4),
        (Number.isFinite(r.rss) ? r.rss.toFixed(0) : "-").padStart(11),
        (base && Number.isFinite(r.wall) ? (r.wall / base).toFixed(2) : "-").padStart(10),
        String(r.status).padStart(4),
      ].join("  "),
    );
  }
  if (secretScan && secretPeers.length > 0) {
    const ratio = (peer) => (Number.isFinite(peer.wall) ? `${(secretScan.wall / peer.wall).toFixed(2)}×` : `<${(secretScan.wall / timeoutSeconds).toFixed(3)}×`);
    console.log(`secret scan: handoffkit --only no-secrets ${secretPeers.map((p) => `${ratio(p)} ${p.name}`).join(", ")}`);
  }
  if (!process.env.GITLEAKS && !cmds.some((c) => c.name === "gitleaks")) console.log("(gitleaks not found: put it on PATH or set GITLEAKS=/path/to/gitleaks for its row)");
}
