/**
 * `handoff install-agent-hook` into a project with its own `.claude/settings.json`, then the hook
 * command itself run by a shell as Claude Code runs it, and `resume --format agent-hook` failing open.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeSessionStartHook, SettingsError } from "../../src/5-operations/agent-hook/claude-settings.js";
import { USER_TIER_BEGIN, USER_TIER_END } from "../../src/3-check/injection/markers.js";
import { runHandoff } from "../helpers/run-handoff.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";
import { repoRoot } from "../helpers/locations.js";
import { contractHandoff } from "../mcp/contract-fixture.js";

/** Four-space indentation, a one-line hook of another tool, keys before and after `hooks`. */
const SETTINGS = [
  "{",
  '    "model": "opus",',
  '    "hooks": {',
  '        "PreToolUse": [',
  '            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "./check.sh" } ] }',
  "        ]",
  "    },",
  '    "permissions": { "allow": ["Bash(npm test:*)"] }',
  "}",
  "",
].join("\n");

const COMMAND =
  "npx --no-install handoff resume --format agent-hook --dry-run 2>/dev/null || echo 'handoffkit: the session-start hook could not run handoff (npm install handoffkit)'";

/** SETTINGS with the entry appended after PreToolUse, in the file's own indentation; nothing else differs. */
const INSTALLED = SETTINGS.replace(
  "        ]\n    },\n",
  [
    "        ],",
    '        "SessionStart": [',
    "            {",
    '                "matcher": "startup",',
    '                "hooks": [',
    "                    {",
    '                        "type": "command",',
    `                        "command": ${JSON.stringify(COMMAND)},`,
    '                        "timeout": 15',
    "                    }",
    "                ]",
    "            }",
    "        ]",
    "    },",
    "",
  ].join("\n"),
);

let repo: TempRepo;
beforeEach(() => {
  repo = createRepo("handoffkit-agent-hook-");
});
afterEach(() => repo.remove());

const handoff = (...args: string[]) => runHandoff(repo.root, ...args);

/** A directory whose `npx` runs this checkout's built CLI (`npx --no-install handoff ARGS` → `node main.js ARGS`). */
function npxShim(): string {
  const dir = path.join(repo.root, "..", "bin");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "npx"),
    `#!/bin/sh\n[ "$1" = --no-install ] && [ "$2" = handoff ] || exit 127\nshift 2\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(repoRoot, "dist/bundle/main.js"))} "$@"\n`,
  );
  chmodSync(path.join(dir, "npx"), 0o755);
  return dir;
}

const OPEN_HANDOFF = `---\nstatus: open\n---\n${contractHandoff()}`;

