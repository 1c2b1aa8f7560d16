import { spawnSync } from "node:child_process";
import { chmod, mkdtemp, readdir, readFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { transformWithOxc } from "vite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { atomicWrite, AtomicWriteError, createExclusive, removeStaleTemps } from "../../src/0-platform/fs/atomic-write.js";

const ORIGINAL = Buffer.from("---\r\nid: x\r\n---\r\n\uFEFFbody  \r\n", "utf8");
const REPLACEMENT = Buffer.from("replacement\n".repeat(1000), "utf8");

let dir: string;
let target: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "handoffkit-atomic-"));
  target = path.join(dir, "handoff file é.md");
  await writeFile(target, ORIGINAL);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function failure(promise: Promise<unknown>): Promise<AtomicWriteError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AtomicWriteError);
    return error as AtomicWriteError;
  }
  throw new Error("expected the write to fail");
}

describe("atomicWrite", () => {
  it("replaces the file and reads it back", async () => {
    await atomicWrite(target, REPLACEMENT, { expected: ORIGINAL });
    expect(Buffer.compare(await readFile(target), REPLACEMENT)).toBe(0);
    expect(await readdir(dir)).toEqual(["handoff file é.md"]);
  });

  it("refuses when the file changed since it was read (compare-and-swap)", async () => {
    const error = await failure(atomicWrite(target, REPLACEMENT, { expected: Buffer.from("older bytes") }));
    expect(error.failure).toBe("changed");
    expect(Buffer.compare(await readFile(target), ORIGINAL)).toBe(0);
  });

  it("keeps a change another program writes (without the lock) while the new bytes are staged: changed, nothing written", async () => {
    const error = await failure(atomicWrite(target, REPLACEMENT, { expected: ORIGINAL, onTempCreated: () => writeFile(target, "their change") }));
    expect(error.failure).toBe("changed");
    expect(error.message).toBe(`${target} changed since it was read; nothing written`);
    expect(await readFile(target, "utf8")).toBe("their change");
    expect(await readdir(dir)).toEqual(["handoff file é.md"]);
  });

  it("keeps a change written in place (without the lock) after the last compare: it is put back, changed", async () => {
    const error = await failure(atomicWrite(target, REPLACEMENT, { expected: ORIGINAL, onCompared: () => writeFile(target, "their change") }));
    expect(error.failure).toBe("changed");
    expect(error.message).toBe(`${target} was changed by another program while it was being written; that change is kept, nothing written`);
    expect(await readFile(target, "utf8")).toBe("their change");
    expect(await readdir(dir)).toEqual(["handoff file é.md"]);
  });

  it("a compare-and-swap keeps the file's mode and leaves no staged or kept file", async () => {
    await chmod(target, 0o600);
    await atomicWrite(target, REPLACEMENT, { expected: ORIGINAL });
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(["handoff file é.md"]);
  });

  it("leaves the original intact and no temp file when the write is interrupted before the rename", async () => {
    const error = await failure(
      atomicWrite(target, REPLACEMENT, {
        onTempCreated: () => {
          throw new Error("simulated crash");
        },
      }),
    );
    expect(error.failure).toBe("write-failed");
    expect(Buffer.compare(await readFile(target), ORIGINAL)).toBe(0);
    expect(await readdir(dir)).toEqual(["handoff file é.md"]);
  });

  it("leaves the original intact when the temp file disappears before the rename", async () => {
    const error = await failure(atomicWrite(target, REPLACEMENT, { onTempCreated: (temp) => unlink(temp) }));
    expect(error.failure).toBe("write-failed");
    expect(error.message).toBe(`cannot write ${target} (ENOENT); the original is unchanged`);
    expect(Buffer.compare(await readFile(target), ORIGINAL)).toBe(0);
  });

  it("reports a read-back mismatch as a failure", async () => {
    const error = await failure(atomicWrite(target, REPLACEMENT, { onRenamed: () => writeFile(target, "tampered") }));
    expect(error.failure).toBe("read-back-mismatch");
    expect(error.message).toBe(`${target} read back 8 bytes that differ from the 12000 written`);
  });

  /** Writes the real module, compiled, next to the target, and a script that SIGKILLs itself at `hook`. */
  async function killedChild(hook: "onTempCreated" | "onRenamed"): Promise<ReturnType<typeof spawnSync>> {
    const require = createRequire(import.meta.url);
    const compile = async (name: string) =>
      (
        await transformWithOxc(await readFile(fileURLToPath(new URL(`../../src/0-platform/fs/${name}.ts`, import.meta.url)), "utf8"), `${name}.ts`, {
          lang: "ts",
        })
      ).code;
    const url = (specifier: string) => JSON.stringify(pathToFileURL(require.resolve(specifier)).href);
    const module = path.join(dir, "atomic-write.mjs");
    await writeFile(
      path.join(dir, "file-lock.mjs"),
      (await compile("file-lock")).replace(/import\(["']proper-lockfile["']\)/, `import(${url("proper-lockfile")})`),
    );
    await writeFile(
      module,
      (await compile("atomic-write"))
        .replace(/from\s+["']write-file-atomic["']/, `from ${url("write-file-atomic")}`)
        .replace("./file-lock.js", "./file-lock.mjs"),
    );
    const script = [
      `import { atomicWrite } from ${JSON.stringify(pathToFileURL(module).href)};`,
      `await atomicWrite(${JSON.stringify(target)}, Buffer.from("new content\\n"), { ${hook}: () => process.kill(process.pid, "SIGKILL") });`,
    ].join("\n");
    return spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  }

  it("keeps the original when the process is killed before the rename, and the next write clears the temp", async () => {
    const child = await killedChild("onTempCreated");
    expect(child.signal).toBe("SIGKILL");
    expect(Buffer.compare(await readFile(target), ORIGINAL)).toBe(0);
    const leftovers = (await readdir(dir)).filter((name) => /^handoff file é\.md\.\d+$/.test(name));
    expect(leftovers).toHaveLength(1);

    expect(await removeStaleTemps(target, 60_000)).toEqual([]); // too fresh to be called stale
    await atomicWrite(target, REPLACEMENT, { staleTempAfterMs: 0 });
    expect((await readdir(dir)).sort()).toEqual(["atomic-write.mjs", "file-lock.mjs", "handoff file é.md"]);
    expect(Buffer.compare(await readFile(target), REPLACEMENT)).toBe(0);
  });

  it("leaves the file fully replaced, never torn, when the process is killed right after the rename", async () => {
    const child = await killedChild("onRenamed");
    expect(child.signal).toBe("SIGKILL");
    expect(await readFile(target, "utf8")).toBe("new content\n");
    expect((await readdir(dir)).sort()).toEqual(["atomic-write.mjs", "file-lock.mjs", "handoff file é.md"]);
  });
});

describe("createExclusive", () => {
  it("creates a new file with exactly the bytes, leaving no temp file", async () => {
    const fresh = path.join(dir, "new é.md");
    await createExclusive(fresh, REPLACEMENT);
    expect(Buffer.compare(await readFile(fresh), REPLACEMENT)).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(["handoff file é.md", "new é.md"]);
  });

  it("refuses an existing name with the same error type as every write (failure 'exists'), the file unchanged", async () => {
    const error = await failure(createExclusive(target, REPLACEMENT));
    expect(error.failure).toBe("exists");
    expect(error.message).toBe(`${target} already exists`);
    expect(Buffer.compare(await readFile(target), ORIGINAL)).toBe(0);
    expect(await readdir(dir)).toEqual(["handoff file é.md"]);
  });
});
