import { describe } from "vitest";
import { frontmatterSchema } from "../../rules/frontmatter-schema.js";
import { ruleCases } from "../helpers/rule-tester.js";

const hatch3r = (overrides: Record<string, string | null> = {}): string => {
  const fields: Record<string, string | null> = {
    id: "2026-03-05_T0915_3fa9c_rate-limit",
    type: "handoff",
    created: '"2026-03-05T09:15:00Z"',
    updated: '"2026-03-05T11:40:00Z"',
    status: "open",
    source_agent: "claude-code",
    target_agent: "codex",
    git_ref: "main@8d3e1a7",
    branch: "main",
    confidence: "0.8",
    completeness: "0.6",
    integrity: `"sha256:${"a".repeat(64)}"`,
    ...overrides,
  };
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k}: ${v}`);
  return `---\n${lines.join("\n")}\n---\n\n## Problem\n\nx\n`;
};

const record = (overrides: Record<string, unknown> = {}, drop: string[] = []): string => {
  const data: Record<string, unknown> = {
    schema: "verified-delivery/handoff-v1",
    status: "open",
    store: ".verified-delivery/handoff.json",
    directive: "do it",
    authorization_boundary: { authorized: ["edit"], out_of_scope: [] },
    repository: "github.com/o/r",
    pull_request: null,
    branch: "main",
    head_sha: "a".repeat(40),
    completed_steps: [{ gate: "tests", verdict: "pass", evidence: "exit 0" }],
    pending_steps: [],
    watchers: [],
    stop_reason: "session-end",
    updated_at: "2026-03-06T14:05:00Z",
    ...overrides,
  };
  for (const key of drop) delete data[key];
  return `${JSON.stringify(data, null, 2)}\n`;
};

describe("frontmatter-schema (hatch3r)", () => {
  ruleCases(frontmatterSchema, [
    { name: "accepts valid hatch3r frontmatter", text: hatch3r(), expected: [] },
    {
      name: "reports a missing field at the opening fence",
      text: hatch3r({ integrity: null, branch: null }),
      expected: ["1:1 error Missing required field 'branch'", "1:1 error Missing required field 'integrity'"],
    },
    {
      name: "reports a value outside its range at the value",
      text: hatch3r({ confidence: "1.5" }),
      expected: ["11:13 error 'confidence' must be <= 1"],
    },
    {
      name: "reports a wrong type at the value",
      text: hatch3r({ completeness: '"most"' }),
      expected: ["12:15 error 'completeness' must be of type number, not string"],
    },
    {
      name: "reports an unknown status with the allowed values",
      text: hatch3r({ status: "done" }),
      expected: ["6:9 error 'status' is \"done\"; allowed: open, in-progress, blocked, handed-off, resumed, completed, archived"],
    },
    {
      name: "reports a malformed id with its hint",
      text: hatch3r({ id: "handoff-1" }),
      expected: ["2:5 error 'id' \"handoff-1\" is malformed: expected YYYY-MM-DD_THHMM_<5 lowercase hex>_<kebab-slug of 1-60 characters>, in UTC"],
    },
    {
      name: "reports an uppercase integrity digest",
      text: hatch3r({ integrity: `"sha256:${"A".repeat(64)}"` }),
      expected: [`13:12 error 'integrity' "sha256:${"A".repeat(49)}... is malformed: expected sha256: followed by 64 lowercase hex digits`],
    },
    {
      name: "keeps an unquoted timestamp as text and accepts it",
      text: hatch3r({ created: "2026-03-05T09:15:00Z" }),
      expected: [],
    },
    {
      name: "reports hatch3r frontmatter-less documents when the profile is configured",
      text: "## Problem\n\nx\n",
      profile: "hatch3r",
      expected: ["1:1 error The hatch3r profile requires YAML frontmatter; none was found"],
    },
    {
      name: "leaves broken YAML to frontmatter-syntax",
      text: "---\ntype: handoff\nsource_agent: a\nsource_agent: b\n---\n",
      profile: "hatch3r",
      expected: [],
    },
    { name: "checks nothing for profiles without a schema", text: "---\nanything: [1]\n---\n\n# T\n", expected: [] },
  ]);
});

describe("frontmatter-schema (verified-delivery)", () => {
  ruleCases(frontmatterSchema, [
    { name: "accepts a valid record", path: "r.json", text: record(), expected: [] },
    {
      name: "reports a missing field at the object",
      path: "r.json",
      text: record({}, ["watchers"]),
      expected: ["1:1 error Missing required field 'watchers'"],
    },
    {
      name: "reports a short head_sha at its property",
      path: "r.json",
      text: record({ head_sha: "abc1234" }),
      expected: ["15:3 error 'head_sha' \"abc1234\" is malformed: expected the full 40-hex commit id"],
    },
    {
      name: "reports a missing field inside a completed step",
      path: "r.json",
      text: record({ completed_steps: [{ gate: "tests", verdict: "pass" }] }),
      expected: ["17:5 error Missing required field 'evidence' in 'completed_steps[0]'"],
    },
    {
      name: "requires stop_detail for a boundary stop",
      path: "r.json",
      text: record({ stop_reason: "boundary-stop" }),
      expected: ["1:1 error Missing required field 'stop_detail'"],
    },
    {
      name: "reports a Markdown document of the profile without a record",
      text: "# Handoff\n",
      profile: "verified-delivery",
      expected: ['1:1 error No verified-delivery record found: expected a JSON object with "schema": "verified-delivery/handoff-v1"'],
    },
    {
      name: "leaves invalid JSON to record-syntax",
      path: "r.json",
      text: '{"schema": "verified-delivery/handoff-v1",}',
      expected: [],
    },
  ]);
});

describe("frontmatter-schema (a team's own profile)", () => {
  ruleCases(frontmatterSchema, [
    {
      name: "validates against the schema given in config",
      text: "---\nkind: team\nowner: 7\n---\n\n# T\n",
      config: {
        profiles: [
          {
            id: "team",
            frontmatter: { type: "object", required: ["owner", "ticket"], properties: { owner: { type: "string" } } },
            frontmatterRequired: true,
            detect: { frontmatter: { kind: "team" } },
          },
        ],
      },
      expected: ["1:1 error Missing required field 'ticket'", "3:8 error 'owner' must be of type string, not number"],
    },
  ]);
});
