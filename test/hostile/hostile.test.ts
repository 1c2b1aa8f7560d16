/**
 * Hostile inputs, one test each: every one must finish (a generous bound of CPU time, not a speed
 * test: a loaded machine stretches the wall clock, not the work) with an exact, clear finding and
 * no internal error. Small fixtures live in test/fixtures/hostile/; the generated big ones (1 MB
 * lines, 10,000-level nesting, 100k headings) are in ./hostile.extra.test.ts.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import type { Diagnostic, FileResult } from "../../src/3-check/engine/diagnostic.js";
import { createSession, lintPaths, lintText } from "../../src/3-check/lint.js";
import { cpuMs } from "../helpers/cpu-time.js";
import { repoRoot } from "../helpers/locations.js";

const FIXTURES = path.join(repoRoot, "test/fixtures/hostile");
const session = createSession({ cwd: FIXTURES, now: new Date("2026-06-01T00:00:00Z") });
const shown = (d: Diagnostic) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.ruleId} ${d.message}`;
const of = (result: FileResult, ruleId: string) => result.diagnostics.filter((d) => d.ruleId === ruleId).map(shown);

/** Lints `text`, asserting it used at most `boundMs` of CPU time (generous) and raised no internal error. */
function lintBounded(name: string, text: string | Uint8Array, boundMs = 20_000): FileResult {
  let result: FileResult | undefined;
  const used = cpuMs(() => {
    result = lintText(name, text, session);
  });
  if (!result) throw new Error("lint did not run");
  expect(used).toBeLessThan(boundMs);
  expect(result.internalErrors).toEqual([]);
  return result;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "handoff-hostile-"));
  dirs.push(dir);
  return dir;
}

