/**
 * The lock under every compare-and-swap write (src/0-platform/fs/file-lock.ts, proper-lockfile with a
 * stale takeover that only one process can win): real processes race on a stale lock and on one
 * file's compare-and-swap. Children load the built module (dist/, made by `npm test`'s build) and
 * take their cues from files the test creates, so no outcome depends on timing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { atomicWrite, AtomicWriteError } from "../../src/0-platform/fs/atomic-write.js";
import { LOCK_STALE_MS, LOCK_SUFFIX, withFileLock } from "../../src/0-platform/fs/file-lock.js";
import { repoRoot } from "../helpers/locations.js";

const DIST = path.join(repoRoot, "dist/src/0-platform/fs");
const ORIGINAL = "---\nstatus: open\n---\n\n# Handoff\n";

let dir: string;
let file: string;
let lockPath: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-lock-"));
  file = path.join(dir, "HANDOFF.md");
  lockPath = `${file}${LOCK_SUFFIX}`;
  writeFileSync(file, ORIGINAL);
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** A lock left by a process that died an hour ago. */
function staleLock(): void {
  mkdirSync(lockPath);
  const past = new Date(Date.now() - 3_600_000);
  utimesSync(lockPath, past, past);
}

/** A child process running `script` (an ES module); its stdout is collected in `out`. */
function child(script: string): { out: () => string; done: Promise<number | null> } {
  const proc = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(proc);
  let out = "";
  proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  return { out: () => out, done: new Promise((resolve) => proc.on("exit", (code) => resolve(code))) };
}

