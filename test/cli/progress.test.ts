import { describe, expect, it } from "vitest";
import { runLint } from "../../src/6-front-ends/cli/lint.js";
import { createProgress, showsProgress } from "../../src/6-front-ends/cli/progress.js";
import type { CommandIO } from "../../src/6-front-ends/cli/io.js";
import { repoRoot } from "../helpers/locations.js";

function terminal(env: NodeJS.ProcessEnv = {}, tty = { stdout: true, stderr: true }) {
  let err = "";
  let out = "";
  const io: CommandIO = {
    cwd: repoRoot,
    env,
    stdout: { write: (text: string) => (out += text), isTTY: tty.stdout },
    stderr: { write: (text: string) => (err += text), isTTY: tty.stderr },
  };
  return { io, stderr: () => err, stdout: () => out };
}

describe("progress line", () => {
  it("is shown only on a terminal outside CI", () => {
    expect(showsProgress(terminal().io)).toBe(true);
    expect(showsProgress(terminal({ CI: "false" }).io)).toBe(true);
    expect(showsProgress(terminal({ CI: "true" }).io)).toBe(false);
    expect(showsProgress(terminal({ CI: "1" }).io)).toBe(false);
    expect(showsProgress(terminal({}, { stdout: false, stderr: true }).io)).toBe(false);
    expect(showsProgress(terminal({}, { stdout: true, stderr: false }).io)).toBe(false);
  });

  it("redraws files done/total and the rate at most every 100 ms, then erases itself", () => {
    const t = terminal();
    let now = 0;
    const progress = createProgress(t.io, () => now);
    progress?.start(60);
    for (let i = 0; i < 60; i++) {
      now += 10;
      progress?.tick();
    }
    progress?.end();
    const draws = t.stderr().split("\r\x1b[K").filter(Boolean);
    // First file at 10 ms, then every 100 ms (files 11, 21, 31, 41, 51), and the last file.
    expect(draws).toEqual([
      "handoff: 1/60 files (100 files/s)",
      "handoff: 11/60 files (100 files/s)",
      "handoff: 21/60 files (100 files/s)",
      "handoff: 31/60 files (100 files/s)",
      "handoff: 41/60 files (100 files/s)",
      "handoff: 51/60 files (100 files/s)",
      "handoff: 60/60 files (100 files/s)",
    ]);
    expect(t.stderr().endsWith("\r\x1b[K")).toBe(true);
  });

  it("draws nothing for runs under 50 files", () => {
    const t = terminal();
    const progress = createProgress(t.io, () => 0);
    progress?.start(49);
    for (let i = 0; i < 49; i++) progress?.tick();
    progress?.end();
    expect(t.stderr()).toBe("");
  });

  it("runs during lint on a terminal and is gone before the report; never with CI=true", async () => {
    // 53 files: over the 50 from which it draws.
    const inputs = ["corpus/adoption-35", "corpus/hatch3r", "corpus/sno", "corpus/trust"];
    const shown = terminal();
    expect(await runLint(inputs, { format: "json", config: false, now: "2026-03-01T12:00:00Z" }, shown.io)).toBe(1);
    expect(shown.stderr()).toMatch(/^\r\x1b\[Khandoff: 1\/53 files \(\d+ files\/s\)/);
    expect(shown.stderr()).toContain("handoff: 53/53 files (");
    expect(shown.stderr().endsWith("\r\x1b[K")).toBe(true);
    const ci = terminal({ CI: "true" });
    await runLint(inputs, { format: "json", config: false, now: "2026-03-01T12:00:00Z" }, ci.io);
    expect(ci.stderr()).toBe("");
    expect(ci.stdout()).toBe(shown.stdout());
  });
});
