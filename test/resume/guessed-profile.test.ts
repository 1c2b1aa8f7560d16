/**
 * `resume` of a handoff whose profile was only guessed from its headings: shown, with the
 * profile's gaps as warnings, instead of refused; with the profile named, refused as before.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";
import { runHandoff } from "../helpers/run-handoff.js";

const GUESSED =
  "# Session notes\n\n## Verified facts\n\n- The build passes (`npm test`, exit 0).\n\n## Hypotheses\n\n- The clock.\n\n## Next action\n\nRun it.\n";
const GAP = "Missing required section 'Goal' (contract profile)";

let repo: TempRepo;
beforeEach(() => {
  repo = createRepo("handoffkit-guessed-");
  repo.write("handoffs/notes.md", GUESSED);
});
afterEach(() => repo.remove());

describe("resume with a guessed profile", () => {
  it("resumes with the gaps as warnings, saying the profile was guessed", async () => {
    const run = await runHandoff(repo.root, "resume", "--no-config", "--dry-run");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "handoff resume: handoffs/notes.md (contract)",
      "verdict: resumed (--dry-run: nothing was changed); 2 warnings",
      `warning: sections: 1:1 required-sections: ${GAP} (the contract profile was guessed from headings: set it to make this an error)`,
    ]);
    expect(run.stdout).toContain("## Hypotheses\n\n- The clock.\n");
  });

  it("refuses it when the profile is named", async () => {
    const run = await runHandoff(repo.root, "resume", "--no-config", "--dry-run", "--profile", "contract");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`refused: sections: 1:1 required-sections: ${GAP}\n`);
  });
});
