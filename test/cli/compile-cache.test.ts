/**
 * The bundle's V8 code cache (src/6-front-ends/bin/compile-cache.ts): written once per build, Node and command,
 * taken on the next run, refused when foreign or broken, and never a change in what a run prints.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cacheFileName, compileCacheDirectory, KEPT_PER_COMMAND, pruneCacheDirectory } from "../../src/6-front-ends/bin/compile-cache.js";
import type { CommandIO } from "../../src/6-front-ends/cli/io.js";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { repoRoot } from "../helpers/locations.js";

const bundle = path.join(repoRoot, "dist/bundle/main.js");
const LINT = ["lint", "--format", "json", "--no-config", "--now", "2026-03-01T12:00:00Z", "corpus/sno/empty-done-section.md"];
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-compile-cache-test-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function run(cacheDir: string, ...args: string[]) {
  return spawnSync(process.execPath, [bundle, ...args], { cwd: repoRoot, encoding: "utf8", env: { ...process.env, HANDOFFKIT_COMPILE_CACHE: cacheDir } });
}

/** The cache files in `cacheDir`, by the command they are named after. */
function cacheFiles(cacheDir: string): string[] {
  return readdirSync(cacheDir).map((name) => /-([a-z-]+)\.cache$/.exec(name)?.[1] ?? `unexpected ${name}`);
}

