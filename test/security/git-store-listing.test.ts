/**
 * Finding #23 of the attacker's review (#32), the git store part: handoffs at the root of the git
 * store stay listed (and resumable) once a hatch3r handoff (in active/) is added beside them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";

let repo: TempRepo;
const ENV = { NO_COLOR: "1", HANDOFF_EPHEMERAL: "0" };
beforeEach(() => {
  repo = createRepo("handoffkit-git-store-listing-");
  repo.write("handoff.config.json", JSON.stringify({ store: "git" }));
});
afterEach(() => repo.remove());

async function cli(...args: string[]) {
  const cap = captureIO(repo.root, ENV);
  const code = await runCli(args, cap.io);
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}

describe("#23 the git store lists every profile's handoffs", () => {
  it("a contract handoff at the root stays listed after a hatch3r one is added", async () => {
    expect((await cli("new", "--profile", "contract", "--now", "2026-03-01T10:00:00Z")).code).toBe(0);
    expect((await cli("new", "--profile", "hatch3r", "--now", "2026-03-01T11:00:00Z")).code).toBe(0);
    expect(repo.git("ls-tree", "-r", "--name-only", "refs/handoffs/default").split("\n")).toEqual([
      expect.stringMatching(/^HANDOFF-.*-20260301T1000Z\.md$/),
      expect.stringMatching(/^active\/2026-03-01_T1100_[0-9a-f]{5}_handoff\.md$/),
    ]);
    const list = await cli("list", "--format", "json");
    const profiles = (JSON.parse(list.stdout) as { handoffs: Array<{ profile: string }> }).handoffs.map((h) => h.profile).sort();
    expect(profiles).toEqual(["contract", "hatch3r"]);
  });
});
