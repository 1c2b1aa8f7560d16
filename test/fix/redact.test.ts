/**
 * `handoff redact` and the redaction planner: exact bytes before and after, idempotent, sealed
 * documents sealed again, the dry run's diff masked.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { canaries, leaks } from "../helpers/canaries.js";
import { runHandoff } from "../helpers/run-handoff.js";

const { github, awsId, stripe } = canaries;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-redact-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const handoff = (...args: string[]) => runHandoff(dir, ...args);

/** A handoff with CRLF line endings, a comment in the frontmatter, `token` as a whole frontmatter value and `nextSteps` in the body. */
const handoffText = (token: string, nextSteps: string) =>
  ["---", "title: Deploy notes   # keep this comment", `token: ${token}`, "status: open", "---", "", "# Handoff", "", "## Next steps", "", nextSteps, ""].join(
    "\r\n",
  );

/** A secret as a whole frontmatter value, two in the body. */
const ORIGINAL = handoffText(github, `Run \`aws s3 ls\` with key ${awsId}, then charge with "${stripe}".`);

const REDACTED = handoffText(
  '"[REDACTED:github-token]"',
  'Run `aws s3 ls` with key [REDACTED:aws-access-key-id], then charge with "[REDACTED:stripe-secret-key]".',
);

describe("handoff redact", () => {
  it("replaces each secret by its kind's marker and changes no other byte; a second run changes nothing", async () => {
    const file = path.join(dir, "HANDOFF.md");
    writeFileSync(file, ORIGINAL);
    const first = await handoff("redact", "HANDOFF.md");
    expect(first).toEqual({ code: 0, stdout: "HANDOFF.md: redacted 3 values (github-token, aws-access-key-id, stripe-secret-key)\n", stderr: "" });
    expect(readFileSync(file, "utf8")).toBe(REDACTED);
    const second = await handoff("redact", "HANDOFF.md");
    expect(second).toEqual({ code: 0, stdout: "HANDOFF.md: nothing to redact\n", stderr: "" });
    expect(readFileSync(file, "utf8")).toBe(REDACTED);
    expect((await handoff("lint", "--only", "no-secrets", "HANDOFF.md")).code).toBe(0);
  });

  it("keeps a BOM and seals a sealed document again, so it verifies", async () => {
    const file = path.join(dir, "HANDOFF.md");
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(ORIGINAL)]));
    expect((await handoff("seal", "--force", "HANDOFF.md")).code).toBe(0);
    const sealed = readFileSync(file);
    const result = await handoff("redact", "HANDOFF.md");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^HANDOFF\.md: redacted 3 values \(github-token, aws-access-key-id, stripe-secret-key\), sealed again sha256:[0-9a-f]{64}\n$/,
    );
    const after = readFileSync(file);
    expect([...after.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const digest = /sealed again (sha256:[0-9a-f]{64})/.exec(result.stdout)![1];
    expect(after.subarray(3).toString("utf8")).toMatch(/\r\nintegrity_frontmatter: sha256:[0-9a-f]{64}\r\n/);
    expect(
      after
        .subarray(3)
        .toString("utf8")
        .replace(/integrity_frontmatter: sha256:[0-9a-f]{64}\r\n/, ""),
    ).toBe(REDACTED.replace("status: open\r\n", `status: open\r\nintegrity: ${digest}\r\n`));
    expect(sealed.toString("utf8")).toContain("integrity: sha256:");
    expect((await handoff("verify", "HANDOFF.md")).stdout).toBe(
      `HANDOFF.md: integrity ok ${digest} (the body, and the frontmatter's values: integrity_frontmatter)\n`,
    );
  });

  it("#11 does not seal again a document whose seal was already broken: the tampering stays visible", async () => {
    const file = path.join(dir, "HANDOFF.md");
    writeFileSync(file, ORIGINAL);
    expect((await handoff("seal", "--force", "HANDOFF.md")).code).toBe(0);
    const sealed = readFileSync(file, "utf8");
    const recorded = /integrity: (sha256:[0-9a-f]{64})/.exec(sealed)![1];
    writeFileSync(file, sealed.replace("then charge", "then wire the money and charge"));
    const result = await handoff("redact", "HANDOFF.md");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      "HANDOFF.md: redacted 3 values (github-token, aws-access-key-id, stripe-secret-key); its seal did not hold before (integrity mismatch) and was not renewed\n",
    );
    expect(readFileSync(file, "utf8")).toContain(`integrity: ${recorded}\r\n`);
    const verify = await handoff("verify", "HANDOFF.md");
    expect(verify.code).toBe(1);
    expect(verify.stdout).toMatch(/^HANDOFF\.md: integrity mismatch: the body changed after sealing/);
  });

  it("--dry-run prints the changed lines, the old ones masked, and writes nothing", async () => {
    const file = path.join(dir, "HANDOFF.md");
    writeFileSync(file, ORIGINAL);
    const result = await handoff("redact", "--dry-run", "HANDOFF.md");
    expect(result.code).toBe(1);
    const lines = result.stdout.split("\n");
    expect(lines.filter((l) => !l.startsWith("  -"))).toEqual([
      "HANDOFF.md: would redact 3 values (github-token, aws-access-key-id, stripe-secret-key)",
      "  @@ -3,1 +3,1 @@",
      '  +token: "[REDACTED:github-token]"\\r',
      "  @@ -11,1 +11,1 @@",
      '  +Run `aws s3 ls` with key [REDACTED:aws-access-key-id], then charge with "[REDACTED:stripe-secret-key]".\\r',
      "",
    ]);
    expect(lines.filter((l) => l.startsWith("  -")).map((l) => l.slice(0, 12))).toEqual(["  -token: gh", "  -Run `aws "]);
    expect(leaks(result.stdout)).toEqual([]);
    expect(readFileSync(file, "utf8")).toBe(ORIGINAL);
  });

  it("redacts inside a JSON record and leaves it valid JSON", async () => {
    const record = `{\n  "schema": "verified-delivery/handoff-v1",\n  "note": "token ${github} here"\n}\n`;
    writeFileSync(path.join(dir, "handoff.json"), record);
    expect((await handoff("redact", "handoff.json")).stdout).toBe("handoff.json: redacted 1 value (github-token)\n");
    const after = readFileSync(path.join(dir, "handoff.json"), "utf8");
    expect(after).toBe(record.replace(github, "[REDACTED:github-token]"));
    expect(JSON.parse(after).note).toBe("token [REDACTED:github-token] here");
  });

  it("says so for a file with nothing to redact and for one it cannot read", async () => {
    writeFileSync(path.join(dir, "clean.md"), "# Handoff\n\n## Next steps\n\nRun the suite.\n");
    const result = await handoff("redact", "clean.md", "missing.md");
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/^clean\.md: nothing to redact\nmissing\.md: cannot redact: .+\n$/);
  });
});
