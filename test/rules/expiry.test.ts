import { describe } from "vitest";
import { expiry } from "../../rules/expiry.js";
import { ruleCases } from "../helpers/rule-tester.js";

const NOW = new Date("2026-05-01T00:00:00Z");

function hatch3r(...fields: string[]): string {
  return ["---", "id: 2026-03-01_T1000_a1b2c_fix-it", "type: handoff", "source_agent: claude", ...fields, "---", "", "# Problem", ""].join("\n");
}

function generic(...fields: string[]): string {
  return ["---", ...fields, "---", "", "# Notes", ""].join("\n");
}

describe("expiry", () => {
  ruleCases(expiry, [
    {
      name: "accepts a fresh hatch3r handoff",
      text: hatch3r('created: "2026-04-20T10:00:00Z"', 'updated: "2026-04-21T10:00:00Z"'),
      now: NOW,
      expected: [],
    },
    {
      name: "reports an expired hatch3r handoff (created + 30 days) as an error",
      text: hatch3r('created: "2026-03-01T10:00:00Z"'),
      now: NOW,
      expected: [
        "5:10 error Handoff expired 2026-03-31T10:00:00Z (30 days before now, 2026-05-01T00:00:00Z; from created + 30 days); the hatch3r profile refuses to resume an expired handoff",
      ],
    },
    {
      name: "uses expires_after when present",
      text: hatch3r('created: "2026-03-01T10:00:00Z"', 'expires_after: "2026-06-01T00:00:00Z"'),
      now: NOW,
      expected: [],
    },
    {
      name: "reports an expired generic handoff as a warning",
      text: generic("created: 2026-04-01T00:00:00+02:00", "expires_after: 2026-04-30T12:00:00Z"),
      now: NOW,
      expected: [
        "3:16 warning Handoff expired 2026-04-30T12:00:00Z (12 hours before now, 2026-05-01T00:00:00Z; from expires_after); re-check its state before resuming",
      ],
    },
    {
      name: "does not age a completed handoff",
      text: hatch3r('created: "2025-01-01T00:00:00Z"', "status: completed"),
      now: NOW,
      expected: [],
    },
    {
      name: "takes the number of days from options",
      text: generic("created: 2026-04-25T00:00:00Z"),
      now: NOW,
      config: { rules: { expiry: ["warning", { days: 3 }] } },
      expected: [
        "2:10 warning Handoff expired 2026-04-28T00:00:00Z (3 days before now, 2026-05-01T00:00:00Z; from created + 3 days); re-check its state before resuming",
      ],
    },
    {
      name: "reports an impossible calendar date",
      text: generic("created: 2026-04-20T10:00:00Z", "updated: 2026-02-30T10:00:00Z"),
      now: NOW,
      expected: ["3:10 error 'updated' 2026-02-30T10:00:00Z is not a real date: February 2026 has 28 days"],
    },
    {
      name: "reports updated before created",
      text: generic("created: 2026-04-20T10:00:00Z", "updated: 2026-04-19T10:00:00Z"),
      now: NOW,
      expected: ["3:10 warning 'updated' 2026-04-19T10:00:00Z is before 'created' 2026-04-20T10:00:00Z"],
    },
    {
      name: "reports a date in the future beyond the skew, not within it",
      text: generic("created: 2026-04-30T00:00:00Z", "updated: 2026-05-01T00:04:00Z", "reviewed: x"),
      now: NOW,
      expected: [],
    },
    {
      name: "reports a date in the future",
      text: generic("created: 2026-05-02T00:00:00Z"),
      now: NOW,
      expected: ["2:10 warning 'created' 2026-05-02T00:00:00Z is in the future (now 2026-05-01T00:00:00Z)"],
    },
    {
      name: "says a date without a time zone is read as UTC",
      text: generic("created: 2026-04-29", "updated: 2026-04-30T10:00"),
      now: NOW,
      expected: ["2:10 info 'created' 2026-04-29 has no time zone; read as UTC", "3:10 info 'updated' 2026-04-30T10:00 has no time zone; read as UTC"],
    },
    {
      name: "reports a value that is not a date for profiles without a schema",
      text: generic("created: yesterday"),
      now: NOW,
      expected: ["2:10 warning 'created' \"yesterday\" is not an ISO-8601 date such as 2026-03-01T10:00:00Z"],
    },
    {
      name: "leaves a malformed hatch3r date to frontmatter-schema",
      text: hatch3r("created: yesterday"),
      now: NOW,
      expected: [],
    },
    {
      name: "checks a verified-delivery record's updated_at",
      path: "handoff.json",
      text: '{\n  "schema": "verified-delivery/handoff-v1",\n  "updated_at": "2026-13-01T00:00:00Z"\n}\n',
      now: NOW,
      expected: ["3:3 error 'updated_at' 2026-13-01T00:00:00Z is not a real date: there is no month 13"],
    },
  ]);
});
