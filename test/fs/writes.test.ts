/**
 * Every write in src/ goes through src/0-platform/fs/atomic-write.ts: no other module calls a file-writing
 * API, except the documented append to $GITHUB_STEP_SUMMARY (GitHub's protocol is an append) and
 * the move of a user's existing git hook (a rename, atomic by itself), and the V8 code cache of the
 * bundle (src/6-front-ends/bin/compile-cache.ts), written synchronously in an exit handler where no async write
 * can run: a private cache file (temp created exclusively, then renamed), never the user's data.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/locations.js";

const WRITE_APIS =
  /\b(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|renameSync|rename|copyFile|copyFileSync|ftruncate|writeFileAtomic|openSync)\s*\(/g;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : [],
  );
}

describe("every write goes through src/0-platform/fs/atomic-write.ts", () => {
  it("no other module of src/ or rules/ calls a file-writing API, apart from the documented exemptions", () => {
    const calls: string[] = [];
    for (const file of [...files(path.join(repoRoot, "src")), ...files(path.join(repoRoot, "rules"))]) {
      const relative = path.relative(repoRoot, file);
      if (relative === path.join("src", "0-platform", "fs", "atomic-write.ts")) continue;
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(WRITE_APIS)) calls.push(`${relative}:${text.slice(0, m.index).split("\n").length} ${m[0].replace(/\s*\($/, "")}`);
    }
    expect(calls.map((c) => c.replace(/:\d+ /, " "))).toEqual([
      "src/0-platform/fs/file-lock.ts rename", // claims a stale lock directory: rename(2) is atomic
      "src/0-platform/fs/file-lock.ts rename", // puts back a live lock claimed by mistake
      "src/5-operations/install-hook.ts rename", // moves the user's own pre-commit hook aside: rename(2) is atomic
      "src/5-operations/install-hook.ts rename", // --uninstall moves it back, its bytes untouched
      "src/6-front-ends/bin/compile-cache.ts openSync", // reads a cache file (flag "r"), to check its owner on the open descriptor
      "src/6-front-ends/bin/compile-cache.ts writeFileSync", // the code cache's temp file, created exclusively ("wx")
      "src/6-front-ends/bin/compile-cache.ts renameSync", // puts the complete cache file in place: rename(2) is atomic
      "src/6-front-ends/cli/step-summary.ts appendFileSync", // $GITHUB_STEP_SUMMARY: GitHub's protocol is an append
    ]);
  });
});
