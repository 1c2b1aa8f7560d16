/**
 * `new`, `list`, `resume`, `status`, `seal` and `stats` on the git store (`--store git`, or `"store": "git"`
 * in config), in real temporary repositories: what they print names the ref, what they change lands
 * on the ref, and the work tree, index and branches stay as they were.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { canaries } from "../helpers/canaries.js";
import { cli, createRepo, type TempRepo } from "../helpers/git-repo.js";

const NOW = "2026-03-02T09:00:00Z";
const REF = "refs/handoffs/default";

let repo: TempRepo;
let before: { status: string; head: string; branches: string };
const snapshot = () => ({
  status: repo.git("status", "--porcelain", "--ignored"),
  head: repo.git("rev-parse", "HEAD"),
  branches: repo.git("for-each-ref", "refs/heads"),
});
beforeEach(() => {
  repo = createRepo("handoffkit-gitcli-");
  repo.write("src/app.ts", "export const app = 1;\n");
  repo.commit("add app");
  before = snapshot();
});
afterEach(() => {
  // Every command removes its checkout; no branch, index entry or work-tree file appears.
  expect(readdirSync(path.join(repo.root, ".git", "handoffkit", "checkouts"))).toEqual([]);
  expect(snapshot()).toEqual(before);
  repo.remove();
});

describe("the git store on the command line", () => {
  it("new writes onto the ref and prints ref:path; list, resume and status read and change it there", async () => {
    const made = await cli(["new", "--store", "git", "--profile", "hatch3r", "--slug", "first", "--now", NOW], repo.root);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    const file = made.stdout.trim();
    expect(file).toMatch(/^refs\/handoffs\/default:active\/2026-03-02_T0900_[0-9a-f]{5}_first\.md$/);
    const id = path.basename(file, ".md");
    expect(repo.git("ls-tree", "-r", "--name-only", REF)).toBe(file.slice(REF.length + 1));
    expect(existsSync(path.join(repo.root, ".hatch3r"))).toBe(false);

    const listed = await cli(["list", "--store", "git", "--format", "json", "--now", NOW], repo.root);
    expect(JSON.parse(listed.stdout)).toMatchObject({
      stores: [{ path: REF, profile: "hatch3r" }],
      handoffs: [{ id, store: REF, status: "open", path: file }],
    });

    const resumed = await cli(["resume", "--store", "git", "--no-git", "--format", "json", "--now", NOW], repo.root);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ verdict: "resumed", path: file, statusChange: { from: "open", to: "resumed" } });
    expect(repo.git("show", `${REF}:${file.slice(REF.length + 1)}`)).toMatch(/^status: resumed$/m);

    const moved = await cli(["status", "--store", "git", id, "archived", "--now", NOW], repo.root);
    expect(moved).toEqual({ code: 0, stdout: `${file}: status resumed -> archived\n${file}: moved to ${REF}:archived/${id}.md\n`, stderr: "" });
    expect(repo.git("ls-tree", "-r", "--name-only", REF)).toBe(`archived/${id}.md`);
    expect(repo.git("log", "--format=%s", REF).split("\n")).toEqual([
      `handoff: add archived/${id}.md, remove active/${id}.md`,
      `handoff: update active/${id}.md`,
      `handoff: add active/${id}.md`,
    ]);
  });

  it('"store": "git" in config selects it; seal seals a handoff of the store by id; stats counts its handoffs', async () => {
    repo.write("handoff.config.json", '{ "store": "git" }\n');
    repo.commit("config");
    before = snapshot();
    const made = await cli(["new", "--profile", "generic", "--slug", "notes", "--now", NOW], repo.root);
    expect(made).toEqual({ code: 0, stdout: `${REF}:20260302T0900Z-notes.md\n`, stderr: "" });
    const sealed = await cli(["seal", "20260302T0900Z-notes"], repo.root);
    expect(sealed.code).toBe(0);
    expect(sealed.stdout).toMatch(new RegExp(`^${REF}:20260302T0900Z-notes\\.md: sealed sha256:[0-9a-f]{64}\\n$`));
    expect(repo.git("show", `${REF}:20260302T0900Z-notes.md`)).toMatch(/^integrity: sha256:[0-9a-f]{64}$/m);
    expect(repo.git("rev-list", "--count", REF)).toBe("2");
    // stats without paths counts the store's handoffs, not the work tree's files.
    const stats = await cli(["stats", "--format", "json", "--now", NOW], repo.root);
    expect(JSON.parse(stats.stdout)).toMatchObject({ files: 1, handoffs: 1 });
  });

  it("refuses to write a secret onto the ref (exit 1); names the ref, not the checkout, for a missing handoff; refuses --dir with the git store (exit 2)", async () => {
    const templates = path.join(repo.root, "..", "templates");
    repo.write("../templates/generic.md", `# Handoff: {{slug}}\n\nThe deploy token is ${canaries.github} in this note.\n`);
    const refused = await cli(["new", "--store", "git", "--profile", "generic", "--templates", templates, "--now", NOW], repo.root);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `handoff new: refused: ${REF}:20260302T0900Z-handoff.md was not written: 1 error finding from no-secrets (a shared ref never holds a secret: remove it, or run handoff redact)\n`,
    );
    expect(refused.stdout + refused.stderr).not.toContain(canaries.github.slice(4, 12));
    expect(repo.git("for-each-ref", "refs/handoffs")).toBe("");
    expect(await cli(["status", "--store", "git", "nope", "open"], repo.root)).toEqual({
      code: 2,
      stdout: "",
      stderr: `handoff: no handoff 'nope' in ${REF}\n`,
    });
    const both = await cli(["list", "--store", "git", "--dir", "x"], repo.root);
    expect(both).toEqual({ code: 2, stdout: "", stderr: "handoff: --dir names a directory store; it cannot be used with the git store\n" });
  });
});
