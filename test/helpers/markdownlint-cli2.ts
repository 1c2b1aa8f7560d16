/**
 * Running markdownlint-cli2 (a dev dependency) from a throw-away project that installed handoffkit
 * (a `node_modules/handoffkit` symlink to this repository's built package).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Writes `files` (name → content) into a new project, runs markdownlint-cli2 on `args` there and
 * removes the project. @throws when the package is not built (`npm run build`).
 */
export function runMarkdownlintCli2(files: Record<string, string>, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  if (!existsSync(path.join(repoRoot, "dist/src/6-front-ends/markdownlint/custom-rules.js"))) throw new Error("run npm run build first");
  const project = mkdtempSync(path.join(os.tmpdir(), "handoffkit-mlc2-"));
  try {
    mkdirSync(path.join(project, "node_modules"));
    symlinkSync(repoRoot, path.join(project, "node_modules", "handoffkit"));
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(project, name), content);
    const bin = path.join(path.dirname(createRequire(import.meta.url).resolve("markdownlint-cli2")), "markdownlint-cli2-bin.mjs");
    const run = spawnSync(process.execPath, [bin, ...args], { cwd: project, encoding: "utf8" });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
