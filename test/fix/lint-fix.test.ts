/**
 * `handoff lint --fix`, `--fix-dry-run` and `--fix-type`: exact bytes before and after, idempotent,
 * never a fix on a secret's line or in the verified facts, seals kept valid.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { canaries, leaks } from "../helpers/canaries.js";
import { runHandoff } from "../helpers/run-handoff.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-fix-"));
  // The style preset turns on the whitespace rules (MD009, MD012) the default preset leaves off.
  writeFileSync(path.join(dir, "handoff.config.json"), '{ "markdownlint": "style" }\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const handoff = (...args: string[]) => runHandoff(dir, ...args);

const lines = (...l: string[]) => l.join("\n");

/** Trailing spaces on a heading and in a verified fact, extra blank lines, an asterisk bullet. */
const BEFORE = lines(
  "---",
  "status: open",
  "---",
  "",
  "# HANDOFF demo 20260301T1000Z",
  "",
  "## Goal   ",
  "",
  "Ship the fix.",
  "",
  "",
  "",
  "## Verified facts",
  "",
  "- Tests pass (`npm test`).   ",
  "",
  "## Unresolved work",
  "",
  "- The counter.",
  "",
  "## Next action",
  "",
  "* Run `npm test`.",
  "",
);

/** BEFORE fixed: the heading's spaces, the two extra blank lines, the bullet; the verified fact untouched. */
const AFTER = BEFORE.replace("## Goal   \n", "## Goal\n").replace("Ship the fix.\n\n\n\n", "Ship the fix.\n\n").replace("* Run", "- Run");

