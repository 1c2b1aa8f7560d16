#!/usr/bin/env node
/**
 * Deterministic generator of realistic synthetic handoffs for benchmarks.
 *
 * Usage: node bench/generate-corpus.mjs --count 1000 --out DIR [--seed 42]
 *
 * Every profile is represented (generic 50 %, contract 20 %, hatch3r 15 %, sno 10 %,
 * verified-delivery JSON 5 %), each file 2–20 KB with tables, code fences, commit SHAs,
 * sha256 digests and dates. hatch3r files carry a correct integrity digest. The same seed and
 * count always give byte-identical files.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** mulberry32: a small, fast, well-distributed 32-bit PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "the build cache worker queue retry index schema migration test suite flag deploy branch commit review " +
  "parser config token session handoff state verify check runtime memory latency request response handler " +
  "module service client server table column row batch stream buffer timeout error warning log trace metric " +
  "release version upgrade rollback fixture mock stub job pipeline stage artifact bundle route page form field"
).split(" ");
const VERBS = ["run", "check", "update", "fix", "verify", "rebuild", "profile", "document", "review", "merge"];

export function generate(count, seed = 42) {
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const hex = (n) => Array.from({ length: n }, () => "0123456789abcdef"[int(0, 15)]).join("");
  const sentence = () => {
    const words = Array.from({ length: int(6, 18) }, () => pick(WORDS));
    words[0] = words[0][0].toUpperCase() + words[0].slice(1);
    return `${words.join(" ")}.`;
  };
  const paragraph = () => Array.from({ length: int(2, 5) }, sentence).join(" ");
  const date = () => `2026-${String(int(1, 11)).padStart(2, "0")}-${String(int(1, 28)).padStart(2, "0")}`;
  const list = () =>
    Array.from({ length: int(3, 7) }, () => `- ${pick(VERBS)} \`src/${pick(WORDS)}/${pick(WORDS)}.ts\` (commit \`${hex(7)}\`): ${sentence()}`).join("\n");
  const table = () =>
    [
      "| check | result | evidence |",
      "| --- | --- | --- |",
      ...Array.from({ length: int(2, 6) }, () => `| ${pick(WORDS)} | ${pick(["pass", "fail", "skip"])} | \`${hex(12)}\` |`),
    ].join("\n");
  const fence = () =>
    ["```sh", `git log --oneline ${hex(7)}..HEAD`, `npm test -- --filter ${pick(WORDS)}`, `sha256sum dist/${pick(WORDS)}.js  # ${hex(64)}`, "```"].join("\n");
  const block = () => {
    const r = rand();
    return r < 0.45 ? paragraph() : r < 0.7 ? list() : r < 0.85 ? table() : fence();
  };
  const body = (titles, target) => {
    let out = "";
    let i = 0;
    while (out.length < target || i < titles.length) {
      const title = i < titles.length ? titles[i] : `${pick(VERBS)} ${pick(WORDS)} ${pick(WORDS)}`;
      out += `## ${title}\n\n${block()}\n\n${block()}\n\n`;
      i++;
    }
    return out;
  };
  const files = [];
  for (let n = 0; n < count; n++) {
    const target = int(1500, 9500);
    const r = rand();
    const name = String(n).padStart(6, "0");
    if (r < 0.5) {
      files.push([`generic/${name}.md`, `# Session handoff ${date()}\n\n${body(["Current state", "Decisions", "Key files", "Next steps"], target)}`]);
    } else if (r < 0.7) {
      const titles = [
        "Goal",
        "Durable context",
        "Session state",
        "Verified facts",
        "Hypotheses",
        "Decisions",
        "Completed work",
        "Unresolved work",
        "Next action",
      ];
      files.push([`contract/HANDOFF-bench-${name}.md`, `# HANDOFF bench ${date()}T1200Z\n\n${body(titles, target)}`]);
    } else if (r < 0.85) {
      const text = body(["Problem", "Decisions", "Work Done", "Work Remaining", "Blockers", "Next Steps", "Build & Test Status", "File Manifest"], target);
      const bodyText = `\n${text}`;
      const digest = createHash("sha256").update(bodyText.trim(), "utf8").digest("hex");
      const created = `${date()}T10:00:00Z`;
      const fm = [
        "---",
        `id: ${created.slice(0, 10)}_T1000_${hex(5)}_bench-${name}`,
        "type: handoff",
        `created: "${created}"`,
        `updated: "${created}"`,
        "status: open",
        "source_agent: bench",
        "target_agent: implementer",
        `git_ref: main@${hex(7)}`,
        "branch: main",
        "confidence: 0.8",
        "completeness: 0.6",
        `integrity: "sha256:${digest}"`,
        "---",
      ].join("\n");
      files.push([`hatch3r/${name}.md`, `${fm}\n${bodyText}`]);
    } else if (r < 0.95) {
      const record = [
        "<!-- machine-record:start -->",
        `checkpoint: ${int(1, 40)}`,
        `updated: ${date()}T09:00:00Z`,
        "by: bench",
        "checkout: /work/bench",
        "branch: main",
        `head: ${hex(12)} ${sentence()}`,
        "recent:",
        ...Array.from({ length: 3 }, () => `- ${hex(12)} ${sentence()}`),
        "uncommitted:",
        `- M src/${pick(WORDS)}.ts sha256:${hex(64)}`,
        "<!-- machine-record:end -->",
      ].join("\n");
      files.push([
        `sno/${name}.md`,
        `# Progress record\n\n${record}\n\n${body(["Objective and authorization", "Done", "Next", "Decisions and assumptions", "Risks and open questions"], target)}`,
      ]);
    } else {
      const record = {
        schema: "verified-delivery/handoff-v1",
        status: "open",
        store: ".verified-delivery/handoff.json",
        directive: paragraph(),
        authorization_boundary: { authorized: ["edit src", "run tests"], out_of_scope: ["deploy"] },
        repository: "example/bench",
        pull_request: null,
        branch: "main",
        head_sha: hex(40),
        completed_steps: Array.from({ length: int(2, 20) }, () => ({ gate: pick(WORDS), verdict: "pass", evidence: sentence() })),
        pending_steps: ["run tests", "edit src"],
        watchers: [],
        stop_reason: "session-end",
        updated_at: `${date()}T12:00:00Z`,
      };
      files.push([`verified-delivery/${name}.json`, `${JSON.stringify(record, null, 2)}\n`]);
    }
  }
  return files;
}

function main() {
  const args = process.argv.slice(2);
  const get = (flag, fallback) => {
    const i = args.indexOf(flag);
    return i === -1 ? fallback : args[i + 1];
  };
  const count = Number(get("--count", "1000"));
  const out = get("--out", undefined);
  const seed = Number(get("--seed", "42"));
  if (!out || !Number.isInteger(count) || count < 1) {
    process.stderr.write("usage: node bench/generate-corpus.mjs --count N --out DIR [--seed S]\n");
    process.exitCode = 2;
    return;
  }
  let bytes = 0;
  for (const [rel, text] of generate(count, seed)) {
    const file = path.join(out, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    bytes += Buffer.byteLength(text);
  }
  process.stdout.write(`${count} files, ${(bytes / 1e6).toFixed(1)} MB in ${out}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
