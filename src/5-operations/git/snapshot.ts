/**
 * A snapshot of a checkout, as the sno progress record states it: branch, HEAD, recent commits and
 * every uncommitted path with the SHA-256 of its current content. Read-only.
 */
import { createReadStream } from "node:fs";
import { lstat, readlink, realpath } from "node:fs/promises";
import path from "node:path";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { currentBranch, recentCommits, statusEntries, workTreeRoot, type CommitInfo } from "../../0-platform/git/queries.js";

/** An uncommitted path and the SHA-256 of what is in the work tree now. */
export interface UncommittedPath {
  /** git's two status letters with the padding space removed (`M`, `??`, `MM`, `A`, `D`). */
  status: string;
  /** Path relative to the checkout root, `/`-separated, exactly as git names it. */
  path: string;
  /** Lowercase hex SHA-256 of the file's bytes (a symlink: of its target text); undefined when there is no file. */
  sha256: string | undefined;
}

/** What a checkout looks like now. */
export interface CheckoutSnapshot {
  /** Absolute path of the work tree root. */
  checkout: string;
  /** Branch name, or undefined when HEAD is detached. */
  branch: string | undefined;
  /** HEAD, or undefined before the first commit. */
  head: CommitInfo | undefined;
  /** Up to five commits from HEAD, newest first. */
  recent: CommitInfo[];
  /** Uncommitted paths, sorted bytewise by path. */
  uncommitted: UncommittedPath[];
}

/** Bytewise (UTF-8) order, as `LC_ALL=C sort` gives. */
export function compareBytewise(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/** SHA-256 of a work-tree path: file bytes (streamed), a symlink's target, or undefined. */
export async function hashWorkTreePath(absolute: string): Promise<string | undefined> {
  let info;
  try {
    info = await lstat(absolute);
  } catch {
    return undefined;
  }
  if (info.isSymbolicLink()) return bytesToHex(sha256(Buffer.from(await readlink(absolute), "utf8")));
  if (!info.isFile()) return undefined; // a submodule or a directory: no content of its own
  const hash = sha256.create();
  for await (const chunk of createReadStream(absolute)) hash.update(chunk as Buffer);
  return bytesToHex(hash.digest());
}

/** `file` with its directory's symlinks resolved (the file itself need not exist). */
async function realPathOf(file: string): Promise<string> {
  try {
    return path.join(await realpath(path.dirname(file)), path.basename(file));
  } catch {
    return file;
  }
}

/**
 * Takes a snapshot of the checkout containing `dir`.
 * @param exclude absolute path of a file never listed as uncommitted (the record file itself).
 * @throws GitError when `dir` is not inside a git work tree.
 */
export async function takeSnapshot(dir: string, exclude?: string): Promise<CheckoutSnapshot> {
  const checkout = await workTreeRoot(dir);
  const [branch, recent, entries] = await Promise.all([currentBranch(checkout), recentCommits(checkout, 5), statusEntries(checkout)]);
  // git prints the root with symlinks resolved (/tmp → /private/tmp on macOS): compare real paths.
  const excluded = exclude ? await realPathOf(path.resolve(exclude)) : undefined;
  const uncommitted: UncommittedPath[] = [];
  for (const entry of entries) {
    const absolute = path.join(checkout, ...entry.path.split("/"));
    if (excluded !== undefined && absolute === excluded) continue;
    uncommitted.push({ status: entry.xy.trim(), path: entry.path, sha256: await hashWorkTreePath(absolute) });
  }
  uncommitted.sort((a, b) => compareBytewise(a.path, b.path));
  return { checkout, branch, head: recent[0], recent, uncommitted };
}
