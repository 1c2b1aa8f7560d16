import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { discoverFiles, type DiscoverOptions } from "../../src/1-load/discover.js";
import { isWellKnownNonHandoff } from "../../src/1-load/handoff-files.js";

let cwd: string;

function write(relative: string, content = "# x\n"): void {
  const file = path.join(cwd, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Discovery with paths shown relative to the temporary cwd. */
async function discover(inputs: string[], options: Omit<DiscoverOptions, "cwd"> = {}) {
  const found = await discoverFiles(inputs, { ...options, cwd });
  return { files: found.files.map((f) => path.relative(cwd, f)), unmatched: found.unmatched };
}

beforeEach(() => {
  cwd = mkdtempSync(path.join(os.tmpdir(), "handoffkit-discover-"));
});
afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

describe("discoverFiles", () => {
  it("searches a directory recursively for .md, .markdown, .txt and .json, sorted by path", async () => {
    for (const f of ["h/b.md", "h/a.markdown", "h/sub/c.txt", "h/sub/d.json", "h/e.png", "h/f.yaml", "h/.hidden/g.md"]) write(f);
    expect(await discover(["h"])).toEqual({
      files: ["h/.hidden/g.md", "h/a.markdown", "h/b.md", "h/sub/c.txt", "h/sub/d.json"],
      unmatched: [],
    });
  });

  it("never searches node_modules or .git", async () => {
    for (const f of ["h/a.md", "h/node_modules/x/readme.md", "h/.git/notes.md"]) write(f);
    expect((await discover(["h"])).files).toEqual(["h/a.md"]);
  });

  it("expands a glob relative to cwd", async () => {
    for (const f of ["notes/2026/HANDOFF-a.md", "notes/2026/todo.md", "notes/HANDOFF-b.md", "HANDOFF-c.md"]) write(f);
    expect(await discover(["notes/**/HANDOFF*.md"])).toEqual({
      files: ["notes/2026/HANDOFF-a.md", "notes/HANDOFF-b.md"],
      unmatched: [],
    });
  });

  it("honours .gitignore and .handoffignore for directories and globs", async () => {
    write(".gitignore", "drafts/\n");
    write(".handoffignore", "*.txt\n!keep.txt\n");
    for (const f of ["h/a.md", "h/drafts/b.md", "h/c.txt", "h/keep.txt", "drafts/d.md"]) write(f);
    expect((await discover(["h"])).files).toEqual(["h/a.md", "h/keep.txt"]);
    expect((await discover(["**/*.md"])).files).toEqual(["h/a.md"]);
  });

  it("honours config ignores, and skips ignore files when told to", async () => {
    write(".handoffignore", "h/b.md\n");
    for (const f of ["h/a.md", "h/b.md", "h/archive/c.md"]) write(f);
    expect((await discover(["h"], { ignores: ["archive/"] })).files).toEqual(["h/a.md"]);
    expect((await discover(["h"], { useIgnoreFiles: false })).files).toEqual(["h/a.md", "h/archive/c.md", "h/b.md"]);
  });

  it("lints a file named explicitly even when ignored or of another extension", async () => {
    write(".gitignore", "secret-notes.md\n");
    for (const f of ["secret-notes.md", "handoff.yaml"]) write(f);
    expect(await discover(["secret-notes.md", "handoff.yaml", "."])).toEqual({
      files: ["handoff.yaml", "secret-notes.md"],
      unmatched: [],
    });
  });

  it("takes an existing file name literally even when it looks like a glob", async () => {
    write("[draft].md");
    write("d.md");
    expect((await discover(["[draft].md"])).files).toEqual(["[draft].md"]);
  });

  it("lists a file once when several inputs name it", async () => {
    write("h/a.md");
    expect((await discover(["h", "h/a.md", "h/*.md"])).files).toEqual(["h/a.md"]);
  });

  it("reports inputs that match nothing: a missing path, a glob without matches, an empty directory", async () => {
    mkdirSync(path.join(cwd, "empty"));
    write("h/a.md");
    expect(await discover(["missing.md", "nothing/**/*.md", "empty", "h"])).toEqual({
      files: ["h/a.md"],
      unmatched: ["missing.md", "nothing/**/*.md", "empty"],
    });
  });

  it("does not report a directory whose files are all ignored as unmatched", async () => {
    write(".handoffignore", "old/\n");
    write("old/a.md");
    expect(await discover(["old"])).toEqual({ files: [], unmatched: [] });
  });

  it("keeps links to files and dangling links (so they get a diagnostic) but does not enter linked directories", async () => {
    write("real/a.md");
    write("h/b.md");
    symlinkSync(path.join(cwd, "real"), path.join(cwd, "h", "linked-dir"));
    symlinkSync(path.join(cwd, "real", "a.md"), path.join(cwd, "h", "link.md"));
    symlinkSync(path.join(cwd, "gone.md"), path.join(cwd, "h", "dangling.md"));
    expect((await discover(["h"])).files).toEqual(["h/b.md", "h/dangling.md", "h/link.md"]);
    expect(await discover(["h/dangling.md"])).toEqual({ files: ["h/dangling.md"], unmatched: [] });
  });
});

describe("well-known files that are not handoffs", () => {
  it.each([
    ["package.json", true],
    ["package-lock.json", true],
    ["tsconfig.build.json", true],
    [".eslintrc.json", true],
    ["config.schema.json", true],
    ["CHANGELOG.md", true],
    ["LICENSE.txt", true],
    ["CODE_OF_CONDUCT.md", true],
    ["requirements-dev.txt", true],
    ["HANDOFF.md", false],
    ["handoff.json", false],
    ["session-notes.txt", false],
    ["060-voice-assistant-handoff-json.json", false],
    ["README.md", false],
  ])("%s → skipped in directory searches: %s", (name, skipped) => {
    expect(isWellKnownNonHandoff(name)).toBe(skipped);
  });
});

describe("default inputs", () => {
  it("are every handoff store that exists, else the working directory", async () => {
    const { defaultInputs } = await import("../../src/5-operations/store/resolve.js");
    const dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-default-"));
    expect(defaultInputs(dir, {})).toEqual(["."]);
    mkdirSync(path.join(dir, "handoffs"));
    expect(defaultInputs(dir, {})).toEqual(["handoffs"]);
    mkdirSync(path.join(dir, ".hatch3r", "handoffs"), { recursive: true });
    expect(defaultInputs(dir, {})).toEqual([".hatch3r/handoffs", "handoffs"]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("a directory search skips package.json, an explicit path does not", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-nonhandoff-"));
    writeFileSync(path.join(dir, "package.json"), "{}\n");
    writeFileSync(path.join(dir, "HANDOFF.md"), "# H\n");
    expect((await discoverFiles(["."], { cwd: dir })).files.map((f) => path.basename(f))).toEqual(["HANDOFF.md"]);
    expect((await discoverFiles(["package.json"], { cwd: dir })).files.map((f) => path.basename(f))).toEqual(["package.json"]);
    rmSync(dir, { recursive: true, force: true });
  });
});
