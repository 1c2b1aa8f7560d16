/**
 * Crash safety of the commands that rewrite files: a child process running the built bin SIGKILLs
 * itself at a point of the atomic write (HANDOFFKIT_TEST_KILL_AT, read only by
 * src/0-platform/fs/atomic-write.ts). The file must then hold the original bytes or the complete new ones —
 * never a truncated mix — and the next run must leave no temp file behind. The cases are shared by
 * the fast tier (./crash-safety.test.ts: just before and just after the rename) and the extra tier
 * (./crash-safety.extra.test.ts: before and after the temp file is written).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { canaries } from "../helpers/canaries.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";
import { repoRoot } from "../helpers/locations.js";

/** The points of the atomic write at which the child kills itself. */
export type KillPoint = "before-temp" | "after-temp" | "before-rename" | "after-rename";
const BIN = path.join(repoRoot, "dist/bundle/main.js");

function handoff(cwd: string, args: string[], killAt?: string): ReturnType<typeof spawnSync> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
  delete env.HANDOFFKIT_TEST_KILL_AT;
  if (killAt) env.HANDOFFKIT_TEST_KILL_AT = killAt;
  return spawnSync(process.execPath, [BIN, ...args], { cwd, env, encoding: "utf8", timeout: 300_000 });
}

/**
 * Makes every temp file next to `file`, and the lock the killed process held, old enough to count
 * as stale (a crash long ago).
 */
function ageTemps(dir: string, base: string): string[] {
  const temps = readdirSync(dir).filter(
    (name) => name === `${base}.handoffkit-lock` || (name.startsWith(`${base}.`) && /^\d+(?:\.\d+)?$/.test(name.slice(base.length + 1))),
  );
  const past = new Date(Date.now() - 3_600_000);
  for (const name of temps) utimesSync(path.join(dir, name), past, past);
  return temps;
}

let repo: TempRepo | undefined;

const ORIGINAL = "---\r\ntitle: Crash test   # keep this comment\r\nstatus: open\r\n---\r\n\r\n# Handoff\r\n\r\n## Next steps\r\n\r\nRun the suite.\r\n";

