/**
 * Creating a new file atomically without ever overwriting one: write a temp file in the same
 * directory, fsync it, hard-link it to the final name (link(2) fails with EEXIST when the name is
 * taken, atomically), remove the temp name, fsync the directory, read the file back and compare.
 */
import { randomBytes } from "node:crypto";
import { link, open, readFile, unlink } from "node:fs/promises";
import path from "node:path";

/** The target name already exists. */
export class FileExistsError extends Error {
  override name = "FileExistsError";
}

/** Read-back differs from what was written: the write must not be reported as a success. */
export class ReadBackError extends Error {
  override name = "ReadBackError";
}

async function fsyncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on directories; the data itself was synced.
  }
}

/**
 * Creates `file` with exactly `bytes`.
 * @throws FileExistsError when `file` exists; ReadBackError when the bytes read back differ;
 * the underlying fs error otherwise. No temp file is left behind in any case.
 */
export async function createExclusive(file: string, bytes: Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const handle = await open(temp, "wx", 0o644);
  try {
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await link(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new FileExistsError(`${file} already exists`);
      throw error;
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  await fsyncDir(dir);
  const back = await readFile(file);
  if (!Buffer.from(bytes).equals(back)) {
    throw new ReadBackError(`${file}: the bytes read back differ from the bytes written`);
  }
}