describe("handoff lint --fix", () => {
  it("applies markdownlint's fixes for the findings reported, leaves the verified facts alone, and a second run changes nothing", async () => {
    const file = path.join(dir, "HANDOFF-demo.md");
    writeFileSync(file, BEFORE);
    const first = await handoff("lint", "--fix", "HANDOFF-demo.md");
    expect(first.stderr).toBe(
      "handoff lint: HANDOFF-demo.md:15 MD009 not fixed: the line holds a secret, a verified fact or a hypothesis\nhandoff lint: HANDOFF-demo.md: fixed MD004, MD009, MD012 ×2\n",
    );
    expect(readFileSync(file, "utf8")).toBe(AFTER);
    // What is left is reported as lint reports it: the trailing spaces in the verified fact.
    expect(first.stdout).toContain("13:27  warning  Trailing spaces [Expected: 0 or 2; Actual: 3]  MD009");
    expect(first.code).toBe(0);
    const second = await handoff("lint", "--fix", "HANDOFF-demo.md");
    expect(second.stderr).toBe("handoff lint: HANDOFF-demo.md:13 MD009 not fixed: the line holds a secret, a verified fact or a hypothesis\n");
    expect(readFileSync(file, "utf8")).toBe(AFTER);
  });

  it("fixes only what the rules that are on report: with the default preset, the heading without its space (MD018) alone", async () => {
    const file = path.join(dir, "HANDOFF-demo.md");
    const broken = BEFORE.replace("## Next action", "##Next action");
    writeFileSync(file, broken);
    const result = await handoff("lint", "--no-config", "--fix", "HANDOFF-demo.md");
    expect(result.stderr).toBe("handoff lint: HANDOFF-demo.md: fixed MD018\n");
    expect(readFileSync(file, "utf8")).toBe(BEFORE);
    expect(result.stdout).toBe("✔ 1 file checked, no problems\n");
  });

  it("--fix-dry-run prints the diff on stderr and writes nothing", async () => {
    const file = path.join(dir, "HANDOFF-demo.md");
    writeFileSync(file, BEFORE);
    const result = await handoff("lint", "--fix-dry-run", "--fix-type", "markdownlint", "HANDOFF-demo.md");
    expect(result.stderr.split("\n").slice(1)).toEqual([
      "handoff lint: HANDOFF-demo.md: would fix MD004, MD009, MD012 ×2",
      "  @@ -7,1 +7,1 @@",
      "  -## Goal   ",
      "  +## Goal",
      "  @@ -11,2 +11,0 @@",
      "  -",
      "  -",
      "  @@ -23,1 +21,1 @@",
      "  -* Run `npm test`.",
      "  +- Run `npm test`.",
      "",
    ]);
    expect(readFileSync(file, "utf8")).toBe(BEFORE);
  });

  it("never touches a line holding a secret", async () => {
    const file = path.join(dir, "HANDOFF-demo.md");
    const withSecret = BEFORE.replace("Ship the fix.", `Ship the fix with ${canaries.github}   `);
    writeFileSync(file, withSecret);
    const result = await handoff("lint", "--fix", "--fix-type", "markdownlint", "HANDOFF-demo.md");
    expect(readFileSync(file, "utf8")).toBe(AFTER.replace("Ship the fix.", `Ship the fix with ${canaries.github}   `));
    expect(result.stderr).toContain("HANDOFF-demo.md:9 MD009 not fixed: the line holds a secret, a verified fact or a hypothesis");
    expect(leaks(result.stdout + result.stderr)).toEqual([]);
  });

  it("makes mixed line endings the first line's, and seals a seal that held again", async () => {
    const file = path.join(dir, "HANDOFF-demo.md");
    writeFileSync(file, AFTER.replace("---\n", "---\r\n").replace("## Goal\n", "## Goal\r\n"));
    const mixed = readFileSync(file, "utf8");
    expect((await handoff("seal", "HANDOFF-demo.md")).code).toBe(0);
    expect((await handoff("verify", "HANDOFF-demo.md")).code).toBe(0);
    const result = await handoff("lint", "--fix", "--fix-type", "line-endings,integrity", "HANDOFF-demo.md");
    expect(result.stderr).toBe("handoff lint: HANDOFF-demo.md: fixed line-endings, integrity\n");
    const after = readFileSync(file, "utf8");
    expect(after).toMatch(/^---\r\nstatus: open\r\nintegrity: sha256:[0-9a-f]{64}\r\nintegrity_frontmatter: sha256:[0-9a-f]{64}\r\n---\r\n/);
    expect(after.replace(/integrity: sha256:[0-9a-f]{64}\r\nintegrity_frontmatter: sha256:[0-9a-f]{64}\r\n/, "")).toBe(mixed.replace(/\r?\n/g, "\r\n"));
    expect((await handoff("verify", "HANDOFF-demo.md")).stdout).toMatch(
      /^HANDOFF-demo\.md: integrity ok sha256:[0-9a-f]{64} \(the body, and the frontmatter's values: integrity_frontmatter\)\n$/,
    );
  });

  it("adds missing section skeletons only with --fix-type layout, in the profile's order (so section-order stays quiet), and seals an unsealed document only when integrity is named", async () => {
    const file = path.join(dir, "HANDOFF-demo.md");
    const missing = AFTER.replace("## Unresolved work\n\n- The counter.\n\n", "");
    writeFileSync(file, missing);
    await handoff("lint", "--fix", "HANDOFF-demo.md");
    expect(readFileSync(file, "utf8")).toBe(missing);
    const result = await handoff("lint", "--fix", "--fix-type", "layout", "HANDOFF-demo.md");
    expect(result.stderr).toBe("handoff lint: HANDOFF-demo.md: fixed required-sections\n");
    expect(readFileSync(file, "utf8")).toBe(missing.replace("## Next action\n", "## Unresolved work\n\nNot recorded yet.\n\n## Next action\n"));
    expect((await handoff("lint", "--format", "json", "HANDOFF-demo.md")).stdout).not.toContain("section-order");
    await handoff("lint", "--fix", "--fix-type", "integrity", "HANDOFF-demo.md");
    expect(readFileSync(file, "utf8")).toMatch(/^---\nstatus: open\nintegrity: sha256:[0-9a-f]{64}\nintegrity_frontmatter: sha256:[0-9a-f]{64}\n---\n/);
  });

  it("refuses an unknown --fix-type and --fix with --stdin-filename", async () => {
    writeFileSync(path.join(dir, "HANDOFF-demo.md"), BEFORE);
    expect(await handoff("lint", "--fix", "--fix-type", "everything", "HANDOFF-demo.md")).toEqual({
      code: 2,
      stdout: "",
      stderr: "handoff: unknown --fix-type 'everything' (known: markdownlint, line-endings, layout, integrity)\n",
    });
    expect((await handoff("lint", "--fix", "--stdin-filename", "x.md")).code).toBe(2);
    expect(readFileSync(path.join(dir, "HANDOFF-demo.md"), "utf8")).toBe(BEFORE);
  });
});