describe("the bundle's code cache", () => {
  it("is written by the first run of a command and taken, unchanged, by the next", () => {
    const cacheDir = path.join(dir, "cache");
    const off = run("off", ...LINT);
    const cold = run(cacheDir, ...LINT);
    expect(cacheFiles(cacheDir)).toEqual(["lint"]);
    const file = path.join(cacheDir, readdirSync(cacheDir)[0] as string);
    const written = readFileSync(file);
    expect(written.length).toBeGreaterThan(100_000);
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    const warm = run(cacheDir, ...LINT);
    expect(readFileSync(file).equals(written)).toBe(true);
    for (const result of [cold, warm]) {
      expect(result.stderr).toBe(off.stderr);
      expect(result.stdout).toBe(off.stdout);
      expect(result.status).toBe(off.status);
    }
    expect(off.stdout).toContain('"ruleId"');
    expect(run(cacheDir, "--help").stdout).toBe(run("off", "--help").stdout);
    expect(cacheFiles(cacheDir).sort()).toEqual(["lint", "other"]);
    // `--version` alone is answered without the CLI bundle, so without a cache file.
    const version = run("off", "--version", "--help").stdout;
    expect(version).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(run(cacheDir, "--version").stdout).toBe(version);
    expect(run(cacheDir, "-v").stdout).toBe(version);
    expect(cacheFiles(cacheDir).sort()).toEqual(["lint", "other"]);
  });

  it("writes nothing when turned off", () => {
    expect(run("off", "--help").status).toBe(0);
    expect(compileCacheDirectory({ HANDOFFKIT_COMPILE_CACHE: "off" })).toBeUndefined();
    expect(compileCacheDirectory({ HANDOFFKIT_COMPILE_CACHE: "0" })).toBeUndefined();
  });

  it("replaces a broken cache file and runs as without one", () => {
    const cacheDir = path.join(dir, "cache");
    const cold = run(cacheDir, ...LINT);
    expect(cold.stdout).toContain('"ruleId"');
    const file = path.join(cacheDir, readdirSync(cacheDir)[0] as string);
    writeFileSync(file, Buffer.alloc(4096, 7));
    const result = run(cacheDir, ...LINT);
    expect(result.stdout).toBe(cold.stdout);
    expect(readFileSync(file).equals(Buffer.alloc(4096, 7))).toBe(false);
    expect(readdirSync(cacheDir)).toHaveLength(1);
  });

  it.runIf(process.platform !== "win32")("is not used from a directory others can write to", () => {
    const shared = path.join(dir, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    expect(compileCacheDirectory({ HANDOFFKIT_COMPILE_CACHE: shared })).toBeUndefined();
    const result = run(shared, "--help");
    expect(result.stdout).toContain("Commands:");
    expect(result.status).toBe(0);
    expect(readdirSync(shared)).toEqual([]);
  });

  it("is not used from a path that is a file", () => {
    const file = path.join(dir, "file");
    writeFileSync(file, "");
    expect(compileCacheDirectory({ HANDOFFKIT_COMPILE_CACHE: file })).toBeUndefined();
    expect(run(file, "--help").status).toBe(0);
    expect(readFileSync(file, "utf8")).toBe("");
  });

  it("names a file per build, Node version and command, every command of the program by its own name", async () => {
    const out: string[] = [];
    const io: CommandIO = { cwd: repoRoot, env: {}, stdout: { write: (text: string) => out.push(text) }, stderr: { write: () => true } };
    await runCli(["--help"], io);
    const commands = [
      ...out
        .join("")
        .split("Commands:")[1]!
        .matchAll(/^ {2}([a-z][a-z-]*)/gm),
    ]
      .map((m) => m[1] as string)
      .filter((name) => name !== "help");
    expect(commands).toHaveLength(15);
    for (const command of commands) {
      expect(cacheFileName({ buildHash: "0123456789abcdef0123", argv: [command, "x"] }, 42, 1000.5)).toBe(
        `0123456789abcdef-42-1000-node${process.versions.node}-${process.arch}-${command}.cache`,
      );
    }
    expect(cacheFileName({ buildHash: "ab", argv: ["--version"] }, 1, 2)).toMatch(/-other\.cache$/);
    expect(cacheFileName({ buildHash: "ab", argv: [] }, 1, 2)).toMatch(/-other\.cache$/);
    expect(cacheFileName({ buildHash: "ab", argv: ["../lint"] }, 1, 2)).toMatch(/-other\.cache$/);
  });

  it("keeps the directory bounded: the newest files of the written command, fresh temporary files and other commands' files stay", () => {
    const now = Date.parse("2026-06-01T00:00:00Z");
    const hour = 3600_000;
    const files: [string, number][] = [
      ["aaaa-1-1-node20.20.0-x64-lint.cache", 5 * hour],
      ["bbbb-1-1-node20.20.0-x64-lint.cache", 4 * hour],
      ["cccc-1-1-node20.20.0-x64-lint.cache", 3 * hour],
      ["dddd-1-1-node20.20.0-x64-lint.cache", 2 * hour],
      ["eeee-1-1-node20.20.0-x64-lint.cache", 0],
      ["aaaa-1-1-node20.20.0-x64-seal.cache", 9 * hour],
      ["aaaa-1-1-node20.20.0-x64-lint.cache.12.34.tmp", 30 * hour],
      ["bbbb-1-1-node20.20.0-x64-lint.cache.56.78.tmp", 1 * hour],
      ["notes.txt", 99 * hour],
    ];
    for (const [name, age] of files) {
      writeFileSync(path.join(dir, name), "x");
      utimesSync(path.join(dir, name), (now - age) / 1000, (now - age) / 1000);
    }
    // The file just written is the oldest of them by mtime here: it stays all the same.
    pruneCacheDirectory(dir, path.join(dir, "aaaa-1-1-node20.20.0-x64-lint.cache"), now);
    expect(KEPT_PER_COMMAND).toBe(3);
    expect(readdirSync(dir).sort()).toEqual([
      "aaaa-1-1-node20.20.0-x64-lint.cache",
      "aaaa-1-1-node20.20.0-x64-seal.cache",
      "bbbb-1-1-node20.20.0-x64-lint.cache.56.78.tmp",
      "cccc-1-1-node20.20.0-x64-lint.cache",
      "dddd-1-1-node20.20.0-x64-lint.cache",
      "eeee-1-1-node20.20.0-x64-lint.cache",
      "notes.txt",
    ]);
  });
});