describe("hostile YAML frontmatter", () => {
  it("a billion-laughs alias bomb is one finding, counting its anchors and aliases, without expanding", async () => {
    const [result] = (await lintPaths(["alias-bomb.md"], session)).results;
    expect(of(result as FileResult, "frontmatter-syntax")).toEqual([
      "2:4-2:6 error frontmatter-syntax YAML anchors and aliases are not allowed in frontmatter (aliases can expand without bound): 9 anchors ('&a', '&b', '&c', …), 72 aliases ('*a', '*b', '*c', …)",
    ]);
  });

  it.each([
    ["flow sequences", `[`.repeat(10_000) + `]`.repeat(10_000)],
    ["flow mappings", `{b: `.repeat(10_000) + "1" + `}`.repeat(10_000)],
  ])("10,000 nested %s are reported as too deep to read", (_kind, value) => {
    const result = lintBounded("deep.md", `---\na: ${value}\n---\n# T\n`);
    const findings = result.diagnostics.filter((d) => d.ruleId === "frontmatter-syntax");
    expect(findings.map((d) => `${d.line} ${d.message}`)).toEqual(["2 YAML syntax error: the frontmatter nests too deeply to be read"]);
  });

  it("never prints the yaml library's warnings (a collection used as a key) to stderr", () => {
    const warn = vi.spyOn(process, "emitWarning");
    try {
      const result = lintBounded("complex-key.md", "---\n? [a, b]\n: value\n---\n# T\n\n- TODO x\n");
      expect(result.diagnostics.map(shown)).toEqual([
        "2:3-2:9 error frontmatter-syntax Frontmatter key '[a, b]' is a YAML collection; keys must be plain text (an unfilled template placeholder?)",
        "5:1-5:1 warning next-action No next-action section, though work is pending (a TODO or FIXME marker): say what the next session should do first (e.g. '## Next steps')",
      ]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe("executable frontmatter never runs", () => {
  const pwned = path.join(tmpdir(), `handoff-pwned-${process.pid}`);
  it.each([
    [
      "js-frontmatter.md",
      [
        "1:1-2:1 error frontmatter-syntax Unsupported frontmatter language '---js': handoffkit reads YAML, JSON and TOML frontmatter and never evaluates a block",
      ],
    ],
    [
      "javascript-frontmatter.md",
      [
        "1:1-2:1 error frontmatter-syntax Unsupported frontmatter language '---javascript': handoffkit reads YAML, JSON and TOML frontmatter and never evaluates a block",
      ],
    ],
    [
      "yaml-js-tag.md",
      [
        "2:8-2:21 error frontmatter-syntax YAML tag '!!js/function' is not supported: the value is read as plain text and never run",
        "3:7-3:21 error frontmatter-syntax YAML tag '!!js/undefined' is not supported: the value is read as plain text and never run",
      ],
    ],
  ])("%s: a finding, and the code in it never writes $HANDOFFKIT_PWNED (lint and seal)", async (name, expected) => {
    vi.stubEnv("HANDOFFKIT_PWNED", pwned);
    try {
      const [result] = (await lintPaths([name], session)).results;
      expect(of(result as FileResult, "frontmatter-syntax")).toEqual(expected);
      const copy = path.join(tempDir(), name);
      writeFileSync(copy, (await import("node:fs")).readFileSync(path.join(FIXTURES, name)));
      let out = "";
      const io = {
        cwd: path.dirname(copy),
        env: { NO_COLOR: "1" },
        stdout: { write: (t: string) => (out += t) },
        stderr: { write: (t: string) => (out += t) },
      };
      expect(await runCli(["seal", name], io)).toBe(2);
      expect(out).toMatch(new RegExp(`^${name.replace(".", "\\.")}: cannot seal: the frontmatter cannot be edited safely: `));
      expect(existsSync(pwned)).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("hostile Markdown (generated, small; 1 MB inputs in ./hostile.extra.test.ts)", () => {
  it("200 nested blockquotes: one markdown-limits finding", () => {
    const result = lintBounded("quotes.md", `# T\n\n${">".repeat(200)} x\n\n## Next steps\n\nRun it.\n`);
    expect(of(result, "markdown-limits")).toEqual([
      "3:1-3:203 warning markdown-limits Not parsed as Markdown: a line opens up to 200 nested block containers (> or list markers), over the limit of 100",
    ]);
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(["markdown-limits"]);
  });

  it("a 12 KB single line of *_ (unmatched emphasis delimiters): one markdown-limits finding", () => {
    const line = "*_".repeat(6_000);
    const result = lintBounded("line.md", `# T\n\n${line}\n`);
    expect(of(result, "markdown-limits")).toEqual([
      "3:1-3:12001 warning markdown-limits Not parsed as Markdown: 12000 emphasis/link delimiter characters in one block, over the limit of 5000",
    ]);
  });
});

describe("hostile bytes", () => {
  it.each([
    ["invalid-utf8.md", "3:4-3:4 error file-encoding Invalid UTF-8 byte 0xE9 at byte 14"],
    ["nul-byte.md", "3:7-3:7 error file-encoding NUL byte at byte 17: this is a binary file, not a text handoff"],
    ["utf16le.md", "1:1-1:1 error file-encoding File is UTF-16 (byte order mark FF FE or FE FF); handoff documents must be UTF-8"],
    ["utf16be.md", "1:1-1:1 error file-encoding File is UTF-16 (byte order mark FF FE or FE FF); handoff documents must be UTF-8"],
  ])("%s: exactly one file-encoding finding", async (name, expected) => {
    const [result] = (await lintPaths([name], session)).results;
    expect(result?.diagnostics.map(shown)).toEqual([expected]);
  });

  it("CR-only line endings: frontmatter and sections are read, no finding", async () => {
    const [result] = (await lintPaths(["cr-only.md"], session)).results;
    expect(result?.diagnostics.map(shown)).toEqual([]);
    expect(result?.internalErrors).toEqual([]);
  });
});

describe("a hostile directory", () => {
  it("symlink loops, a dangling link and odd file names: one result each, in order", async () => {
    const dir = tempDir();
    const names = ["a b.md", "new\nline.md", "é漢字.md", "-rf.md", "--help.md"];
    for (const name of names) writeFileSync(path.join(dir, name), "# T\n\n## Next steps\n\nRun it.\n");
    symlinkSync(path.join(dir, "loop-b.md"), path.join(dir, "loop-a.md"));
    symlinkSync(path.join(dir, "loop-a.md"), path.join(dir, "loop-b.md"));
    mkdirSync(path.join(dir, "sub"));
    symlinkSync(dir, path.join(dir, "sub", "up")); // a directory loop
    const run = await lintPaths(["."], createSession({ cwd: dir }));
    expect(run.results.map((r) => `${JSON.stringify(r.path)} ${r.diagnostics.map((d) => `${d.ruleId} ${d.message}`).join("; ")}`)).toEqual([
      '"--help.md" ',
      '"-rf.md" ',
      '"a b.md" ',
      '"loop-a.md" file-read Symbolic link loop; the file cannot be read',
      '"loop-b.md" file-read Symbolic link loop; the file cannot be read',
      '"new\\nline.md" ',
      '"é漢字.md" ',
    ]);
  });

  it("file names starting with a dash are files after --, never options", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "-rf.md"), "# T\n\n## Next steps\n\nRun it.\n");
    let out = "";
    const io = { cwd: dir, env: { NO_COLOR: "1" }, stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (out += t) } };
    expect(await runCli(["lint", "--format", "json", "--", "-rf.md"], io)).toBe(0);
    expect((JSON.parse(out) as { files: Array<{ path: string }> }).files.map((f) => f.path)).toEqual(["-rf.md"]);
  });

  it("a FIFO named like a handoff is never opened (a read would block): named, it is a file-read finding and the run goes on", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "a.md"), "# T\n\n## Next steps\n\nRun it.\n");
    execFileSync("mkfifo", [path.join(dir, "pipe.md")]);
    writeFileSync(path.join(dir, "z.md"), "# T\n\n## Next steps\n\nRun it.\n");
    const shownRun = async (inputs: string[]) =>
      (await lintPaths(inputs, createSession({ cwd: dir }))).results.map((r) => `${r.path} ${r.diagnostics.map((d) => d.message).join("; ")}`);
    expect(await shownRun(["a.md", "pipe.md", "z.md"])).toEqual(["a.md ", "pipe.md Not a regular file", "z.md "]);
    expect(await shownRun(["."])).toEqual(["a.md ", "z.md "]);
  });
});
