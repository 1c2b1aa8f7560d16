/**
 * A file this process may not read, as root too: root reads any file whatever its mode, so the
 * permission error is injected — `open` from node:fs/promises fails with the real EACCES error
 * object for files named `locked.md` — and everything else reads the disk as usual.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fileRead } from "../../rules/file-read.js";
import { createSession, lintPaths } from "../../src/3-check/lint.js";
import { readSource } from "../../src/1-load/read.js";

vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  const open: typeof real.open = async (file, ...rest) => {
    if (String(file).endsWith(`${path.sep}locked.md`)) {
      throw Object.assign(new Error(`EACCES: permission denied, open '${String(file)}'`), { code: "EACCES", errno: -13, syscall: "open", path: String(file) });
    }
    return real.open(file, ...rest);
  };
  return { ...real, open, default: { ...real, open } };
});

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-denied-"));
  writeFileSync(path.join(dir, "a.md"), "# T\n\n## Next steps\n\nRun it.\n");
  writeFileSync(path.join(dir, "locked.md"), "# T\n");
  writeFileSync(path.join(dir, "z.md"), "# T\n\n## Next steps\n\nRun it.\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a file without read permission", () => {
  it("is an unreadable source with the message 'Permission denied'", async () => {
    const source = await readSource("locked.md", { cwd: dir });
    expect(source.problems).toEqual([{ kind: "unreadable", message: "Permission denied" }]);
    expect(source.bytes).toEqual(new Uint8Array(0));
    expect((await readSource("a.md", { cwd: dir })).problems).toEqual([]);
  });

  it("is one file-read finding at 1:1", async () => {
    const { results } = await lintPaths(["locked.md"], createSession({ cwd: dir, rules: [fileRead] }));
    expect(results.map((r) => [r.path, r.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.ruleId} ${d.message}`)])).toEqual([
      ["locked.md", ["1:1 error file-read Permission denied"]],
    ]);
  });

  it("does not stop a directory run: the files around it are linted", async () => {
    const run = await lintPaths(["."], createSession({ cwd: dir }));
    expect(run.results.map((r) => `${r.path} ${r.diagnostics.map((d) => d.message).join("; ")}`)).toEqual(["a.md ", "locked.md Permission denied", "z.md "]);
    expect(run.results.flatMap((r) => r.internalErrors)).toEqual([]);
  });
});
