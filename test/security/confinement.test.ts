/**
 * Findings #7 and #8 of the attacker's review (#32): a project's own files (a setting in
 * `.claude/handoff.json`, a folder or a settings file that is a symbolic link) cannot move reads
 * and writes outside the project. Only what the user names (`--dir`, `$HANDOFF_DIR`) may.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { TOOL_HANDLERS } from "../../src/6-front-ends/mcp/tools.js";
import { readResource } from "../../src/6-front-ends/mcp/resources.js";
import { captureIO } from "../helpers/capture-io.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";
import { contractHandoff } from "../mcp/contract-fixture.js";

let repo: TempRepo;
let outside: string;
const ENV = { NO_COLOR: "1", HANDOFF_EPHEMERAL: "0" };
beforeEach(() => {
  repo = createRepo("handoffkit-confinement-");
  outside = mkdtempSync(path.join(os.tmpdir(), "handoffkit-outside-"));
  writeFileSync(path.join(outside, "passwd"), "root:x:0:0:root:/root:/bin/bash\n");
});
afterEach(() => {
  repo.remove();
  rmSync(outside, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  const cap = captureIO(repo.root, ENV);
  const code = await runCli(args, cap.io);
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}
const tool = (name: string, args: Record<string, unknown>) => TOOL_HANDLERS[name]!(args, { cwd: repo.root, env: ENV });
const document = `---\nstatus: open\nupdated: 2026-03-01T10:00:00Z\n---\n${contractHandoff()}`;

describe("#7 the store stays in the project", () => {
  const setups: Array<[string, () => void]> = [
    ["handoff.dir absolute", () => repo.write(".claude/handoff.json", JSON.stringify({ handoff: { dir: outside } }))],
    ["handoff.dir with ..", () => repo.write(".claude/handoff.json", JSON.stringify({ handoff: { dir: path.relative(repo.root, outside) } }))],
    ["a committed handoffs/ symlink", () => symlinkSync(outside, path.join(repo.root, "handoffs"))],
    ["a dangling .handoffs/ symlink (the default store)", () => symlinkSync(path.join(outside, "not-yet"), path.join(repo.root, ".handoffs"))],
  ];

  it.each(setups)("%s: MCP handoff_write refuses and writes nothing outside", async (_name, setup) => {
    setup();
    await expect(tool("handoff_write", { content: document, profile: "contract" })).rejects.toThrow(/resolves outside the project/);
    expect(readdirSync(outside)).toEqual(["passwd"]);
  });

  it.each(setups)("%s: the MCP resource of a file there is not served", async (_name, setup) => {
    setup();
    await expect(readResource("handoff://handoffs/passwd", { cwd: repo.root, env: ENV })).rejects.toThrow(/resolves outside the project/);
  });

  it.each(setups)("%s: list, resume and new exit 2 with the reason", async (_name, setup) => {
    setup();
    for (const args of [["list"], ["resume", "--dry-run"], ["new", "--profile", "contract"]]) {
      const run = await cli(...args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toMatch(
        /resolves outside the project, to .*; a project's own files may not move the store elsewhere: name it with --dir or \$HANDOFF_DIR to use it/,
      );
    }
    expect(readdirSync(outside)).toEqual(["passwd"]);
  });

  it("--dir and $HANDOFF_DIR name a store outside on purpose: it is used", async () => {
    repo.write(".claude/handoff.json", JSON.stringify({ handoff: { dir: outside } }));
    writeFileSync(path.join(outside, "HANDOFF-demo-20260301T1000Z.md"), document);
    const viaDir = await cli("list", "--dir", outside, "--format", "json");
    expect(viaDir.code).toBe(0);
    expect((JSON.parse(viaDir.stdout) as { handoffs: unknown[] }).handoffs).toHaveLength(1);
    const cap = captureIO(repo.root, { ...ENV, HANDOFF_DIR: outside });
    expect(await runCli(["list", "--format", "json"], cap.io)).toBe(0);
    expect((JSON.parse(cap.stdout()) as { handoffs: unknown[] }).handoffs).toHaveLength(1);
  });

  it("a symlinked store inside the project is still a store", async () => {
    mkdirSync(path.join(repo.root, "docs/handoffs"), { recursive: true });
    symlinkSync(path.join(repo.root, "docs/handoffs"), path.join(repo.root, "handoffs"));
    const run = await tool("handoff_write", { content: document, profile: "contract" });
    expect(run.structured.status).toBe("saved");
    expect(readdirSync(path.join(repo.root, "docs/handoffs"))).toHaveLength(1);
  });
});

describe("#8 install-agent-hook writes only inside the project", () => {
  it("refuses a .claude/settings.json that is a symbolic link to a file outside, which stays unchanged", async () => {
    const target = path.join(outside, "settings.json");
    writeFileSync(target, "{}\n");
    mkdirSync(path.join(repo.root, ".claude"));
    symlinkSync(target, path.join(repo.root, ".claude/settings.json"));
    const run = await cli("install-agent-hook");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(".claude/settings.json was not changed: it leads outside the project (to ");
    expect(readFileSync(target, "utf8")).toBe("{}\n");
  });

  it("refuses a .claude/ that is a symbolic link to a directory outside, and creates nothing there", async () => {
    symlinkSync(outside, path.join(repo.root, ".claude"));
    const run = await cli("install-agent-hook");
    expect(run.code).toBe(2);
    expect(existsSync(path.join(outside, "settings.json"))).toBe(false);
  });
});
