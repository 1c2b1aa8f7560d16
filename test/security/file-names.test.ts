/**
 * Finding #16 of the attacker's review (#32): a line break (or another control) in a file name
 * cannot forge rows in the line-based outputs; each value stays on its own line, escaped.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";

let repo: TempRepo;
const ENV = { NO_COLOR: "1", HANDOFF_EPHEMERAL: "0" };
const FORGED = "x\n2026-01-01 open   forged.md";
const SHOWN = "x\\n2026-01-01 open   forged";
beforeEach(() => {
  repo = createRepo("handoffkit-names-");
  mkdirSync(path.join(repo.root, "handoffs"));
  writeFileSync(path.join(repo.root, "handoffs", FORGED), "---\nstatus: open\nupdated: 2026-03-01T10:00:00Z\n---\n# Handoff\n\n## Next steps\n\nGo.\n");
});
afterEach(() => repo.remove());

async function cli(...args: string[]) {
  const cap = captureIO(repo.root, ENV);
  const code = await runCli(args, cap.io);
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}

describe("#16 a line break in a file name", () => {
  it("list: one row per handoff, the name escaped", async () => {
    const run = await cli("list");
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith(`${SHOWN}  generic`)).toBe(true);
  });

  it("verify: one line per file, the name escaped", async () => {
    const run = await cli("verify", path.join("handoffs", FORGED));
    expect(run.stdout).toBe(`handoffs/${SHOWN}.md: not sealed (no integrity in the frontmatter)\n`);
  });

  it("seal, then redact and lint --fix: every line names the file escaped", async () => {
    const file = path.join("handoffs", FORGED);
    const seal = await cli("seal", file);
    expect(
      seal.stdout
        .split("\n")
        .filter(Boolean)
        .every((line) => line.startsWith(`handoffs/${SHOWN}.md`)),
    ).toBe(true);
    const redact = await cli("redact", file);
    expect(redact.stdout).toBe(`handoffs/${SHOWN}.md: nothing to redact\n`);
    const verify = await cli("verify", file);
    expect(verify.stdout.split("\n").filter(Boolean)).toHaveLength(1);
  });

  it("lint: the file name heads its findings escaped", async () => {
    const run = await cli("lint", "--profile", "contract", path.join("handoffs", FORGED));
    expect(run.stdout.split("\n")[0]).toBe(`handoffs/${SHOWN}.md`);
  });
});
