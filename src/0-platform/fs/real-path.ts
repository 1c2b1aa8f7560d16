/**
 * Real paths for confinement checks: where a path leads once its symbolic links are followed,
 * including paths that do not exist yet.
 */
import { readlinkSync, realpathSync } from "node:fs";
import path from "node:path";

/**
 * The real path of `p` (symbolic links followed); for a path that does not exist yet, the real
 * path of its nearest existing ancestor with the rest appended, and for a dangling symbolic link,
 * where its target would be (a write through it would land there).
 */
export function safeRealpath(p: string, hops = 0): string {
  try {
    return realpathSync(p);
  } catch {
    let target: string | undefined;
    try {
      target = readlinkSync(p);
    } catch {
      // not a symbolic link
    }
    // A dangling link: follow it by hand (at most 40 hops, as the kernel does).
    if (target !== undefined && hops < 40) return safeRealpath(path.resolve(path.dirname(p), target), hops + 1);
    // Not there (yet): check the parent that exists, then re-append the rest.
    const parent = path.dirname(p);
    if (parent === p) return p;
    return path.join(safeRealpath(parent, hops), path.basename(p));
  }
}

/** Whether `inner`, once its symbolic links are followed, is `outer` or lies below it (also followed). */
export function isInsideReal(outer: string, inner: string): boolean {
  const outerReal = safeRealpath(outer);
  const real = safeRealpath(inner);
  return real === outerReal || real.startsWith(outerReal.endsWith(path.sep) ? outerReal : outerReal + path.sep);
}
