/**
 * How test files are named decides how they run (vitest.shared.ts): a file that replaces modules
 * must be `*.isolated.test.ts` (or `*.isolated.extra.test.ts`), because the other files share a
 * module graph per worker and a mock would leak into them.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/locations.js";

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : testFiles(file);
    return entry.name.endsWith(".test.ts") ? [path.relative(repoRoot, file)] : [];
  });
}

/** Calls that replace a module or a global for the rest of the file's run. */
const REPLACES = /\bvi\.(?:mock|doMock|stubGlobal|resetModules)\(/;

describe("test file names", () => {
  const files = testFiles(path.join(repoRoot, "test"));

  it("finds the test files", () => {
    expect(files.length).toBeGreaterThan(150);
  });

  it("a file that replaces modules is named *.isolated.test.ts, and every such file does", () => {
    const replacing = files.filter((file) => REPLACES.test(readFileSync(path.join(repoRoot, file), "utf8")));
    const named = files.filter((file) => /\.isolated\.(?:extra\.)?test\.ts$/.test(file));
    expect(replacing.sort()).toEqual(named.sort());
  });
});
