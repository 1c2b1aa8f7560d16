/**
 * Paths in config and baseline files mean the same wherever lint runs: a baseline's entries are
 * relative to the baseline file's directory, config `ignores` to the config file's directory (as
 * `overrides` are). Lint runs at the repository root, in a subdirectory (config found upward) and
 * from outside the repository (config named with --config).
 */
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { readBaseline } from "../../src/3-check/engine/baseline.js";
import { captureIO } from "../helpers/capture-io.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";
import { ALPHABETS, randomStrings } from "../secrets/labelled.js";

const r = randomStrings(1606);
const token = `ghp_FAKE${r(ALPHABETS.b62, 32)}`;
const archived = `ghp_FAKE${r(ALPHABETS.b62, 32)}`;
const handoff = (secret: string) => `# Handoff\n\n## Next steps\n\nUse ${secret} for now.\n`;

let repo: TempRepo;
beforeEach(() => {
  repo = createRepo("handoffkit-paths-");
  repo.write("handoff.config.json", JSON.stringify({ baseline: "handoff-baseline.json", ignores: ["handoffs/archive/**"], markdownlint: false }));
  repo.write("handoffs/h.md", handoff(token));
  repo.write("handoffs/archive/old.md", handoff(archived));
  repo.write("handoff-baseline.json", '{"version":1,"findings":[]}\n');
});
afterEach(() => repo.remove());

async function lint(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = captureIO(cwd);
  const code = await runCli(["lint", "--format", "json", ...args], out.io);
  return { code, stdout: out.stdout(), stderr: out.stderr() };
}

const linted = (stdout: string): string[] => (JSON.parse(stdout) as { files: Array<{ path: string }> }).files.map((f) => f.path);

describe("baseline entries are relative to the baseline file's directory", () => {
  beforeEach(async () => {
    const written = await lint(repo.root, "--write-baseline", "handoff-baseline.json", "handoffs");
    expect(written.stderr).toBe(
      "handoff: wrote 1 finding to baseline handoff-baseline.json\nhandoff: 1 finding suppressed by baseline handoff-baseline.json\n",
    );
    expect(readBaseline(path.join(repo.root, "handoff-baseline.json")).findings.map((f) => [f.ruleId, f.path])).toEqual([["no-secrets", "handoffs/h.md"]]);
  });

  it("suppresses from the repository root", async () => {
    const out = await lint(repo.root, "handoffs");
    expect([out.code, out.stderr]).toEqual([0, "handoff: 1 finding suppressed by baseline handoff-baseline.json\n"]);
  });

  it("suppresses from a subdirectory, with the baseline named in a config found upward", async () => {
    const out = await lint(path.join(repo.root, "handoffs"), ".");
    expect([out.code, out.stderr]).toEqual([0, "handoff: 1 finding suppressed by baseline ../handoff-baseline.json\n"]);
    expect(linted(out.stdout)).toEqual(["h.md"]);
  });

  it("suppresses from a subdirectory with --baseline, and with --write-baseline there keeps root-relative entries", async () => {
    const sub = path.join(repo.root, "handoffs");
    const out = await lint(sub, "--no-config", "--baseline", "../handoff-baseline.json", "h.md");
    expect([out.code, out.stderr]).toEqual([0, "handoff: 1 finding suppressed by baseline ../handoff-baseline.json\n"]);
    const rewritten = await lint(sub, "--no-config", "--write-baseline", "../handoff-baseline.json", "h.md");
    expect(rewritten.code).toBe(0);
    expect(readBaseline(path.join(repo.root, "handoff-baseline.json")).findings.map((f) => f.path)).toEqual(["handoffs/h.md"]);
  });

  it("suppresses from outside the repository (config named with --config)", async () => {
    const outside = path.dirname(repo.root);
    const out = await lint(outside, "--config", path.join(repo.root, "handoff.config.json"), path.join(repo.root, "handoffs"));
    expect([out.code, out.stderr]).toEqual([
      0,
      `handoff: 1 finding suppressed by baseline ${path.relative(outside, path.join(repo.root, "handoff-baseline.json"))}\n`,
    ]);
    expect(linted(out.stdout)).toEqual([`${path.basename(repo.root)}/handoffs/h.md`]);
  });

  it("still reports a finding the baseline does not hold, from any directory", async () => {
    repo.write("handoffs/h.md", handoff(archived));
    for (const cwd of [repo.root, path.join(repo.root, "handoffs")]) {
      const out = await lint(cwd, cwd === repo.root ? "handoffs" : ".");
      expect(out.code).toBe(1);
      expect(out.stderr).toMatch(/^handoff: 0 findings suppressed by baseline /);
    }
  });
});

describe("config ignores are relative to the config file's directory", () => {
  it("skips the ignored directory from the root, from a subdirectory and from outside the repository", async () => {
    expect(linted((await lint(repo.root, "handoffs")).stdout)).toEqual(["handoffs/h.md"]);
    expect(linted((await lint(path.join(repo.root, "handoffs"), ".")).stdout)).toEqual(["h.md"]);
    const outside = path.dirname(repo.root);
    const out = await lint(outside, "--config", path.join(repo.root, "handoff.config.json"), path.join(repo.root, "handoffs"));
    expect(linted(out.stdout)).toEqual([`${path.basename(repo.root)}/handoffs/h.md`]);
  });

  it("does not ignore a path that only matches relative to the working directory", async () => {
    repo.write("handoffs/handoffs/archive/x.md", handoff(token));
    const out = await lint(path.join(repo.root, "handoffs"), ".");
    expect(linted(out.stdout)).toEqual(["h.md", "handoffs/archive/x.md"]);
    // From the root, handoffs/handoffs/archive/x.md is not under handoffs/archive/: linted.
    expect(linted((await lint(repo.root, "handoffs")).stdout)).toEqual(["handoffs/h.md", "handoffs/handoffs/archive/x.md"]);
  });

  it("skips ignored staged files from a subdirectory (--staged)", async () => {
    repo.git("add", "-A");
    const out = await lint(path.join(repo.root, "handoffs"), "--staged");
    expect(linted(out.stdout)).toEqual(["h.md"]);
  });
});

describe("ignore files are read from the working directory up to the repository's top level", () => {
  beforeEach(() => {
    repo.write("handoff.config.json", JSON.stringify({ markdownlint: false }));
    repo.write(".handoffignore", "drafts/\n");
    repo.write("handoffs/drafts/d.md", handoff(archived));
  });

  it("a root .handoffignore applies in a subdirectory, each file anchored at its own directory", async () => {
    expect(linted((await lint(path.join(repo.root, "handoffs"), ".")).stdout)).toEqual(["archive/old.md", "h.md"]);
    repo.write("handoffs/.gitignore", "/archive/\n");
    expect(linted((await lint(path.join(repo.root, "handoffs"), ".")).stdout)).toEqual(["h.md"]);
  });

  it("--staged skips what .handoffignore skips (eslint#2432), from the top level and a subdirectory", async () => {
    repo.git("add", "-A");
    expect(linted((await lint(repo.root, "--staged")).stdout)).toEqual(["handoffs/archive/old.md", "handoffs/h.md"]);
    expect(linted((await lint(path.join(repo.root, "handoffs"), "--staged")).stdout)).toEqual(["archive/old.md", "h.md"]);
  });
});
