/**
 * The git store in real temporary repositories: bytes in and out, the work tree, index and branches
 * never touched, and the compare-and-swap on the ref deciding between writers.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GitStore, STALE_CHECKOUT_MS, StoreConflictError, StoreNameError, handoffRef } from "../../src/5-operations/store/git-store.js";
import { StoreEscapeError } from "../../src/5-operations/store/naming.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";

let repo: TempRepo;
beforeEach(() => {
  repo = createRepo("handoffkit-gitstore-");
});
afterEach(() => repo.remove());

/** Odd bytes: CRLF, a BOM, non-ASCII, no final newline. */
const BYTES = Buffer.from("\uFEFF# Handoff: ünïcode\r\n\r\nline two\twith tab", "utf8");

const open = (name = "default", profile?: string) => GitStore.open(repo.root, name, {}, profile);

describe("GitStore", () => {
  it("writes a handoff onto refs/handoffs/default and reads the same bytes back, leaving work tree, index and branches alone", async () => {
    repo.write("dirty.txt", "uncommitted\n");
    const before = { status: repo.git("status", "--porcelain"), head: repo.git("rev-parse", "HEAD"), branches: repo.git("for-each-ref", "refs/heads") };
    const store = await open();
    expect(store.base).toBeUndefined();
    const outcome = await store.view.write("20260302T0900Z-first.md", BYTES);
    expect(outcome.status).toBe("saved");
    const published = await store.publish();
    await store.dispose();
    expect(published).toMatchObject({ changed: ["20260302T0900Z-first.md"], removed: [], parent: undefined, attempts: 1 });
    expect(repo.git("rev-parse", "refs/handoffs/default")).toBe(published.commit);
    expect(repo.git("log", "--format=%s", "refs/handoffs/default")).toBe("handoff: add 20260302T0900Z-first.md");
    const blob = repo.git("rev-parse", "refs/handoffs/default:20260302T0900Z-first.md");
    expect(Buffer.compare(Buffer.from(execBytes(["cat-file", "blob", blob])), BYTES)).toBe(0);
    expect({ status: repo.git("status", "--porcelain"), head: repo.git("rev-parse", "HEAD"), branches: repo.git("for-each-ref", "refs/heads") }).toEqual(
      before,
    );

    const again = await open();
    const read = await again.view.read("20260302T0900Z-first");
    expect(Buffer.compare(readFileSync(read.path), BYTES)).toBe(0);
    expect(read.path.startsWith(path.join(repo.root, ".git", "handoffkit", "checkouts"))).toBe(true);
    await again.dispose();
  });

  it("removes a checkout a killed process left (older than a day), and keeps a recent one", async () => {
    const checkouts = path.join(repo.root, ".git", "handoffkit", "checkouts");
    const [stale, recent] = [path.join(checkouts, "1-dead"), path.join(checkouts, "2-live")];
    for (const dir of [stale, recent]) mkdirSync(dir, { recursive: true });
    const old = new Date(Date.now() - STALE_CHECKOUT_MS - 60_000);
    utimesSync(stale, old, old);
    const store = await open();
    expect([existsSync(stale), existsSync(recent)]).toEqual([false, true]);
    await store.dispose();
  });

  it("names at most five changes in the commit subject and counts the rest", async () => {
    const store = await open();
    for (let i = 1; i <= 7; i++) await store.view.write(`20260302T0900Z-n${i}.md`, Buffer.from(`# ${i}\n`));
    await store.publish();
    await store.dispose();
    expect(repo.git("log", "-1", "--format=%s", "refs/handoffs/default")).toBe(
      "handoff: add 20260302T0900Z-n1.md, add 20260302T0900Z-n2.md, add 20260302T0900Z-n3.md, add 20260302T0900Z-n4.md, add 20260302T0900Z-n5.md and 2 more",
    );
  });

  it("commits nothing when nothing changed", async () => {
    const store = await open();
    expect(await store.publish()).toEqual({ commit: undefined, changed: [], removed: [], parent: undefined, attempts: 0 });
    await store.dispose();
    expect(repo.git("for-each-ref", "refs/handoffs")).toBe("");
  });

  it("keeps ids inside the store: '..', absolute names and symbolic links are refused", async () => {
    const store = await open();
    await expect(store.view.read("../../config")).rejects.toThrow(StoreEscapeError);
    await expect(store.view.read("/etc/passwd")).rejects.toThrow(StoreEscapeError);
    symlinkSync("/etc/hostname", path.join(store.root, "leak.md"));
    await expect(store.view.read("leak")).rejects.toThrow(StoreEscapeError);
    // The link is not a regular file: it is never published.
    expect(await store.publish()).toMatchObject({ commit: undefined });
    await store.dispose();
  });

  it("refuses a store name that is not one plain segment", () => {
    expect(handoffRef("team-a")).toBe("refs/handoffs/team-a");
    for (const bad of ["../heads/main", "a/b", "x.lock", "", "-x", "a..b"]) expect(() => handoffRef(bad)).toThrow(StoreNameError);
  });

  it("refuses a file the gate refuses, and writes nothing", async () => {
    const store = await open();
    await store.view.write("20260302T0900Z-secret.md", Buffer.from("# x\n"));
    await expect(store.publish({ gate: () => "1 error finding from no-secrets" })).rejects.toThrow(
      "refs/handoffs/default:20260302T0900Z-secret.md was not written: 1 error finding from no-secrets",
    );
    await store.dispose();
    expect(repo.git("for-each-ref", "refs/handoffs")).toBe("");
  });

  it("two writers on one tip, different handoffs: one lands on the tip, the other on top of it, both survive", async () => {
    const first = await open();
    await first.view.write("20260302T0900Z-seed.md", Buffer.from("# seed\n"));
    const seed = (await first.publish()).commit;
    await first.dispose();
    const [a, b] = [await open(), await open()];
    expect([a.base, b.base]).toEqual([seed, seed]);
    await a.view.write("20260302T1000Z-a.md", Buffer.from("# a\n"));
    await b.view.write("20260302T1000Z-b.md", Buffer.from("# b\n"));
    const [pa, pb] = await Promise.all([a.publish(), b.publish()]);
    await Promise.all([a.dispose(), b.dispose()]);
    // One lands on the seed; the other (whose compare-and-swap lost, or who saw the new tip first) on top of it.
    const [winner, loser] = pa.parent === seed ? [pa, pb] : [pb, pa];
    expect([winner.parent, loser.parent]).toEqual([seed, winner.commit]);
    expect(repo.git("rev-parse", `${winner.commit}^`)).toBe(seed);
    expect(repo.git("rev-parse", `${loser.commit}^`)).toBe(winner.commit);
    expect(repo.git("rev-parse", "refs/handoffs/default")).toBe(loser.commit);
    expect(repo.git("ls-tree", "--name-only", "refs/handoffs/default").split("\n")).toEqual([
      "20260302T0900Z-seed.md",
      "20260302T1000Z-a.md",
      "20260302T1000Z-b.md",
    ]);
  });

  it("two writers changing the same handoff: the second is refused and nothing is overwritten", async () => {
    const first = await open();
    await first.view.write("20260302T0900Z-shared.md", Buffer.from("# v1\n"));
    await first.publish();
    await first.dispose();
    const [a, b] = [await open(), await open()];
    const file = (s: GitStore) => path.join(s.root, "20260302T0900Z-shared.md");
    writeFileSync(file(a), "# from a\n");
    writeFileSync(file(b), "# from b\n");
    const won = await a.publish();
    const lost = await b.publish().catch((error: unknown) => error);
    await Promise.all([a.dispose(), b.dispose()]);
    expect(lost).toBeInstanceOf(StoreConflictError);
    expect((lost as StoreConflictError).paths).toEqual(["20260302T0900Z-shared.md"]);
    expect(repo.git("rev-parse", "refs/handoffs/default")).toBe(won.commit);
    expect(repo.git("show", "refs/handoffs/default:20260302T0900Z-shared.md")).toBe("# from a");
  });

  it("keeps hatch3r's active/ and archived/ as directories of the tree, and records a move as add plus remove", async () => {
    const store = await open("default", "hatch3r");
    expect(store.view.location.layout).toBe("hatch3r");
    await store.view.write("2026-03-02_T0900_abcde_x.md", Buffer.from("---\nid: x\n---\n"));
    await store.publish();
    await store.dispose();
    expect(repo.git("ls-tree", "-r", "--name-only", "refs/handoffs/default")).toBe("active/2026-03-02_T0900_abcde_x.md");
    const again = await open();
    expect(again.view.location.layout).toBe("hatch3r");
    await again.view.archive(await again.view.read("2026-03-02_T0900_abcde_x"));
    expect(await again.publish()).toMatchObject({ changed: ["archived/2026-03-02_T0900_abcde_x.md"], removed: ["active/2026-03-02_T0900_abcde_x.md"] });
    await again.dispose();
    expect(repo.git("ls-tree", "-r", "--name-only", "refs/handoffs/default")).toBe("archived/2026-03-02_T0900_abcde_x.md");
  });

  it("leaves tree entries that are not regular files out of the checkout, and keeps them in the tree", async () => {
    const blob = repo.git("hash-object", "-w", "README.md");
    const tree = execBytes(["mktree"], `120000 blob ${blob}\tlink.md\n100644 blob ${blob}\tplain.md\n`).toString("utf8").trim();
    const commit = repo.git("commit-tree", tree, "-m", "odd");
    repo.git("update-ref", "refs/handoffs/default", commit);
    const store = await open();
    expect((await store.view.list()).map((h) => h.id)).toEqual(["plain"]);
    // A publish keeps the entry it did not write out, and never replaces it with a file.
    writeFileSync(path.join(store.root, "plain.md"), "changed\n");
    await store.publish();
    await store.dispose();
    expect(
      repo
        .git("ls-tree", "refs/handoffs/default")
        .split("\n")
        .map((line) => line.replace(/ [0-9a-f]{40}/, "")),
    ).toEqual(["120000 blob\tlink.md", "100644 blob\tplain.md"]);
    const again = await open();
    writeFileSync(path.join(again.root, "link.md"), "a file\n");
    await expect(again.publish()).rejects.toThrow("refs/handoffs/default:link.md is a tree entry that is not a handoff file (mode 120000); it is not replaced");
    await again.dispose();
  });
});

function execBytes(args: string[], input?: string): Buffer {
  return execFileSync("git", args, { cwd: repo.root, input });
}
