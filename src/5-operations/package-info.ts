/**
 * The package's own version and root folder, read from its package.json (found upward from this module, so it
 * works from `src/` under the test runner and from `dist/` when installed).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let cached: { root: string; version: string } | undefined;

function locate(): { root: string; version: string } {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "handoffkit" && pkg.version) {
        cached = { root: dir, version: pkg.version };
        return cached;
      }
    } catch {
      // not here; go up
    }
    dir = path.dirname(dir);
  }
  cached = { root: process.cwd(), version: "0.0.0" };
  return cached;
}

/** handoffkit's version, e.g. `0.1.0`. */
export function packageVersion(): string {
  return locate().version;
}

/** The package's root folder (holding package.json, `templates/`, `schemas/`, `rules/*.md`). */
export function packageRoot(): string {
  return locate().root;
}
