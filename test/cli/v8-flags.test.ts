/**
 * No module changes V8's flags at run time: `v8.setFlagsFromString("--no-regexp-tier-up")` after
 * start-up makes V8 run a regular expression compiled earlier (to interpreter bytecode) as if it
 * were machine code, and the process dies of SIGSEGV (Node 20: a regex run once, the flag set, the
 * regex run again). Flags belong on the node command line or nowhere.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/locations.js";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.(?:ts|mjs|js)$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

describe("V8 flags", () => {
  it("no module of src/, rules/, bin/ or scripts/ sets V8 flags at run time", () => {
    const dirs = ["src", "rules", "bin", "scripts"].map((d) => path.join(repoRoot, d)).filter((d) => existsSync(d));
    const callers = dirs.flatMap(sources).filter((file) => /\bsetFlagsFromString\b/.test(readFileSync(file, "utf8")));
    expect(callers.map((f) => path.relative(repoRoot, f))).toEqual([]);
    // The scan reads real files: src/6-front-ends/bin/main.ts is among them.
    expect(dirs.flatMap(sources).map((f) => path.relative(repoRoot, f))).toContain(path.join("src", "6-front-ends", "bin", "main.ts"));
  });
});