/** Registers the crash-safety tests of seal, redact, lint --fix and checkpoint at each of `POINTS`. */
export function crashSafetyCases(POINTS: readonly KillPoint[]): void {
  describe("crash safety: a process killed in the middle of a write", () => {
    afterEach(() => {
      repo?.remove();
      repo = undefined;
    });
    for (const point of POINTS) {
      it(`seal killed ${point}: the file is the original or the sealed one, and the next seal leaves no temp`, () => {
        repo = createRepo("handoffkit-crash-");
        const file = path.join(repo.root, "HANDOFF.md");
        writeFileSync(file, ORIGINAL);
        const child = handoff(repo.root, ["seal", "HANDOFF.md"], point);
        expect(child.signal).toBe("SIGKILL");
        const after = readFileSync(file, "utf8");
        const sealedPattern =
          /^---\r\ntitle: Crash test {3}# keep this comment\r\nstatus: open\r\nintegrity: sha256:[0-9a-f]{64}\r\nintegrity_frontmatter: sha256:[0-9a-f]{64}\r\n---\r\n/;
        if (point === "after-rename") expect(after).toMatch(sealedPattern);
        else expect(after).toBe(ORIGINAL);
        expect(after === ORIGINAL || (sealedPattern.test(after) && after.endsWith(ORIGINAL.slice(ORIGINAL.indexOf("---\r\n\r\n# Handoff") + 3)))).toBe(true);

        ageTemps(repo.root, "HANDOFF.md");
        const rerun = handoff(repo.root, ["seal", "HANDOFF.md"]);
        expect(rerun.status).toBe(0);
        // Killed after the rename, the file is already sealed: the rerun writes nothing, so the dead
        // process's (stale) lock stays until the next write takes it over.
        expect(readdirSync(repo.root).filter((n) => n.startsWith("HANDOFF.md"))).toEqual(
          point === "after-rename" ? ["HANDOFF.md", "HANDOFF.md.handoffkit-lock"] : ["HANDOFF.md"],
        );
        expect(handoff(repo.root, ["verify", "HANDOFF.md"]).stdout).toMatch(
          /^HANDOFF\.md: integrity ok sha256:[0-9a-f]{64} \(the body, and the frontmatter's values: integrity_frontmatter\)\n$/,
        );
      });
    }

    for (const point of POINTS) {
      it(`redact killed ${point}: the file is the original or the redacted one, and the next run leaves no temp`, () => {
        repo = createRepo("handoffkit-crash-");
        const file = path.join(repo.root, "HANDOFF.md");
        const token = canaries.github;
        const original = ORIGINAL.replace("Run the suite.", `Run the suite with ${token}.`);
        const redacted = original.replace(token, "[REDACTED:github-token]");
        writeFileSync(file, original);
        const child = handoff(repo.root, ["redact", "HANDOFF.md"], point);
        expect(child.signal).toBe("SIGKILL");
        expect(readFileSync(file, "utf8")).toBe(point === "after-rename" ? redacted : original);

        ageTemps(repo.root, "HANDOFF.md");
        const rerun = handoff(repo.root, ["redact", "HANDOFF.md"]);
        expect(rerun.status).toBe(0);
        expect(rerun.stdout).toBe(point === "after-rename" ? "HANDOFF.md: nothing to redact\n" : "HANDOFF.md: redacted 1 value (github-token)\n");
        expect(readFileSync(file, "utf8")).toBe(redacted);
        expect(readdirSync(repo.root).filter((n) => n.startsWith("HANDOFF.md"))).toEqual(
          point === "after-rename" ? ["HANDOFF.md", "HANDOFF.md.handoffkit-lock"] : ["HANDOFF.md"],
        );
      });
    }

    for (const point of POINTS) {
      it(`lint --fix killed ${point}: the file is the original or the fixed one, and the next run leaves no temp`, () => {
        repo = createRepo("handoffkit-crash-");
        const file = path.join(repo.root, "HANDOFF.md");
        const original = ORIGINAL.replace("# Handoff\r\n", "# Handoff   \r\n");
        writeFileSync(file, original);
        // MD009 (trailing spaces) is on in the style preset.
        writeFileSync(path.join(repo.root, "handoff.config.json"), '{ "markdownlint": "style" }\n');
        const child = handoff(repo.root, ["lint", "--fix", "--fix-type", "markdownlint", "HANDOFF.md"], point);
        expect(child.signal).toBe("SIGKILL");
        expect(readFileSync(file, "utf8")).toBe(point === "after-rename" ? ORIGINAL : original);

        ageTemps(repo.root, "HANDOFF.md");
        const rerun = handoff(repo.root, ["lint", "--fix", "--fix-type", "markdownlint", "HANDOFF.md"]);
        expect(rerun.stderr).toBe(point === "after-rename" ? "" : "handoff lint: HANDOFF.md: fixed MD009\n");
        expect(readFileSync(file, "utf8")).toBe(ORIGINAL);
        expect(readdirSync(repo.root).filter((n) => n.startsWith("HANDOFF.md"))).toEqual(
          point === "after-rename" ? ["HANDOFF.md", "HANDOFF.md.handoffkit-lock"] : ["HANDOFF.md"],
        );
      });
    }

    for (const point of POINTS) {
      it(`checkpoint killed ${point}: the record is the original or the refreshed one, and the next run leaves no temp`, () => {
        repo = createRepo("handoffkit-crash-");
        repo.write("README.md", "hello\n");
        repo.commit("first");
        const file = path.join(repo.root, "progress.md");
        expect(handoff(repo.root, ["checkpoint", "progress.md", "--by", "tester", "--now", "2026-03-01T10:00:00Z"]).status).toBe(0);
        const original = readFileSync(file, "utf8");
        expect(original).toContain("checkpoint: 1");

        const child = handoff(repo.root, ["checkpoint", "progress.md", "--by", "tester", "--now", "2026-03-02T10:00:00Z"], point);
        expect(child.signal).toBe("SIGKILL");
        const after = readFileSync(file, "utf8");
        if (point === "after-rename") {
          expect(after).toContain("checkpoint: 2");
          expect(after).toContain("2026-03-02T10:00:00Z");
        } else expect(after).toBe(original);

        ageTemps(repo.root, "progress.md");
        expect(handoff(repo.root, ["checkpoint", "progress.md", "--by", "tester", "--now", "2026-03-03T10:00:00Z"]).status).toBe(0);
        expect(readdirSync(repo.root).filter((n) => n.startsWith("progress.md"))).toEqual(["progress.md"]);
        expect(readFileSync(file, "utf8")).toContain(point === "after-rename" ? "checkpoint: 3" : "checkpoint: 2");
      });
    }
  });
}
