/**
 * Pages that describe the verified-delivery format are not linted as its record; real records in
 * Markdown still are. Look-alike documents written for these tests.
 */
import { describe, expect, it } from "vitest";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { formatJson } from "../../src/4-report/json.js";

const FULL_RECORD = `{
  "schema": "verified-delivery/handoff-v1",
  "status": "open",
  "store": "pull request description",
  "directive": "Upgrade the image pipeline and keep every thumbnail identical.",
  "authorization_boundary": { "authorized": ["edit src/images/**"], "out_of_scope": ["merge to main"] },
  "repository": "github.com/example-org/photo-site",
  "pull_request": null,
  "branch": "chore/sharp",
  "head_sha": "5b0e7c29d41f8a6e3c2b19f07d5a4e8c61b3f902",
  "completed_steps": [{ "gate": "unit tests", "verdict": "pass", "evidence": "npm test: 96 passed" }],
  "pending_steps": ["edit src/images/**"],
  "watchers": [],
  "stop_reason": "session-end",
  "updated_at": "2026-03-06T14:05:00Z"
}`;

const PLACEHOLDER_RECORD = FULL_RECORD.replace('"open"', '"open|closed"')
  .replace('"5b0e7c29d41f8a6e3c2b19f07d5a4e8c61b3f902"', '"<full-head-sha>"')
  .replace('"2026-03-06T14:05:00Z"', '"<UTC timestamp>"');

/** A README section describing the format, with an example record. */
const REFERENCE_PAGE = `# Interruption handoffs

The skill writes one record per interrupted session.

## Record format

Every record looks like this:

\`\`\`json
${PLACEHOLDER_RECORD}
\`\`\`

| field | meaning |
| --- | --- |
| head_sha | the full commit id the evidence was taken at |

## Next steps

- Read the record before touching the branch.
`;

function lint(text: string, path = "doc.md") {
  const result = lintText(path, text, createSession({ cwd: "/virtual", now: new Date("2026-03-07T00:00:00Z") }));
  expect(result.internalErrors).toEqual([]);
  return result;
}

describe("a page describing the verified-delivery format", () => {
  it("is checked as generic, says why in its profile reason, and gets no record finding", () => {
    const result = lint(REFERENCE_PAGE);
    expect(result.profile).toBe("generic");
    expect(result.profileReason).toBe(
      "describes the verified-delivery format: the record block on line 9 is an example " +
        "(placeholder values in status, head_sha, updated_at; the heading above it; the sentence introducing it; a table of fields), so it is not checked as a record",
    );
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual([]);
    expect(JSON.parse(formatJson([result])).files[0].profileReason).toBe(result.profileReason);
  });

  it("is an example with one placeholder and one page signal, or with two placeholders and none", () => {
    const one = FULL_RECORD.replace('"5b0e7c29d41f8a6e3c2b19f07d5a4e8c61b3f902"', '"<sha>"');
    expect(lint(`# Notes\n\n## Example\n\n\`\`\`json\n${one}\n\`\`\`\n`).profile).toBe("generic");
    const two = one.replace('"chore/sharp"', '"{branch}"');
    expect(lint(`# Notes\n\n\`\`\`json\n${two}\n\`\`\`\n`).profileReason).toMatch(/placeholder values in branch, head_sha;? ?\)/);
  });

  it("is an example when its block is invalid JSON with elisions, shown under a schema heading", () => {
    const elided = '{\n  "schema": "verified-delivery/handoff-v1",\n  "head_sha": <40 hex>,\n  ...\n}';
    const result = lint(`# Skill\n\n## Schema\n\n\`\`\`json\n${elided}\n\`\`\`\n\n## Next steps\n\n- Write the record.\n`);
    expect([result.profile, result.diagnostics.map((d) => d.ruleId)]).toEqual(["generic", []]);
    expect(result.profileReason).toContain("(2 placeholders or elisions in invalid JSON; the heading above it)");
  });
});

describe("a Markdown handoff carrying its own record", () => {
  it("stays a verified-delivery record without placeholders, even under an 'Example' heading", () => {
    const result = lint(`# Handoff\n\n## Example of a finished gate\n\n\`\`\`json\n${FULL_RECORD}\n\`\`\`\n`);
    expect([result.profile, result.profileReason, result.diagnostics.map((d) => d.ruleId)]).toEqual(["verified-delivery", undefined, []]);
  });

  it("stays a record with one placeholder and no page signal: the placeholder is reported", () => {
    const result = lint(`# Handoff\n\n\`\`\`json\n${FULL_RECORD.replace('"5b0e7c29d41f8a6e3c2b19f07d5a4e8c61b3f902"', '"<sha>"')}\n\`\`\`\n`);
    expect(result.profile).toBe("verified-delivery");
    expect(result.diagnostics.map((d) => `${d.ruleId} ${d.severity}`)).toEqual(["frontmatter-schema error"]);
  });

  it("stays a record as a .json file whatever its values", () => {
    expect(lint(PLACEHOLDER_RECORD, "handoff.json").profile).toBe("verified-delivery");
  });
});
