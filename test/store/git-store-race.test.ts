/**
 * Two processes racing on one repository's `refs/handoffs/default`: in every round both open the
 * store at the same tip, then publish at once; exactly one lands on that tip, the other on the
 * winner's commit (its compare-and-swap lost, or it read the new tip first), and no write is lost. Children load the built module
 * (dist/, made by `npm test`'s build) and take their cues from files the test creates, so no
 * outcome depends on timing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";
import { repoRoot } from "../helpers/locations.js";

const MODULE = pathToFileURL(path.join(repoRoot, "dist/src/5-operations/store/git-store.js")).href;
const ROUNDS = 4;

let repo: TempRepo;
let cues: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  repo = createRepo("handoffkit-gitrace-");
  cues = path.join(repo.root, "..");
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill();
  repo.remove();
});

/** A writer: each round waits for `open-<round>`, opens the store, writes its own handoff, says so, waits for `go-<round>`, publishes and reports the rounds it took. */
function writer(name: string): ChildProcess {
  const script = `
    import { existsSync, renameSync, writeFileSync } from "node:fs";
    import path from "node:path";
    const { GitStore } = await import(${JSON.stringify(MODULE)});
    const [root, cues, name, rounds] = process.argv.slice(1);
    // A cue appears whole: written beside, then renamed.
    const say = (file, text) => { writeFileSync(file + ".tmp", text); renameSync(file + ".tmp", file); };
    const wait = async (file) => { const end = Date.now() + 60000; while (!existsSync(file)) { if (Date.now() > end) throw new Error(file + " did not appear within 60 s"); await new Promise((r) => setTimeout(r, 10)); } };
    for (let round = 0; round < Number(rounds); round++) {
      await wait(path.join(cues, "open-" + round));
      const store = await GitStore.open(root, "default", {});
      await store.view.write("20260302T0900Z-" + name + "-" + round + ".md", Buffer.from("# " + name + " " + round + "\\n"));
      say(path.join(cues, "opened-" + name + "-" + round), store.base ?? "none");
      await wait(path.join(cues, "go-" + round));
      const outcome = await store.publish();
      await store.dispose();
      say(path.join(cues, "done-" + name + "-" + round), JSON.stringify(outcome));
    }`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script, repo.root, cues, name, String(ROUNDS)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  return child;
}

/** The contents of `file` once it exists. @throws after 60 s, naming the file (a writer died or hung). */
async function waitFor(file: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`${file} did not appear within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return readFileSync(file, "utf8");
}

describe("two processes on one ref", () => {
  it("exactly one write lands on each round's tip; the other lands on top of it; nothing is lost", async () => {
    const head = repo.git("rev-parse", "HEAD");
    const exits = ["a", "b"].map((name) => new Promise((resolve) => writer(name).on("exit", resolve)));
    let tip = "none";
    for (let round = 0; round < ROUNDS; round++) {
      writeFileSync(path.join(cues, `open-${round}`), "");
      const bases = [await waitFor(path.join(cues, `opened-a-${round}`)), await waitFor(path.join(cues, `opened-b-${round}`))];
      // Both opened the store at the same tip before either publishes.
      expect(bases).toEqual([tip, tip]);
      writeFileSync(path.join(cues, `go-${round}`), "");
      const outcomes = [JSON.parse(await waitFor(path.join(cues, `done-a-${round}`))), JSON.parse(await waitFor(path.join(cues, `done-b-${round}`)))] as Array<{
        commit: string;
        parent?: string;
        attempts: number;
      }>;
      // Exactly one lands on the round's tip; the other lands on the winner's commit: after losing a
      // compare-and-swap (attempts > 1), or having read the new tip before its first one.
      const base = tip === "none" ? undefined : tip;
      const winners = outcomes.filter((o) => o.parent === base);
      expect({ round, outcomes, winners: winners.length }).toMatchObject({ round, winners: 1 });
      const [winner] = winners as [{ commit: string; attempts: number }];
      const loser = outcomes.find((o) => o !== winner) as { commit: string; parent?: string; attempts: number };
      expect([winner.attempts, loser.parent]).toEqual([1, winner.commit]);
      expect(repo.git("rev-parse", `${loser.commit}^`)).toBe(winner.commit);
      tip = loser.commit;
      expect(repo.git("rev-parse", "refs/handoffs/default")).toBe(tip);
    }
    expect(await Promise.all(exits)).toEqual([0, 0]);
    expect(repo.git("rev-list", "--count", "refs/handoffs/default")).toBe(String(2 * ROUNDS));
    expect(repo.git("rev-list", "--count", "--merges", "refs/handoffs/default")).toBe("0");
    const names = repo.git("ls-tree", "--name-only", "refs/handoffs/default").split("\n");
    expect(names).toEqual([...Array(ROUNDS).keys()].flatMap((r) => [`20260302T0900Z-a-${r}.md`, `20260302T0900Z-b-${r}.md`]).sort());
    expect(repo.git("status", "--porcelain")).toBe("");
    expect(repo.git("rev-parse", "HEAD")).toBe(head);
  });
});
