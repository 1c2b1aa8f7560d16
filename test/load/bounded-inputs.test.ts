/**
 * Every input path is bounded the same way: files, staged blobs (`--staged`, the pre-commit hook),
 * standard input (`--stdin-filename`) and the library's `lintText` share the size limit and the
 * Markdown limits scan; a limit hit is a finding, never a silent pass, also with `file-read` off.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lint } from "markdownlint/sync";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";
import { markdownlintRules } from "../../src/6-front-ends/markdownlint/custom-rules.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { sourceFromStream } from "../../src/1-load/read.js";

let repo: string;
const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });

/** A handoff of at least `bytes` bytes: ordinary prose, as a long session log would be. */
function handoffOf(bytes: number): string {
  const paragraph = "Ran the export again, checked `report.csv` and the *summary* against [the ticket](https://x.example/1).\n\n";
  return `# Notes\n\n## Next steps\n\n- ship it\n\n${paragraph.repeat(Math.ceil(bytes / paragraph.length))}`;
}

/** A block nested deeper than the Markdown limits allow (blanked before any Markdown parser sees it). */
const DEEP = `# Notes\n\n## Next steps\n\n- ship it\n\n${"> ".repeat(150)}deep *text*   \n`;

async function cli(argv: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  const cap = captureIO(repo, { NO_COLOR: "1" }, stdin);
  const code = await runCli(argv, cap.io);
  return { code, out: cap.stdout(), err: cap.stderr() };
}

beforeAll(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), "handoffkit-bounded-"));
  git("init", "-q", "-b", "main");
  mkdirSync(path.join(repo, "handoffs"));
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

const OVER = (size: number, limit = 1048576) =>
  `File is ${size} bytes, over the ${limit}-byte limit; it was not read (raise the limit with --max-file-size or maxFileSize in the config)`;

describe("the size limit on every input path", () => {
  it("a file, a staged blob, standard input and lintText over the limit are each the same file-read error", async () => {
    const text = handoffOf(2_600_000);
    const size = Buffer.byteLength(text);
    writeFileSync(path.join(repo, "handoffs", "big.md"), text);
    git("add", "handoffs/big.md");
    const expected = (name: string) => `${name}\n  1:1  error  ${OVER(size)}  file-read\n\n✖ 1 problem (1 error, 0 warnings, 0 info) in 1 of 1 file\n`;
    for (const [argv, stdin] of [[["lint", "handoffs/big.md"]], [["lint", "--staged"]], [["lint", "--stdin-filename", "handoffs/big.md"], text]] as Array<
      [string[], string?]
    >) {
      const run = await cli(argv, stdin);
      expect({ argv, code: run.code, out: run.out }).toEqual({ argv, code: 1, out: expected("handoffs/big.md") });
    }
    const result = lintText("handoffs/big.md", text, createSession({ cwd: repo }));
    expect(result.diagnostics.map((d) => `${d.ruleId} ${d.message}`)).toEqual([`file-read ${OVER(size)}`]);
    git("rm", "-q", "--cached", "handoffs/big.md");
  });

  it("--max-file-size applies to staged blobs and standard input too", async () => {
    writeFileSync(path.join(repo, "handoffs", "small.md"), handoffOf(3000));
    git("add", "handoffs/small.md");
    const staged = await cli(["lint", "--max-file-size", "1000", "--staged"]);
    expect(staged.out).toContain(OVER(Buffer.byteLength(handoffOf(3000)), 1000));
    const stdin = await cli(["lint", "--max-file-size", "1000", "--stdin-filename", "x.md"], handoffOf(3000));
    expect(stdin.out).toContain(OVER(Buffer.byteLength(handoffOf(3000)), 1000));
    git("rm", "-q", "--cached", "handoffs/small.md");
  });

  it("with file-read off (or --only another rule) an over-limit file is still an error, never '✔ no problems'", async () => {
    writeFileSync(path.join(repo, "handoffs", "big.md"), handoffOf(1_100_000));
    const size = Buffer.byteLength(handoffOf(1_100_000));
    for (const extra of [
      ["--rule", "file-read=off"],
      ["--rule", "file-read=off", "--only", "no-secrets"],
    ]) {
      const run = await cli(["lint", ...extra, "handoffs/big.md"]);
      expect(run.code).toBe(1);
      expect(run.out).toBe(
        `handoffs/big.md\n  1:1  error  ${OVER(size)}: the file was not checked (reported although file-read is off)  file-read\n\n✖ 1 problem (1 error, 0 warnings, 0 info) in 1 of 1 file\n`,
      );
    }
    writeFileSync(path.join(repo, "handoffs", "binary.md"), "# H\n\0\n");
    const binary = await cli(["lint", "--rule", "file-encoding=off", "handoffs/binary.md"]);
    expect(binary.out).toContain(
      "error  NUL byte at byte 4: this is a binary file, not a text handoff: the file was not checked (reported although file-encoding is off)  file-encoding",
    );
  });

  it("standard input past the limit is counted to its end, not kept", async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x61);
    async function* megabytes(count: number) {
      for (let i = 0; i < count; i++) yield chunk;
    }
    const source = await sourceFromStream("in.md", megabytes(64), repo, 1000);
    expect(source.problems.map((p) => p.message)).toEqual([OVER(64 * 1024 * 1024, 1000)]);
    expect(source.bytes.length).toBe(0);
  });
});

