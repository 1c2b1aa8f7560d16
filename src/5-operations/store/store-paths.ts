/**
 * Which paths of a repository are handoff files, for the drift checks: a commit that changes
 * nothing else only records handoffs and is not counted as drift.
 */
import { realpathSync } from "node:fs";
import path from "node:path";
import { isHandoffPath } from "../../1-load/handoff-files.js";

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/**
 * A test for paths relative to the work tree `root` (`/`-separated): a handoff file by name or
 * place ({@link isHandoffPath}), a file inside one of `storeRoots`, or one of `files`.
 * @param storeRoots absolute store directories (`--dir`, `$HANDOFF_DIR`, `.claude/handoff.json`).
 * @param files absolute paths of further handoff files (the document being checked).
 */
export function handoffPathTest(root: string, storeRoots: readonly string[], files: readonly string[]): (relative: string) => boolean {
  const base = real(root);
  const inside = (abs: string) => {
    const rel = path.relative(base, real(abs)).split(path.sep).join("/");
    return rel.startsWith("..") || path.isAbsolute(rel) ? undefined : rel;
  };
  // A store at the root itself would make every commit a handoff commit: it marks nothing.
  const dirs = storeRoots.map(inside).filter((d): d is string => d !== undefined && d !== "");
  const exact = new Set(files.map(inside).filter((f): f is string => f !== undefined));
  return (relative) => isHandoffPath(relative) || exact.has(relative) || dirs.some((d) => relative.startsWith(`${d}/`));
}
