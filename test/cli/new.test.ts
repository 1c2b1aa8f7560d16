/**
 * What `new` and `checkpoint` write, in real temporary git repositories: lint-clean for every
 * profile, filled from the repository, and a sealed record kept sealed.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cli, createRepo, type TempRepo } from "../helpers/git-repo.js";

const NOW = "2026-03-02T09:00:00Z";
const LATER = "2026-03-02T10:00:00Z";

let repo: TempRepo;
beforeEach(() => {
  repo = createRepo("handoffkit-new-");
  repo.write("src/app.ts", "export const app = 1;\n");
  repo.commit("add app");
  repo.write("README.md", "edited\n");
  repo.write("notes/todo.txt", "later\n");
});
afterEach(() => repo.remove());

describe("handoff new", () => {
  it.each([["hatch3r"], ["contract"], ["sno"], ["generic"], ["verified-delivery"]])(
    "writes a %s handoff that our own lint passes with zero findings",
    async (profile) => {
      const made = await cli(["new", "--profile", profile, "--now", NOW], repo.root);
      expect(made.code).toBe(0);
      const lint = await cli(["lint", "--no-config", "--now", NOW, made.stdout.trim()], repo.root);
      expect(lint).toEqual({ code: 0, stdout: "✔ 1 file checked, no problems\n", stderr: "" });
    },
  );

  it("fills an sno record's recent commits and uncommitted paths from the checkout", async () => {
    const made = await cli(["new", "--profile", "sno", "--slug", "export", "--now", NOW], repo.root);
    const text = readFileSync(path.join(repo.root, made.stdout.trim()), "utf8");
    const [second, first] = [repo.git("rev-parse", "HEAD").slice(0, 12), repo.git("rev-parse", "HEAD~1").slice(0, 12)];
    const block = text.slice(text.indexOf("recent:"), text.indexOf("<!-- machine-record:end -->")).split("\n");
    expect(block.slice(0, 4)).toEqual(["recent:", `- ${second} add app`, `- ${first} first commit`, "uncommitted:"]);
    const digest = (content: string) => createHash("sha256").update(content).digest("hex");
    expect(block.slice(4, 6)).toEqual([`- M README.md sha256:${digest("edited\n")}`, `- ?? notes/todo.txt sha256:${digest("later\n")}`]);
    expect(text.split("\n")[0]).toBe("# Progress record: export");
  });

  it("uses --slug as the contract title's scope (the file name keeps the project)", async () => {
    const made = await cli(["new", "--profile", "contract", "--slug", "Region export", "--now", NOW], repo.root);
    expect(made.stdout).toMatch(/^\.handoffs\/HANDOFF-[a-z0-9-]+-20260302T0900Z\.md\n$/);
    expect(readFileSync(path.join(repo.root, made.stdout.trim()), "utf8").split("\n")[0]).toBe("# HANDOFF region-export 20260302T0900Z");
  });

  it("records the remote and the real store path in a verified-delivery record, which verify --git accepts", async () => {
    repo.git("remote", "add", "origin", "https://github.com/acme/parser.git");
    const made = await cli(["new", "--profile", "verified-delivery", "--dir", "state/vd", "--now", NOW], repo.root);
    expect(made).toEqual({ code: 0, stdout: "state/vd/handoff.json\n", stderr: "" });
    const record = JSON.parse(readFileSync(path.join(repo.root, "state/vd/handoff.json"), "utf8")) as Record<string, unknown>;
    expect([record.store, record.repository, record.branch, record.head_sha]).toEqual([
      "state/vd/handoff.json",
      "https://github.com/acme/parser.git",
      "main",
      repo.git("rev-parse", "HEAD"),
    ]);
    const verify = await cli(["verify", "--git", "state/vd/handoff.json"], repo.root);
    expect(verify.code).toBe(0);
    expect(verify.stdout.split("\n")[1]).toBe(`state/vd/handoff.json: git: in step with main@${repo.git("rev-parse", "--short=7", "HEAD")}`);
  });

  it("without a remote names the checkout, says so, and verify --git does not call it stale", async () => {
    const made = await cli(["new", "--profile", "verified-delivery", "--slug", "x", "--now", NOW], repo.root);
    expect(made.code).toBe(0);
    const record = JSON.parse(readFileSync(path.join(repo.root, ".verified-delivery/handoff.json"), "utf8")) as { repository: string };
    expect(record.repository).toMatch(/^file:\/\/\/.*work%20tree$/);
    expect(made.stderr).toBe(
      "handoff new: --slug has no place in a verified-delivery record (the file is always handoff.json); it was not used\n" +
        `handoff new: the repository has no remote: 'repository' names this checkout (${record.repository}); add a remote and write its URL there so another clone can resume it\n`,
    );
    expect((await cli(["verify", "--git", ".verified-delivery/handoff.json"], repo.root)).code).toBe(0);
  });

  it("says in --help which profiles it seals", async () => {
    const help = (await cli(["new", "--help"], repo.root)).stdout.replace(/\s+/g, " ");
    expect(help).toContain("a hatch3r handoff is sealed (its integrity digest written), the other profiles carry no digest (seal them with handoff seal)");
    expect(help).toContain("Exit codes: 0 written (the path on stdout), or storage_unresolved");
  });
});

describe("handoff checkpoint on a sealed record", () => {
  it("re-seals a record whose seal held, so verify still passes, and lints clean", async () => {
    const rel = (await cli(["new", "--profile", "sno", "--now", NOW], repo.root)).stdout.trim();
    expect((await cli(["seal", rel], repo.root)).code).toBe(0);
    repo.write("src/more.ts", "export {};\n");
    const run = await cli(["checkpoint", rel, "--now", LATER], repo.root);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^checkpoint 2 of 2026-03-02T10:00:00Z: main at [0-9a-f]{12}, 3 uncommitted paths; re-sealed sha256:[0-9a-f]{64}\n$/);
    const verify = await cli(["verify", rel], repo.root);
    expect(verify.code).toBe(0);
    expect(verify.stdout).toBe(
      `${rel}: integrity ok ${/re-sealed (\S+)/.exec(run.stdout)?.[1]} (the body, and the frontmatter's values: integrity_frontmatter)\n`,
    );
    expect(readFileSync(path.join(repo.root, rel), "utf8")).toContain("- ?? src/more.ts sha256:");
    expect((await cli(["lint", "--no-config", "--now", LATER, rel], repo.root)).stdout).toBe("✔ 1 file checked, no problems\n");
  });

  it("refuses, naming seal, when the record changed after sealing, and leaves the file as it was", async () => {
    const rel = (await cli(["new", "--profile", "sno", "--now", NOW], repo.root)).stdout.trim();
    const file = path.join(repo.root, rel);
    await cli(["seal", rel], repo.root);
    writeFileSync(file, readFileSync(file, "utf8").replace("## Done\n\nNot recorded yet.", "## Done\n\nDeployed."));
    const before = readFileSync(file);
    const run = await cli(["checkpoint", rel, "--now", LATER], repo.root);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^handoff: ${rel.replace(/\./g, "\\.")}: not written: the record is sealed and its seal does not hold \\(integrity mismatch: .*\\); check what changed, then run 'handoff seal ${rel.replace(/\./g, "\\.")}' and checkpoint again\\n$`,
      ),
    );
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
