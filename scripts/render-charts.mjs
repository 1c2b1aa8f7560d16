#!/usr/bin/env node
/**
 * Renders the README's stats pictures from the built CLI (run `npm run build` first):
 *
 * - docs/stats-adoption.png: `handoff stats --format svg corpus` (fixed clock for the expiry figure);
 * - docs/stats-history.png: `handoff stats --history --format svg handoffs` in a throw-away
 *   repository where the 35 handoffs of corpus/adoption-35 are committed five at a time, a week
 *   apart (fixed author, dates and identity, so the commit ids are the same on every run).
 *
 * Rendered at 2× with resvg and DejaVu Sans (scripts/render-svg.mjs): the same pixels on every machine.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderPng } from "./render-svg.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cli = path.join(root, "dist/bundle/main.js");
const outDir = path.join(root, "docs");
mkdirSync(outDir, { recursive: true });

function write(file, svg) {
  const { png, width, height } = renderPng(svg, 2);
  writeFileSync(path.join(outDir, file), png);
  console.log(`docs/${file}: ${width}×${height}`);
}

const handoff = (cwd, ...args) => execFileSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8" });

write("stats-adoption.png", handoff(root, "stats", "--format", "svg", "--now", "2026-12-01T00:00:00Z", "corpus"));

const demo = mkdtempSync(path.join(os.tmpdir(), "handoffkit-history-demo-"));
try {
  const baseEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: os.devNull };
  for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete baseEnv[name];
  const git = (env, ...args) => execFileSync("git", args, { cwd: demo, env: { ...baseEnv, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  git({}, "init", "-q", "-b", "main");
  git({}, "config", "user.name", "handoffkit demo");
  git({}, "config", "user.email", "demo@example.invalid");
  git({}, "config", "commit.gpgsign", "false");
  mkdirSync(path.join(demo, "handoffs"));
  const files = readdirSync(path.join(root, "corpus/adoption-35"))
    .filter((f) => f.endsWith(".md"))
    .sort();
  for (let batch = 0; batch * 5 < files.length; batch++) {
    for (const file of files.slice(batch * 5, batch * 5 + 5)) copyFileSync(path.join(root, "corpus/adoption-35", file), path.join(demo, "handoffs", file));
    const date = new Date(Date.UTC(2026, 9, 5 + 7 * batch, 12)).toISOString();
    git({}, "add", "-A");
    git({ GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }, "commit", "-q", "-m", `handoffs: batch ${batch + 1}`);
  }
  write("stats-history.png", handoff(demo, "stats", "--history", "--format", "svg", "handoffs"));
} finally {
  rmSync(demo, { recursive: true, force: true });
}
