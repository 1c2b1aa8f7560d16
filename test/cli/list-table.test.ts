/**
 * `handoff list` aligns its table in terminal columns: a wide (CJK) character takes two.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import stringWidth from "string-width";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-list-"));
  mkdirSync(path.join(dir, "handoffs"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function handoff(name: string, summary: string, updated: string): void {
  writeFileSync(
    path.join(dir, "handoffs", name),
    `---\nstatus: open\nsummary: ${summary}\nupdated: ${updated}\n---\n\n# Handoff\n\n## Next steps\n\n- Run it.\n`,
  );
}

async function list(): Promise<string> {
  const cap = captureIO(dir);
  expect(await runCli(["list", "--no-config", "--now", "2026-03-02T00:00:00Z"], cap.io)).toBe(0);
  return cap.stdout();
}

describe("list", () => {
  it("aligns columns after a CJK summary", async () => {
    handoff("2026-03-01-jp.md", "認証モジュールの移行を続ける", "2026-03-01T10:00:00Z");
    handoff("2026-03-01-en.md", "Finish the export fix", "2026-03-01T09:00:00Z");
    expect(await list()).toBe(
      [
        "id             profile  store     status  branch  updated               summary                       health",
        "2026-03-01-jp  generic  handoffs  open    -       2026-03-01T10:00:00Z  認証モジュールの移行を続ける  not sealed, no findings",
        "2026-03-01-en  generic  handoffs  open    -       2026-03-01T09:00:00Z  Finish the export fix         not sealed, no findings",
        "",
      ].join("\n"),
    );
  });

  it("cuts a long wide summary to 48 columns, never through a character", async () => {
    handoff("2026-03-01-jp.md", "認".repeat(30), "2026-03-01T10:00:00Z");
    const row = (await list()).split("\n")[1] as string;
    const summary = row.slice(row.indexOf("認"), row.indexOf("…") + 1);
    expect(summary).toBe(`${"認".repeat(23)}…`);
    expect(stringWidth(summary)).toBe(47);
  });
});