describe("handoff install-agent-hook", () => {
  it("merges the SessionStart hook into existing settings, keeping every other byte, and a rerun changes nothing", async () => {
    const file = path.join(repo.root, ".claude", "settings.json");
    mkdirSync(path.dirname(file));
    writeFileSync(file, SETTINGS);
    const first = await handoff("install-agent-hook");
    expect(first.code).toBe(0);
    expect(first.stdout.split("\n")[0]).toBe(".claude/settings.json: SessionStart hook added (other keys and hooks unchanged)");
    expect(readFileSync(file, "utf8")).toBe(INSTALLED);
    const second = await handoff("install-agent-hook");
    expect(second.stdout.split("\n")[0]).toBe(".claude/settings.json: the SessionStart hook is already installed");
    expect(readFileSync(file, "utf8")).toBe(INSTALLED);
    // --mark-resumed replaces our command only.
    await handoff("install-agent-hook", "--mark-resumed");
    expect(readFileSync(file, "utf8")).toBe(INSTALLED.replace(" --dry-run 2>", " 2>"));
  });

  it("creates the file when there is none, and refuses settings it cannot merge into, unchanged", async () => {
    expect((await handoff("install-agent-hook")).code).toBe(0);
    const file = path.join(repo.root, ".claude", "settings.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      hooks: { SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: COMMAND, timeout: 15 }] }] },
    });
    writeFileSync(file, '{ "hooks": [] }\n');
    const refused = await handoff("install-agent-hook");
    expect(refused).toEqual({ code: 2, stdout: "", stderr: "handoff install-agent-hook: .claude/settings.json was not changed: 'hooks' is not an object\n" });
    expect(readFileSync(file, "utf8")).toBe('{ "hooks": [] }\n');
    writeFileSync(file, Buffer.from([0x7b, 0xff, 0x7d]));
    expect((await handoff("install-agent-hook")).stderr).toBe("handoff install-agent-hook: .claude/settings.json was not changed: not valid UTF-8\n");
    expect([...readFileSync(file)]).toEqual([0x7b, 0xff, 0x7d]);
    expect(() => mergeSessionStartHook("{ broken", false)).toThrow(SettingsError);
    // Comments and trailing commas (JSONC) survive the merge.
    const jsonc = '{\n  // ours\n  "hooks": { "SessionStart": [], },\n}\n';
    const merged = mergeSessionStartHook(jsonc, false);
    expect(merged.status).toBe("added");
    const text = (merged as { text: string }).text;
    expect(text.startsWith('{\n  // ours\n  "hooks": {\n    "SessionStart": [\n      {\n        "matcher": "startup",\n')).toBe(true);
    expect(text.endsWith("          }\n        ]\n      }\n    ],\n  },\n}\n")).toBe(true);
  });

  it("the installed command prints the SessionStart JSON with resume's report and leaves the status alone", async () => {
    repo.write(".handoffs/HANDOFF-demo-20260301T1000Z.md", OPEN_HANDOFF);
    await handoff("install-agent-hook");
    const settings = JSON.parse(readFileSync(path.join(repo.root, ".claude", "settings.json"), "utf8"));
    const command = settings.hooks.SessionStart[0].hooks[0].command as string;
    const env = { ...process.env, PATH: `${npxShim()}:${process.env.PATH ?? ""}` };
    const stdout = execFileSync("/bin/sh", ["-c", command], { cwd: repo.root, env, encoding: "utf8" });
    const output = JSON.parse(stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
    expect(Object.keys(output)).toEqual(["hookSpecificOutput"]);
    expect(output.hookSpecificOutput.hookEventName).toBe("SessionStart");
    const context = output.hookSpecificOutput.additionalContext;
    expect(context.split("\n").slice(0, 3)).toEqual([
      "handoff resume: .handoffs/HANDOFF-demo-20260301T1000Z.md (contract)",
      "verdict: resumed (--dry-run: nothing was changed); 0 warnings",
      "note: drift: the handoff records no commit (git_ref or head_sha)",
    ]);
    expect(context.indexOf(USER_TIER_BEGIN)).toBeGreaterThan(context.indexOf("verdict: resumed"));
    expect(context).toContain(`\n${USER_TIER_END}\n`);
    expect(context).toContain("Ship the parser fix for nested lists.");
    expect(readFileSync(path.join(repo.root, ".handoffs/HANDOFF-demo-20260301T1000Z.md"), "utf8")).toBe(OPEN_HANDOFF);
  });

  it("fails open: one line and exit 0 when handoff cannot run or resume cannot read its config", async () => {
    await handoff("install-agent-hook");
    const command = JSON.parse(readFileSync(path.join(repo.root, ".claude", "settings.json"), "utf8")).hooks.SessionStart[0].hooks[0].command as string;
    const broken = spawnSync("/bin/sh", ["-c", command.replace("npx ", "handoffkit-missing-npx ")], { cwd: repo.root, encoding: "utf8" });
    expect(broken.status).toBe(0);
    expect(broken.stdout).toBe("handoffkit: the session-start hook could not run handoff (npm install handoffkit)\n");
    repo.write(".handoffrc.json", "{ not json");
    const result = await handoff("resume", "--format", "agent-hook", "--dry-run");
    expect(result.code).toBe(0);
    const context = (JSON.parse(result.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
    expect(context).toMatch(/^handoffkit: no handoff context: .*\.handoffrc\.json.*$/);
  });
});
