/**
 * Hostile bytes never reach a terminal raw: a heading that tries to erase the report and print a
 * fake "no problems" line, and a file name that sets the window title (OSC), through every
 * human-facing output of the CLI.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";

const ESC = "\u001b";
const FAKE = `${ESC}[1A${ESC}[2K✔ 1 file checked, no problems${ESC}[8m`;
const SHOWN = "\\x1b[1A\\x1b[2K✔ 1 file checked, no problems\\x1b[8m";
const TITLE_NAME = `h${ESC}]0;pwned\u0007.md`;
const TITLE_SHOWN = "h\\x1b]0;pwned\\x07.md";
/** A duplicated hostile heading (duplicate-section quotes it) and a token (an error: exit 1). */
const DOCUMENT = `# Notes\n\n## ${FAKE}\n\none\n\n## ${FAKE}\n\ntwo\n\n## Next steps\n\nUse ghp_${"aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5"} \u202eevil\u202c here.\n`;
/** Any control character a terminal acts on (C0 but LF, DEL, C1) or a bidi control. */
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-escape-"));
  writeFileSync(path.join(dir, "handoff.md"), DOCUMENT);
  writeFileSync(path.join(dir, TITLE_NAME), "# Notes\n\n- TODO no next step\n");
  writeFileSync(path.join(dir, "resume.md"), `# Notes\n\n## ${FAKE}\n\nRun ${ESC}]0;pwned\u0007 now.\n\n## Next steps\n\n- run it\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const cap = captureIO(dir);
  const code = await runCli(argv, cap.io);
  return { code, out: cap.stdout(), err: cap.stderr() };
}

describe("control characters never reach a terminal raw", () => {
  it("stylish: the hostile heading is shown escaped, the real summary stands, exit 1", async () => {
    const { code, out, err } = await run(["lint", "--no-markdownlint", "handoff.md"]);
    expect(code).toBe(1);
    expect(out).toContain(`warning  Duplicate section '${SHOWN}' (first on line 3)  duplicate-section`);
    expect(out).toMatch(/✖ \d+ problems? \(\d+ errors?, /);
    expect(RAW.test(out + err)).toBe(false);
  });

  it("stylish with colour: only our own colour sequences are raw", async () => {
    const { out } = await run(["lint", "--no-markdownlint", "--color", "handoff.md"]);
    expect(out).toContain(SHOWN);
    expect(out.replace(/\u001b\[\d+m/g, "")).not.toMatch(RAW);
  });

  it("stylish and github: a file name with an OSC sequence cannot set the terminal title", async () => {
    for (const format of ["stylish", "github"]) {
      const { out, err } = await run(["lint", "--no-markdownlint", "--format", format, TITLE_NAME]);
      expect(out).toContain(format === "github" ? "file=h\\x1b]0;pwned\\x07.md" : TITLE_SHOWN);
      expect(RAW.test(out + err)).toBe(false);
    }
  });

  it("github annotations show the heading escaped", async () => {
    const { out } = await run(["lint", "--no-markdownlint", "--format", "github", "handoff.md"]);
    expect(out).toContain(`::warning file=handoff.md,line=7,col=1,endLine=7,endColumn=`);
    expect(out).toContain(`::Duplicate section '${SHOWN}' (first on line 3)`);
    expect(RAW.test(out)).toBe(false);
  });

  it("error messages: a hostile input name is shown escaped on stderr", async () => {
    const { code, err } = await run(["lint", `missing${ESC}]0;x\u0007.md`]);
    expect(code).toBe(2);
    expect(err).toBe("handoff: no files match 'missing\\x1b]0;x\\x07.md'\n");
  });

  it("resume: the user-tier content is escaped, in text and in JSON", async () => {
    const text = await run(["resume", "--no-git", "--dry-run", "resume.md"]);
    expect(text.code).toBe(0);
    expect(text.out).toContain(`## ${SHOWN}\n\nRun \\x1b]0;pwned\\x07 now.\n`);
    expect(RAW.test(text.out)).toBe(false);
    const json = JSON.parse((await run(["resume", "--no-git", "--dry-run", "--format", "json", "resume.md"])).out) as {
      userTier: string;
      parts: Array<{ title: string }>;
    };
    expect(json.userTier).toContain(`## ${SHOWN}`);
    expect(json.parts.map((p) => p.title)).toContain(SHOWN);
  });

  it("resume: a refusal (the bidi override) prints its reasons escaped", async () => {
    const { code, out } = await run(["resume", "--no-git", "--dry-run", "handoff.md"]);
    expect(code).toBe(1);
    expect(out).toMatch(/^handoff resume: refused handoff\.md \(generic\)\nverdict: refused .*\nrefused: injection: 13:46 injection-hidden-content: /);
    expect(RAW.test(out)).toBe(false);
  });

  it("list: the table shows a hostile heading (the summary) escaped", async () => {
    const { out } = await run(["list", "--dir", "."]);
    expect(out).toContain(TITLE_SHOWN.replace(/\.md$/, ""));
    expect(RAW.test(out)).toBe(false);
  });
});
