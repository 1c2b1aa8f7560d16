import { describe, expect, it } from "vitest";
import { frontmatterSchema } from "../../rules/frontmatter-schema.js";
import { recordClosedPending } from "../../rules/record-closed-pending.js";
import { recordPendingAuthorized } from "../../rules/record-pending-authorized.js";
import { recordStepEvidence } from "../../rules/record-step-evidence.js";
import { findings, ruleCases } from "../helpers/rule-tester.js";

/** A valid verified-delivery record with `overrides` merged in, pretty-printed (one key per line). */
function record(overrides: Record<string, unknown> = {}): string {
  const base = {
    schema: "verified-delivery/handoff-v1",
    status: "open",
    store: ".verified-delivery/handoff.json",
    directive: "Ship the parser fix",
    authorization_boundary: { authorized: ["tests", "open-pr"], out_of_scope: ["deploy"] },
    repository: "acme/parser",
    pull_request: null,
    branch: "fix/parser",
    head_sha: "0123456789abcdef0123456789abcdef01234567",
    completed_steps: [{ gate: "tests", verdict: "pass", evidence: "npm test: 120 passed at 0123456" }],
    pending_steps: ["open-pr"],
    watchers: [],
    stop_reason: "session-end",
    updated_at: "2026-03-01T10:00:00Z",
  };
  return `${JSON.stringify({ ...base, ...overrides }, null, 2)}\n`;
}

describe("record-closed-pending", () => {
  ruleCases(recordClosedPending, [
    { name: "accepts an open record with pending steps", path: "handoff.json", text: record(), expected: [] },
    { name: "accepts a closed record without pending steps", path: "handoff.json", text: record({ status: "closed", pending_steps: [] }), expected: [] },
    {
      name: "reports a closed record with pending steps",
      path: "handoff.json",
      text: record({ status: "closed", pending_steps: ["open-pr", "merge"] }),
      expected: [
        "26:3 error The record is closed but lists 2 pending steps: a closed record never resumes, so they would be dropped (reopen it or move them out)",
      ],
    },
  ]);
});

describe("record-pending-authorized", () => {
  ruleCases(recordPendingAuthorized, [
    {
      name: "accepts pending steps inside the boundary (case and separators ignored)",
      path: "handoff.json",
      text: record({ pending_steps: ["Open PR"] }),
      expected: [],
    },
    {
      name: "names each pending step outside the boundary, and those out of scope",
      path: "handoff.json",
      text: record({ pending_steps: ["open-pr", { gate: "merge" }, "deploy", 7] }),
      expected: [
        "28:5 warning Pending step 'merge' is not in authorization_boundary.authorized: resuming stops at this gate until the owner authorizes it",
        "31:5 warning Pending step 'deploy' is listed in authorization_boundary.out_of_scope: resuming stops at this gate",
        "32:5 warning Pending step 4 names no gate, so it cannot be checked against authorization_boundary.authorized",
      ],
    },
    {
      name: "checks a record fenced in Markdown",
      text: `# Handoff\n\n\`\`\`json\n${record({ pending_steps: ["merge"] })}\`\`\`\n`,
      expected: ["30:5 warning Pending step 'merge' is not in authorization_boundary.authorized: resuming stops at this gate until the owner authorizes it"],
    },
  ]);
});

describe("record-step-evidence", () => {
  ruleCases(recordStepEvidence, [
    { name: "accepts evidence", path: "handoff.json", text: record(), expected: [] },
    {
      name: "reports empty evidence of every kind",
      path: "handoff.json",
      text: record({
        completed_steps: [
          { gate: "tests", verdict: "pass", evidence: " " },
          { gate: "lint", verdict: "pass", evidence: null },
          { gate: "build", verdict: "pass", evidence: [] },
          { gate: "docs", verdict: "pass", evidence: { log: "docs.log" } },
        ],
      }),
      expected: [
        "23:7 error Completed step 'tests' has no evidence: a verdict without evidence cannot be trusted on re-entry",
        "28:7 error Completed step 'lint' has no evidence: a verdict without evidence cannot be trusted on re-entry",
        "33:7 error Completed step 'build' has no evidence: a verdict without evidence cannot be trusted on re-entry",
      ],
    },
    {
      name: "leaves a missing evidence key to the schema",
      path: "handoff.json",
      text: record({ completed_steps: [{ gate: "tests", verdict: "pass" }] }),
      expected: [],
    },
  ]);
});

describe("record checks the schema already makes", () => {
  it("reports boundary-stop without stop_detail and a short head_sha through frontmatter-schema", () => {
    expect(findings(frontmatterSchema, record({ stop_reason: "boundary-stop", head_sha: "0123456" }), { path: "handoff.json" })).toEqual([
      "1:1 error Missing required field 'stop_detail'",
      "18:3 error 'head_sha' \"0123456\" is malformed: expected the full 40-hex commit id",
    ]);
  });
});
