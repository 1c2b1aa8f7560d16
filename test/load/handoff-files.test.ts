/**
 * The one definition of a handoff file, and everything that must agree with it: directory searches,
 * `.pre-commit-hooks.yaml`, and the store listing.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverFiles } from "../../src/1-load/discover.js";
import {
  HANDOFF_EXTENSIONS,
  HANDOFF_PATH_PATTERN,
  hasHandoffExtension,
  isHandoffInDirectory,
  isHandoffPath,
  NOT_HANDOFF_PATH_PATTERN,
} from "../../src/1-load/handoff-files.js";
import { repoRoot } from "../helpers/locations.js";

/** Repository paths and whether a whole-repository search (`--staged`, the hook) lints them. */
const PATHS: ReadonlyArray<[string, boolean]> = [
  ["handoffs/2026-03-01.md", true],
  ["handoffs/notes.txt", true],
  ["handoffs/deep/er/record.json", true],
  ["Handoffs/session.md", true],
  ["docs/HANDOFFS/x.MD", true],
  [".handoffs/HANDOFF-app-20260301T0900Z.md", true],
  [".hatch3r/handoffs/active/2026-03-01_T0900_a1b2c_x.md", true],
  [".agents/handoffs/archived/y.markdown", true],
  [".verified-delivery/handoff.json", true],
  ["docs/handoff-2026-03-01.md", true],
  ["HANDOFF.md", true],
  ["notes/session_hand-off.txt", true],
  ["src/Handoff_Notes.Markdown", true],
  ["notes.md", false],
  ["README.md", false],
  ["docs/handoff-guide.pdf", false],
  ["src/handoff.ts", false],
  ["handoffs/package.json", false],
  ["handoffs/CHANGELOG.md", false],
  ["handoff.config.json", false],
  ["handoff-baseline.json", false],
  [".claude/handoff.json", false],
  ["handoffsX/a.md", false],
  ["myhandoffs/a.md", false],
];

describe("what a handoff file is", () => {
  it.each(PATHS)("%s → a handoff in a repository search: %s", (file, expected) => {
    expect(isHandoffPath(file)).toBe(expected);
  });

  it("the pattern in .pre-commit-hooks.yaml agrees with isHandoffPath on every path", () => {
    const files = new RegExp(HANDOFF_PATH_PATTERN, "i");
    const exclude = new RegExp(NOT_HANDOFF_PATH_PATTERN, "i");
    expect(PATHS.map(([file]) => [file, files.test(file) && !exclude.test(file)])).toEqual(PATHS.map(([file]) => [file, isHandoffPath(file)]));
    const yaml = readFileSync(path.join(repoRoot, ".pre-commit-hooks.yaml"), "utf8");
    expect(yaml).toContain(`  files: '(?i)${HANDOFF_PATH_PATTERN}'\n`);
    expect(yaml).toContain(`  exclude: '(?i)${NOT_HANDOFF_PATH_PATTERN}'\n`);
  });

  it("the local pre-commit hooks in the README and docs/ci.md use the same two patterns", () => {
    for (const page of ["README.md", "docs/ci.md"]) {
      const text = readFileSync(path.join(repoRoot, page), "utf8");
      expect(text, page).toContain(`        files: '(?i)${HANDOFF_PATH_PATTERN}'\n`);
      expect(text, page).toContain(`        exclude: '(?i)${NOT_HANDOFF_PATH_PATTERN}'\n`);
    }
  });

  it("extensions match in any case, and the list is the one the extension test uses", () => {
    expect(HANDOFF_EXTENSIONS.map((ext) => hasHandoffExtension(`a.${ext.toUpperCase()}`))).toEqual([true, true, true, true]);
    expect(hasHandoffExtension("a.mdx")).toBe(false);
    expect(isHandoffInDirectory("session/notes.TXT")).toBe(true);
    expect(isHandoffInDirectory("/home/me/repo/.claude/handoff.json")).toBe(false);
  });

  it("a directory search finds a .txt handoff, an upper-case extension and skips the contract's config", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-files-"));
    mkdirSync(path.join(dir, ".claude"));
    mkdirSync(path.join(dir, "Handoffs"));
    writeFileSync(path.join(dir, ".claude", "handoff.json"), '{"handoff":{"dir":"Handoffs"}}\n');
    writeFileSync(path.join(dir, "Handoffs", "session.txt"), "# s\n");
    writeFileSync(path.join(dir, "Handoffs", "LOUD.MD"), "# l\n");
    writeFileSync(path.join(dir, "Handoffs", "package.json"), "{}\n");
    const found = await discoverFiles(["."], { cwd: dir });
    expect(found.files.map((f) => path.relative(dir, f))).toEqual(["Handoffs/LOUD.MD", "Handoffs/session.txt"]);
    rmSync(dir, { recursive: true, force: true });
  });
});
