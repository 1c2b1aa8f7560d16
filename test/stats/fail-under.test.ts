/**
 * `stats --fail-under` end to end in a real temporary git repository: a maximum for figures that
 * count problems, 0 of 0 as a pass with a note, and the table's denominator in every message.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, createRepo, type TempRepo } from "../helpers/git-repo.js";

const NOW = "2026-03-02T09:00:00Z";

let repo: TempRepo;
// One repository for every test (stats only reads it); four `new` runs take a while on a loaded machine.
beforeAll(async () => {
  repo = createRepo("handoffkit-gates-");
  // Two hatch3r handoffs: one written two months before NOW (expired after 30 days), one at NOW.
  for (const [slug, at] of [
    ["old", "2026-01-02T09:00:00Z"],
    ["fresh", NOW],
  ] as const) {
    expect((await cli(["new", "--profile", "hatch3r", "--dir", "hatch3r", "--slug", slug, "--now", at], repo.root)).code).toBe(0);
  }
  for (const at of ["2026-03-01T09:00:00Z", NOW])
    expect((await cli(["new", "--profile", "contract", "--dir", "contract", "--now", at], repo.root)).code).toBe(0);
  repo.commit("handoffs");
});
afterAll(() => repo.remove());

const stats = (args: string[]) => cli(["stats", "--now", NOW, ...args], repo.root);

describe("stats --fail-under", () => {
  it("FIGURE<=SHARE is a maximum: exit 1 over it, with the table's count and denominator", async () => {
    const table = await stats(["--format", "json", "hatch3r"]);
    const expired = (JSON.parse(table.stdout) as { figures: Array<{ id: string; count: number; total: number }> }).figures.find((f) => f.id === "expired");
    expect(expired).toMatchObject({ count: 1, total: 2 });
    expect(await stats(["--fail-under", "expired<=0", "hatch3r"])).toMatchObject({
      code: 1,
      stderr: "handoff: expired is 50.0% (1 of 2), over the maximum 0.0%\n",
    });
    expect(await stats(["--fail-under", "expired<=50%", "--fail-under", "secret-findings<=0", "hatch3r"])).toMatchObject({ code: 0, stderr: "" });
  });

  it("a minimum on a problem figure still fails when nothing is expired, and names the maximum form", async () => {
    expect(await stats(["--fail-under", "expired=10%", "contract"])).toMatchObject({
      code: 1,
      stderr: "handoff: expired is 0.0% (0 of 2), under the minimum 10.0% (expired counts problems: for a maximum write expired<=10.0%)\n",
    });
    expect(await stats(["--fail-under", "expired<=10%", "contract"])).toMatchObject({ code: 0, stderr: "" });
  });

  it("passes a gate on 0 of 0 with a note: no digest among contract handoffs, a section of an absent profile", async () => {
    expect(await stats(["--fail-under", "integrity-valid=90%", "--fail-under", "section:hatch3r:Problem=50%", "contract"])).toMatchObject({
      code: 0,
      stderr:
        "handoff: note: integrity-valid has no documents to measure (0 of 0): the gate integrity-valid>=90.0% passes\n" +
        "handoff: note: section:hatch3r:Problem has no documents to measure (0 of 0): the gate section:hatch3r:Problem>=50.0% passes\n",
    });
    expect(await stats(["--fail-under", "profile:hatch3r=10%", "contract"])).toMatchObject({
      code: 1,
      stderr: "handoff: profile:hatch3r is 0.0% (0 of 2), under the minimum 10.0%\n",
    });
    expect(await stats(["--fail-under", "nope<=0", "contract"])).toMatchObject({ code: 2, stderr: "handoff: --fail-under names unknown figure 'nope'\n" });
  });
});
