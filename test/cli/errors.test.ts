/**
 * One mapping from a thrown error to an exit code, applied by the program around every command:
 * a GitError from any git query (index queries, checkout queries, the hooks directory) is the
 * same one-line exit 2; a user error is one line; anything else is an internal error with its stack.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exitForError, parseNow, UsageError, UserError } from "../../src/6-front-ends/cli/errors.js";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { GitError } from "../../src/0-platform/git/run.js";
import { captureIO } from "../helpers/capture-io.js";

const outside = mkdtempSync(path.join(os.tmpdir(), "handoffkit-no-repo-"));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

const NOT_A_REPOSITORY = "handoff: git rev-parse failed (exit 128): fatal: not a git repository (or any of the parent directories): .git\n";

describe("exitForError", () => {
  it("prints a GitError, a UsageError and a UserError as one line each, exit 2", () => {
    for (const error of [new GitError(["status"], 128, "fatal: bad"), new UsageError("--x is wrong"), new UserError("the record is unusable")]) {
      const cap = captureIO(outside);
      expect(exitForError(error, cap.io)).toBe(2);
      expect(cap.stderr()).toBe(`handoff: ${error.message}\n`);
    }
  });

  it("prints an error of ours as an internal error with its stack, exit 2", () => {
    const cap = captureIO(outside);
    expect(exitForError(new TypeError("x is undefined"), cap.io)).toBe(2);
    expect(cap.stderr()).toMatch(/^handoff: internal error \(please report\): TypeError: x is undefined\n {4}at /);
  });

  it("reads --now as ISO-8601 and refuses anything else with a UsageError", () => {
    expect(parseNow("2026-03-01T12:00:00Z")?.toISOString()).toBe("2026-03-01T12:00:00.000Z");
    expect(parseNow(undefined)).toBeUndefined();
    expect(() => parseNow("yesterday")).toThrow(new UsageError("--now expects an ISO-8601 date-time such as 2026-03-01T12:00:00Z, got 'yesterday'"));
  });
});

describe("a GitError from every git query maps to the same exit code and line", () => {
  it("lint --staged (the index queries) and install-hook (the hooks directory, which says so in its own words)", async () => {
    const expected: Array<[string[], string]> = [
      [["lint", "--staged"], NOT_A_REPOSITORY],
      [["install-hook"], `handoff: not a git repository: ${outside} (run install-hook inside the repository to guard)\n`],
    ];
    for (const [argv, stderr] of expected) {
      const cap = captureIO(outside);
      expect(await runCli(argv, cap.io)).toBe(2);
      expect(cap.stderr()).toBe(stderr);
      expect(cap.stdout()).toBe("");
    }
  });

  it("checkpoint (the checkout queries) names the directory that is not a work tree", async () => {
    const cap = captureIO(outside);
    expect(await runCli(["checkpoint", "progress.md"], cap.io)).toBe(2);
    expect(cap.stderr()).toBe(`handoff: ${outside} is not a git work tree (fatal: not a git repository (or any of the parent directories): .git)\n`);
  });
});