/** Polls until `condition` holds (generous limit: a loaded machine starts node slowly). */
async function until(condition: () => boolean, what: string): Promise<void> {
  const limit = Date.now() + 300_000;
  while (!condition()) {
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const waitForFile = `const waitFor = async (f) => { const end = Date.now() + 60000; while (!fs.existsSync(f)) { if (Date.now() > end) throw new Error(f + " did not appear within 60 s"); await new Promise((r) => setTimeout(r, 10)); } };`;

/**
 * A child that takes the lock on `file`, prints `won` and holds it until `release` exists (then
 * checks it still holds it: `still held`), or prints `locked`. With `pauseAtClaim`, it stops right
 * before claiming a stale lock (after judging it stale), creates `<pauseAtClaim>.reached`, and goes
 * on once `pauseAtClaim` exists.
 */
function locker(release: string, pauseAtClaim?: string): ReturnType<typeof child> {
  return child(
    [
      `import fs from "node:fs";`,
      `import { withFileLock, FileLockedError } from ${JSON.stringify(pathToFileURL(path.join(DIST, "file-lock.js")).href)};`,
      waitForFile,
      pauseAtClaim
        ? [
            `const rename = fs.rename; let paused = false;`,
            `fs.rename = (from, to, cb) => {`,
            `  if (paused || !from.endsWith(${JSON.stringify(LOCK_SUFFIX)})) return rename(from, to, cb);`,
            `  paused = true; fs.mkdirSync(${JSON.stringify(`${pauseAtClaim}.reached`)});`,
            `  waitFor(${JSON.stringify(pauseAtClaim)}).then(() => rename(from, to, cb));`,
            `};`,
          ].join("\n")
        : "",
      `try {`,
      `  await withFileLock(${JSON.stringify(file)}, async (lock) => {`,
      `    process.stdout.write("won\\n");`,
      `    await waitFor(${JSON.stringify(release)});`,
      `    await lock.assertHeld();`,
      `    process.stdout.write("still held\\n");`,
      `  });`,
      `} catch (error) {`,
      `  if (!(error instanceof FileLockedError)) throw error;`,
      `  process.stdout.write("locked\\n");`,
      `}`,
    ].join("\n"),
  );
}

describe("file lock: a stale lock taken over by two processes at once", () => {
  it("lets exactly one of two processes racing on a stale lock take it", async () => {
    for (let round = 0; round < 3; round++) {
      staleLock();
      const release = path.join(dir, `release-${round}`);
      const racers = [locker(release), locker(release)];
      await until(() => racers.every((r) => r.out() !== ""), "both racers to report");
      writeFileSync(release, "");
      expect(await Promise.all(racers.map((r) => r.done))).toEqual([0, 0]);
      expect(racers.map((r) => r.out()).sort()).toEqual(["locked\n", "won\nstill held\n"]);
      expect(readdirSync(dir).filter((n) => n !== "HANDOFF.md" && !n.startsWith("release"))).toEqual([]);
    }
  });

  it("does not let a process that judged the lock stale remove the lock another one took meanwhile", async () => {
    // The interleaving proper-lockfile 4.1.2 alone gets wrong: B judges the lock stale, A takes it
    // over and holds a fresh one, then B removes "the stale lock" — which is A's.
    staleLock();
    const gate = path.join(dir, "gate");
    const release = path.join(dir, "release");
    const late = locker(release, gate);
    await until(() => existsSync(`${gate}.reached`), "B to judge the lock stale");
    const early = locker(release);
    await until(() => early.out() === "won\n", "A to take the lock over");
    writeFileSync(gate, "");
    await until(() => late.out() !== "", "B to report");
    expect(late.out()).toBe("locked\n");
    writeFileSync(release, "");
    expect(await Promise.all([late.done, early.done])).toEqual([0, 0]);
    expect(early.out()).toBe("won\nstill held\n");
    expect(existsSync(lockPath)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.includes(LOCK_SUFFIX))).toEqual([]);
  });
});

describe("file lock: staleness by the lock's age, never by a process id", () => {
  it("refuses a fresh lock whose holder is gone, and takes it over once it is stale", async () => {
    mkdirSync(lockPath); // a crash a moment ago: no process refreshes it
    const error = await atomicWrite(file, Buffer.from("new\n"), { expected: Buffer.from(ORIGINAL) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AtomicWriteError);
    expect((error as AtomicWriteError).failure).toBe("locked");
    expect((error as AtomicWriteError).message).toBe(
      `another process is writing ${file} (lock ${lockPath}; a lock left by a crash counts as stale after ${LOCK_STALE_MS / 1000} s); nothing written, try again`,
    );
    expect(readFileSync(file, "utf8")).toBe(ORIGINAL);

    const past = new Date(Date.now() - LOCK_STALE_MS - 5_000);
    utimesSync(lockPath, past, past);
    await atomicWrite(file, Buffer.from("new\n"), { expected: Buffer.from(ORIGINAL) });
    expect(readFileSync(file, "utf8")).toBe("new\n");
    expect(readdirSync(dir)).toEqual(["HANDOFF.md"]);
  });

  it("takes over an old lock file naming a live process (a reused PID does not keep it alive)", async () => {
    writeFileSync(lockPath, `${process.pid}\n`); // the PID-file lock of earlier versions
    const past = new Date(Date.now() - 3_600_000);
    utimesSync(lockPath, past, past);
    await atomicWrite(file, Buffer.from("new\n"), { expected: Buffer.from(ORIGINAL) });
    expect(readFileSync(file, "utf8")).toBe("new\n");
    expect(readdirSync(dir)).toEqual(["HANDOFF.md"]);
  });

  it("refuses a second lock of the same file in the same process, and releases on error", async () => {
    await expect(
      withFileLock(file, async () => {
        await expect(withFileLock(file, async () => "inner")).rejects.toMatchObject({ name: "FileLockedError", lockPath });
        throw new Error("action failed");
      }),
    ).rejects.toThrow("action failed");
    expect(existsSync(lockPath)).toBe(false);
    expect(await withFileLock(file, async () => "again")).toBe("again");
  });
});

describe("compare-and-swap under the lock", () => {
  /** A child doing atomicWrite(file, bytes, { expected: ORIGINAL }), pausing once its temp file exists until `gate` exists. */
  function writer(bytes: string, gate?: string): ReturnType<typeof child> {
    return child(
      [
        `import fs from "node:fs";`,
        `import { atomicWrite } from ${JSON.stringify(pathToFileURL(path.join(DIST, "atomic-write.js")).href)};`,
        waitForFile,
        `try {`,
        `  await atomicWrite(${JSON.stringify(file)}, Buffer.from(${JSON.stringify(bytes)}), { expected: Buffer.from(${JSON.stringify(ORIGINAL)}),`,
        gate ? `    onTempCreated: async () => { process.stdout.write("writing\\n"); await waitFor(${JSON.stringify(gate)}); },` : "",
        `  });`,
        `  process.stdout.write("written\\n");`,
        `} catch (error) {`,
        `  process.stdout.write(\`\${error.failure}\\n\`);`,
        `}`,
      ].join("\n"),
    );
  }

  it("lets exactly one of two writers based on the same bytes land, and the other is told why", async () => {
    const gate = path.join(dir, "gate");
    const first = writer("first\n", gate);
    await until(() => first.out() === "writing\n", "the first writer to be between compare and rename");
    // Without the lock the second would compare against the unchanged original and also write.
    const second = writer("second\n");
    expect(await second.done).toBe(0);
    expect(second.out()).toBe("locked\n");
    writeFileSync(gate, "");
    expect(await first.done).toBe(0);
    expect(first.out()).toBe("writing\nwritten\n");
    expect(readFileSync(file, "utf8")).toBe("first\n");
    // Once the first has landed, the same stale expectation is a plain "changed".
    const third = writer("third\n");
    expect(await third.done).toBe(0);
    expect(third.out()).toBe("changed\n");
    expect(readdirSync(dir).filter((n) => n !== "gate")).toEqual(["HANDOFF.md"]);
  });

  it("refuses to create a file that appeared meanwhile (expected: null)", async () => {
    const error = await atomicWrite(file, Buffer.from("new\n"), { expected: null }).catch((e: unknown) => e);
    expect((error as AtomicWriteError).failure).toBe("changed");
    expect((error as AtomicWriteError).message).toBe(`${file} was created meanwhile; nothing written`);
    const fresh = path.join(dir, "new.md");
    await atomicWrite(fresh, Buffer.from("new\n"), { expected: null });
    expect(readFileSync(fresh, "utf8")).toBe("new\n");
    expect(readdirSync(dir).sort()).toEqual(["HANDOFF.md", "new.md"]);
  });
});
