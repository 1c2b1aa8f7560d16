/**
 * Which stores a command sees: `lint` and `stats` without paths check every store of the project
 * (as `list` and `resume` read them), and a command run in a subdirectory finds the stores at the
 * repository's top level, as config is found upward.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultInputs, storeBase } from "../../src/5-operations/store/resolve.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";
import { repoRoot } from "../helpers/locations.js";
import { runHandoff } from "../helpers/run-handoff.js";

const NOW = "2026-03-02T12:00:00Z";

let repo: TempRepo;
beforeEach(() => {
  repo = createRepo("handoffkit-stores-");
  const put = (from: string, to: string) => {
    mkdirSync(path.dirname(path.join(repo.root, to)), { recursive: true });
    copyFileSync(path.join(repoRoot, from), path.join(repo.root, to));
  };
  put("corpus/hatch3r/clean.md", ".hatch3r/handoffs/active/2026-03-01_T0900_abcde_clean.md");
  put("corpus/hatch3r/invalid-status.md", ".hatch3r/handoffs/active/2026-03-01_T0800_bcdef_invalid.md");
  put("corpus/verified-delivery/clean.json", ".verified-delivery/handoff.json");
  put("corpus/contract/clean.md", "handoffs/clean.md");
  put("corpus/contract/missing-next-action.md", "handoffs/missing-next-action.md");
  repo.write("src/deep/code.ts", "export {};\n");
});
afterEach(() => repo.remove());

const linted = (stdout: string): string[] => (JSON.parse(stdout) as { files: Array<{ path: string }> }).files.map((f) => f.path).sort();

describe("the stores a command sees", () => {
  it("lint without paths checks every store (three stores, five handoffs), from the top level", async () => {
    const run = await runHandoff(repo.root, "lint", "--format", "json", "--now", NOW);
    expect(run.stderr).toBe("");
    expect(linted(run.stdout)).toEqual([
      ".hatch3r/handoffs/active/2026-03-01_T0800_bcdef_invalid.md",
      ".hatch3r/handoffs/active/2026-03-01_T0900_abcde_clean.md",
      ".verified-delivery/handoff.json",
      "handoffs/clean.md",
      "handoffs/missing-next-action.md",
    ]);
    expect(run.code).toBe(1);
  });

  it("lint and stats without paths, from a subdirectory, check the stores at the top level", async () => {
    const deep = path.join(repo.root, "src/deep");
    const run = await runHandoff(deep, "lint", "--format", "json", "--now", NOW);
    expect(linted(run.stdout)).toEqual([
      "../../.hatch3r/handoffs/active/2026-03-01_T0800_bcdef_invalid.md",
      "../../.hatch3r/handoffs/active/2026-03-01_T0900_abcde_clean.md",
      "../../.verified-delivery/handoff.json",
      "../../handoffs/clean.md",
      "../../handoffs/missing-next-action.md",
    ]);
    const stats = await runHandoff(deep, "stats", "--format", "json", "--now", NOW);
    expect(stats.stderr).toBe("");
    expect((JSON.parse(stats.stdout) as { handoffs: number }).handoffs).toBe(5);
  });

  it("list and resume from a subdirectory read the stores at the top level", async () => {
    const deep = path.join(repo.root, "src/deep");
    const list = await runHandoff(deep, "list", "--format", "json", "--now", NOW);
    expect(list.code).toBe(0);
    const listed = JSON.parse(list.stdout) as { stores: Array<{ path: string }>; handoffs: Array<{ id: string }> };
    expect(listed.stores.map((store) => store.path)).toEqual(
      [".hatch3r", ".verified-delivery", "handoffs"]
        .map((dir) => path.join(repo.root, dir, dir === ".hatch3r" ? "handoffs" : ""))
        .map((dir) => dir.replace(/\/$/, "")),
    );
    expect(listed.handoffs.map((entry) => entry.id).sort()).toEqual([
      "2026-03-01_T0800_bcdef_invalid",
      "2026-03-01_T0900_abcde_clean",
      "clean",
      "handoff",
      "missing-next-action",
    ]);
    const resume = await runHandoff(deep, "resume", "--now", NOW, "--dry-run");
    expect(resume.stdout).not.toMatch(/nothing to resume/);
    expect(resume.stdout.split("\n")[0]).toMatch(/^handoff resume: \.\.\/\.\.\//);
  });

  it("the store base is the nearest directory with a store, else the repository's top level, else the working directory", () => {
    const env = {};
    expect(storeBase(path.join(repo.root, "src/deep"), env)).toBe(repo.root);
    repo.write("src/handoffs/local.md", "# Handoff\n\n## Next steps\n\nRun it.\n");
    expect(storeBase(path.join(repo.root, "src/deep"), env)).toBe(path.join(repo.root, "src"));
    expect(defaultInputs(path.join(repo.root, "src/deep"), env)).toEqual(["../handoffs"]);
    const bare = createRepo("handoffkit-stores-bare-");
    try {
      expect(storeBase(path.join(bare.root), env)).toBe(bare.root);
      mkdirSync(path.join(bare.root, "a/b"), { recursive: true });
      expect(storeBase(path.join(bare.root, "a/b"), env)).toBe(bare.root);
      expect(defaultInputs(path.join(bare.root, "a/b"), env)).toEqual(["."]);
    } finally {
      bare.remove();
    }
  });
});