describe("the markdownlint custom rules", () => {
  it("report a document over the size limit once, as not checked, whichever of our rules runs first", () => {
    const text = handoffOf(1_100_000);
    for (const config of [
      { default: false, handoffkit: true },
      { default: false, HK005: true },
    ]) {
      const errors = lint({ strings: { doc: text }, customRules: markdownlintRules, config }).doc ?? [];
      expect(errors.map((e) => `${e.lineNumber} ${e.errorDetail}`)).toEqual([
        `1 ${OVER(Buffer.byteLength(text))}: the file was not checked (reported although file-read is off)`,
      ]);
    }
  });
});

describe("the Markdown limits on every input path", () => {
  it("a block past the limits is blanked for markdownlint and reported, from a file, the index and stdin alike", async () => {
    writeFileSync(path.join(repo, "handoffs", "deep.md"), DEEP);
    git("add", "handoffs/deep.md");
    const outs = [];
    for (const [argv, stdin] of [
      [["lint", "--format", "json", "handoffs/deep.md"]],
      [["lint", "--format", "json", "--staged"]],
      [["lint", "--format", "json", "--stdin-filename", "handoffs/deep.md"], DEEP],
    ] as Array<[string[], string?]>) {
      const run = await cli(argv, stdin);
      outs.push(
        JSON.parse(run.out).files.map((f: { diagnostics: Array<{ ruleId: string; line: number }> }) => f.diagnostics.map((d) => `${d.line} ${d.ruleId}`)),
      );
    }
    // markdown-limits reports the block; markdownlint says nothing about it (no MD009 for its trailing spaces, no MD027).
    expect(outs).toEqual([[["7 markdown-limits"]], [["7 markdown-limits"]], [["7 markdown-limits"]]]);
    git("rm", "-q", "--cached", "handoffs/deep.md");
  });
});

describe("the pre-commit hook on a 50 MB staged handoff", () => {
  it("blocks the commit with the size finding, without reading the blob (a generous bound)", async () => {
    const hook = await cli(["install-hook"]);
    expect(hook.code).toBe(0);
    git("config", "user.email", "test@example.invalid");
    git("config", "user.name", "handoffkit test");
    git("config", "commit.gpgsign", "false");
    const text = handoffOf(50 * 1024 * 1024);
    writeFileSync(path.join(repo, "handoffs", "huge.md"), text);
    git("add", "handoffs/huge.md");
    const started = performance.now();
    const commit = spawnSync("git", ["commit", "-q", "-m", "huge"], { cwd: repo, encoding: "utf8" });
    const seconds = (performance.now() - started) / 1000;
    expect(commit.status).toBe(1);
    expect(commit.stderr).toBe(
      `handoffs/huge.md\n  1:1  error  ${OVER(Buffer.byteLength(text))}  file-read\n\n✖ 1 problem (1 error, 0 warnings, 0 info) in 1 of 1 file\ncommit blocked by handoffkit (git commit --no-verify skips it)\n`,
    );
    // Before the limit applied to staged blobs this ran for over 15 minutes; now it is the hook's start-up.
    expect(seconds).toBeLessThan(60);
  });
});
