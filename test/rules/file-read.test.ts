import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileRead } from "../../rules/file-read.js";
import type { FileResult } from "../../src/3-check/engine/diagnostic.js";
import { createSession, lintPaths } from "../../src/3-check/lint.js";

let cwd: string;
beforeAll(() => {
  cwd = mkdtempSync(path.join(os.tmpdir(), "handoffkit-file-read-"));
  mkdirSync(path.join(cwd, "h"));
  writeFileSync(path.join(cwd, "h", "a-ok.md"), "# ok\n");
  writeFileSync(path.join(cwd, "h", "big.md"), "z".repeat(2000));
  symlinkSync(path.join(cwd, "h", "loop-2.md"), path.join(cwd, "h", "loop-1.md"));
  symlinkSync(path.join(cwd, "h", "loop-1.md"), path.join(cwd, "h", "loop-2.md"));
  symlinkSync(path.join(cwd, "h", "gone.md"), path.join(cwd, "h", "dangling.md"));
  writeFileSync(path.join(cwd, "h", "z-ok.md"), "# ok too\n");
});
afterAll(() => {
  rmSync(cwd, { recursive: true, force: true });
});

/** Runs file-read alone; findings as `path line:column severity message`. */
async function run(inputs: string[], maxFileSize?: number): Promise<string[]> {
  const session = createSession({ cwd, rules: [fileRead], maxFileSize });
  const { results } = await lintPaths(inputs, session);
  expect(results.flatMap((r: FileResult) => r.internalErrors)).toEqual([]);
  return results.map((r) => [r.path, ...r.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.message}`)].join(" | "));
}

describe("file-read", () => {
  it("reports each unreadable file once, at 1:1, and goes on with the next file", async () => {
    expect(await run(["h"], 1000)).toEqual([
      "h/a-ok.md",
      "h/big.md | 1:1 error File is 2000 bytes, over the 1000-byte limit; it was not read (raise the limit with --max-file-size or maxFileSize in the config)",
      "h/dangling.md | 1:1 error File not found (or a broken symbolic link)",
      "h/loop-1.md | 1:1 error Symbolic link loop; the file cannot be read",
      "h/loop-2.md | 1:1 error Symbolic link loop; the file cannot be read",
      "h/z-ok.md",
    ]);
  });

  it("reads a file under the default limit of 1 MiB", async () => {
    expect(await run(["h/big.md"])).toEqual(["h/big.md"]);
  });

  it("takes the limit from config when no option is given", async () => {
    const session = createSession({ cwd, rules: [fileRead], config: { maxFileSize: 100 } });
    const { results } = await lintPaths(["h/big.md"], session);
    expect(results[0]?.diagnostics.map((d) => d.message)).toEqual([
      "File is 2000 bytes, over the 100-byte limit; it was not read (raise the limit with --max-file-size or maxFileSize in the config)",
    ]);
  });

  it("reports a dangling link named explicitly", async () => {
    expect(await run(["h/dangling.md"])).toEqual(["h/dangling.md | 1:1 error File not found (or a broken symbolic link)"]);
  });

  // Paths no one can open, root included (permission denied is injected: test/load/read-failures.isolated.test.ts).
  it("reports a FIFO named explicitly at 1:1 without opening it (a read would block); a directory search passes it over", async () => {
    mkdirSync(path.join(cwd, "fifo"));
    execFileSync("mkfifo", [path.join(cwd, "fifo", "pipe.md")]);
    writeFileSync(path.join(cwd, "fifo", "z-ok.md"), "# ok\n");
    expect(await run(["fifo/pipe.md"])).toEqual(["fifo/pipe.md | 1:1 error Not a regular file"]);
    expect(await run(["fifo"])).toEqual(["fifo/z-ok.md"]);
  });

  it("gives an unreadable file no other finding, whatever rules run", async () => {
    const { results } = await lintPaths(["h/loop-1.md"], createSession({ cwd }));
    expect(results[0]?.diagnostics.map((d) => d.ruleId)).toEqual(["file-read"]);
  });
});
