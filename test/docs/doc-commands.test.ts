/**
 * Every `handoff` command line in the README and docs/ runs: each line of their `sh` and `console`
 * blocks that calls `handoff` (through `npx` or not) is run, in order, in one scratch repository
 * holding the files the docs name (with a bare `origin` for `sync`), and must end with exit 0 or 1
 * (findings, a refusal) — never 2, a usage error such as a flag that does not exist. Comments,
 * `; echo …` and `> file` are the shell's and are left off.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { globSync } from "tinyglobby";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";
import { repoRoot } from "../helpers/locations.js";
import { contractHandoff } from "../mcp/contract-fixture.js";

const pages = ["README.md", ...readdirSync(path.join(repoRoot, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

/** The `handoff` command lines of a page, as argv. */
function commandLines(page: string): Array<{ line: string; argv: string[] }> {
  const text = readFileSync(path.join(repoRoot, page), "utf8");
  const out: Array<{ line: string; argv: string[] }> = [];
  for (const block of text.matchAll(/```(?:sh|console|bash)\n([\s\S]*?)```/g)) {
    for (const raw of (block[1] as string).split("\n")) {
      const line = raw.trim().replace(/^\$ /, "");
      if (!/^(?:npx (?:--no-install )?)?handoff (?!\w+:)/.test(line)) continue;
      const command = line.replace(/\s{2,}#.*$/, "").replace(/;.*$/, "").replace(/\s*>\s*\S+$/, "").trim();
      const argv = [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? (m[3] as string));
      while (argv[0] === "npx" || argv[0] === "--no-install") argv.shift();
      argv.shift();
      out.push({ line, argv });
    }
  }
  return out;
}

const ENV = { NO_COLOR: "1", HANDOFF_EPHEMERAL: "0", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.invalid", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.invalid" };
const parent = mkdtempSync(path.join(tmpdir(), "handoffkit-doc-commands-"));
const work = path.join(parent, "work");
afterAll(() => rmSync(parent, { recursive: true, force: true }));

function scratch(): void {
  const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: { ...process.env, ...ENV }, encoding: "utf8" });
  mkdirSync(work);
  git(parent, "init", "-q", "--bare", "origin.git");
  git(work, "init", "-q", "-b", "main");
  git(work, "remote", "add", "origin", path.join(parent, "origin.git"));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    writeFileSync(path.join(work, file), text);
  };
  const region = `---\nstatus: open\n---\n${contractHandoff()}`;
  write("handoffs/2026-03-02_T0900_a1b2c_region-export.md", region);
  write("HANDOFF.md", contractHandoff("The deploy key is in the vault."));
  write("HANDOFF-demo.md", contractHandoff());
  write("notes/HANDOFF-notes.md", "# Notes\n\n## Next steps\n\n- Run it.\n");
  write(".hatch3r/handoffs/active/2026-03-02_T0900_a1b2c_region-export.md", "---\ntype: handoff\nstatus: open\n---\n# Handoff\n\n## Problem\n\nThe export.\n");
  cpSync(path.join(repoRoot, "corpus/trust"), path.join(work, "corpus/trust"), { recursive: true });
  git(work, "add", ".");
  git(work, "commit", "-qm", "handoffs");
  git(work, "push", "-q", "origin", "main");
}

describe("the docs' command lines", () => {
  scratch();
  for (const page of pages) {
    const lines = commandLines(page);
    if (lines.length === 0) continue;
    it(`${page}: every handoff command runs (exit 0 or 1)`, async () => {
      const failed: string[] = [];
      for (const { line, argv } of lines) {
        // A glob that matches files is expanded, as the shell would (handoff lint and stats expand a quoted one themselves: the same files).
        const expanded = argv.flatMap((arg) => {
          const matches = /[*?]/.test(arg) ? globSync(arg, { cwd: work }).sort() : [];
          return matches.length > 0 ? matches : [arg];
        });
        const cap = captureIO(work, ENV);
        const code = await runCli(expanded, cap.io);
        if (code !== 0 && code !== 1) failed.push(`${line}\n  → exit ${code}: ${cap.stderr().split("\n")[0]}`);
      }
      expect(failed).toEqual([]);
    });
  }

  it("finds the command lines (the scan works)", () => {
    expect(pages.flatMap(commandLines).length).toBeGreaterThan(30);
  });
});
