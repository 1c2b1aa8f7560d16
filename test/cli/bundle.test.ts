/**
 * The `handoff` bin is the esbuild bundle (scripts/bundle.mjs, built by `npm test`): it must behave
 * like the sources (run here in this process), including the code paths of bundled CommonJS dependencies (atomic
 * writes name temp files from `__filename`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/locations.js";
import { runHandoff } from "../helpers/run-handoff.js";

const bundle = path.join(repoRoot, "dist/bundle/main.js");
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-bundle-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function run(entry: string, ...args: string[]) {
  return spawnSync(process.execPath, [entry, ...args], { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

describe("the bundled bin", () => {
  it("prints the package version", () => {
    expect(existsSync(bundle), "run npm run build first").toBe(true);
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string; bin: { handoff: string } };
    expect(pkg.bin.handoff).toBe("dist/bundle/main.js");
    expect(run(bundle, "--version").stdout).toBe(`${pkg.version}\n`);
  });

  it("writes and reuses a --cache with the findings of an uncached run", async () => {
    const args = ["lint", "--format", "json", "--no-config", "--now", "2026-03-01T12:00:00Z", "corpus/sno", "corpus/trust"];
    const reference = await runHandoff(repoRoot, ...args);
    const cold = run(bundle, ...args, "--cache-location", dir);
    const warm = run(bundle, ...args, "--cache-location", dir);
    expect(cold.stderr).toBe("");
    expect(warm.stderr).toBe("");
    expect(existsSync(path.join(dir, "lint-cache.json"))).toBe(true);
    expect(cold.stdout).toBe(reference.stdout);
    expect(warm.stdout).toBe(reference.stdout);
    expect(warm.status).toBe(reference.code);
  });

  it("keeps the run's exit code when the reader goes away (`handoff lint | head -1` under pipefail)", () => {
    // The shell's reader takes one line and exits; handoff's later writes hit EPIPE.
    const script = `set -o pipefail; "${process.execPath}" "${bundle}" lint --no-config --now 2026-03-01T12:00:00Z corpus/ | head -1`;
    const result = spawnSync("bash", ["-c", script], { cwd: repoRoot, encoding: "utf8" });
    expect(result.stdout.split("\n").filter(Boolean)).toHaveLength(1);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(1);
  });

  it("writes --output-file atomically", async () => {
    const out = path.join(dir, "report.json");
    const result = run(bundle, "lint", "--format", "json", "--no-config", "--now", "2026-03-01T12:00:00Z", "--output-file", out, "corpus/sno");
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("");
    expect(readFileSync(out, "utf8")).toBe(
      (await runHandoff(repoRoot, "lint", "--format", "json", "--no-config", "--now", "2026-03-01T12:00:00Z", "corpus/sno")).stdout,
    );
  });

  it("seals under the file's lock (proper-lockfile, loaded lazily from the bundle)", () => {
    const file = path.join(dir, "HANDOFF.md");
    writeFileSync(file, "---\ntitle: Bundle\nstatus: open\n---\n\n# Handoff\n\n## Next steps\n\nRun it.\n");
    mkdirSync(`${file}.handoffkit-lock`); // held by another process
    const locked = run(bundle, "seal", file);
    expect(locked.status).toBe(2);
    expect(locked.stdout).toBe(
      `${path.relative(repoRoot, file)}: cannot seal: another process is writing ${file} (lock ${file}.handoffkit-lock; a lock left by a crash counts as stale after 10 s); nothing written, try again\n`,
    );
    rmSync(`${file}.handoffkit-lock`, { recursive: true });
    const sealed = run(bundle, "seal", file);
    expect(sealed.status).toBe(0);
    expect(sealed.stdout).toMatch(/: sealed sha256:[0-9a-f]{64}\n$/);
    expect(readdirSync(dir)).toEqual(["HANDOFF.md"]);
  });
});
