/**
 * Finding #22 of the attacker's review (#32): a JSON record or a config with a name twice in one
 * object means different things to different readers (JSON.parse keeps the last). Each is an error
 * at the repeated name, and the record is not read.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseJsonRecord } from "../../src/2-parse/document/json-record.js";
import { parseJsonText } from "../../src/3-check/engine/json-text.js";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";

let repo: TempRepo;
const ENV = { NO_COLOR: "1", HANDOFF_EPHEMERAL: "0" };
beforeEach(() => {
  repo = createRepo("handoffkit-duplicate-keys-");
});
afterEach(() => repo.remove());

async function cli(...args: string[]) {
  const cap = captureIO(repo.root, ENV);
  const code = await runCli(args, cap.io);
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}

describe("#22 duplicate keys", () => {
  it("a record: an error at each repeated name, nested ones included, and no data", () => {
    const record = parseJsonRecord('{"status":"closed","a":{"x":1,"x":2},"status":"open"}', 10, "file");
    expect(record.data).toBeUndefined();
    expect(record.errors).toEqual([
      { message: 'duplicate key "x" in one object: readers disagree on which value counts; keep one', offset: 40, endOffset: 43 },
      { message: 'duplicate key "status" in one object: readers disagree on which value counts; keep one', offset: 47, endOffset: 55 },
    ]);
    expect(parseJsonRecord('{"a":{"x":1},"b":{"x":2}}', 0, "file").errors).toEqual([]);
  });

  it("a verified-delivery record with status twice: lint reports it, resume resumes nothing", async () => {
    mkdirSync(path.join(repo.root, ".verified-delivery"));
    writeFileSync(path.join(repo.root, ".verified-delivery/handoff.json"), '{\n  "status": "closed",\n  "summary": "Ship it",\n  "status": "open"\n}\n');
    const lint = await cli("lint", ".verified-delivery/handoff.json");
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain('4:3  error  duplicate key "status" in one object: readers disagree on which value counts; keep one  record-syntax');
    const resume = await cli("resume", "--dry-run");
    expect(resume.stdout).not.toContain("Ship it");
  });

  it("a config with rules twice is refused with the place, not half-read", async () => {
    expect(parseJsonText('{\n  "rules": {"no-secrets": "off"},\n  "rules": {}\n}')).toEqual({
      ok: false,
      empty: false,
      line: 3,
      column: 3,
      reason: 'duplicate key "rules" in one object',
    });
    writeFileSync(path.join(repo.root, "handoff.config.json"), '{"rules":{"no-secrets":"off"},"rules":{}}');
    writeFileSync(path.join(repo.root, "HANDOFF.md"), "# Handoff\n");
    const lint = await cli("lint", "HANDOFF.md");
    expect(lint.code).toBe(2);
    expect(lint.stderr).toBe(`handoff: ${path.join(repo.root, "handoff.config.json")}:1:31: invalid JSON (duplicate key "rules" in one object)\n`);
  });
});
