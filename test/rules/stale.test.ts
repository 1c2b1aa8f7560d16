import { describe } from "vitest";
import { stale } from "../../rules/stale.js";
import { ruleCases } from "../helpers/rule-tester.js";

const now = new Date("2026-12-01T00:00:00Z");
const NOTICE = "it may no longer match the repository; check what it describes before acting on it";

describe("stale", () => {
  ruleCases(stale, [
    {
      name: "reports a 'Last updated' line older than 30 days, once, at the newest stated date",
      text: "# Handoff\n\nLast updated: 2026-06-20. Branch: main.\n\n## Archive\n\nLast updated: 2026-05-28.\n",
      now,
      expected: [
        `3:15 info The handoff states its date as 2026-06-20 (Last updated, line 3), about 5 months (164 days) before now (2026-12-01T00:00:00Z): ${NOTICE}`,
      ],
    },
    {
      name: "reads bold labels, other languages and date shapes",
      text: "# Übergabe\n\n**Stand:** 20.10.2026\n\n- **日期**: 2026年10月1日\n",
      now,
      expected: [`3:12 info The handoff states its date as 20.10.2026 (Stand, line 3), 42 days before now (2026-12-01T00:00:00Z): ${NOTICE}`],
    },
    {
      name: "reads last-updated labels in simplified and traditional Chinese, Estonian and Catalan",
      text: "# 项目交接\n\n> 最后更新：2026-05-28\n\n**最後更新**：2026年5月20日\n\n**Viimati uuendatud:** 2026-05-10\n\nÚltima actualització: 2026-05-01\n",
      now,
      expected: [
        `3:8 info The handoff states its date as 2026-05-28 (最后更新, line 3), about 6 months (187 days) before now (2026-12-01T00:00:00Z): ${NOTICE}`,
      ],
    },
    {
      name: "reads a date opening a line as an update stamp, not a dated log entry of a sentence",
      text: "# 交接文件\n\n> **2026-08-05 更新。** 又做了一輪審查。\n\n- 2026-09-01 the parser was rewritten\n\n**2026-07-01 update:** CI green.\n",
      now,
      expected: [
        `3:5 info The handoff states its date as 2026-08-05 (update stamp, line 3), about 4 months (118 days) before now (2026-12-01T00:00:00Z): ${NOTICE}`,
      ],
    },
    {
      name: "reads a dated title, an 'As of' line, a 'Last updated' heading and a table row",
      text: "# Handoff — 2026-04-18 session close\n\nAs of March 3, 2026, the build is green.\n\n## Last Updated\n\n2026-02-11 after the review.\n\n| Last updated | 2026-01-05 |\n| --- | --- |\n",
      now,
      expected: [`1:13 info The handoff states its date as 2026-04-18 (title, line 1), about 7 months (227 days) before now (2026-12-01T00:00:00Z): ${NOTICE}`],
    },
    {
      name: "reads frontmatter dates that expiry does not, and names a relative ETA",
      text: "---\nlast_updated: 2026-01-19\n---\n\n# Memo\n\nMigration running, ETA 45 minutes.\n",
      now,
      expected: [
        `2:15 info The handoff states its date as 2026-01-19 (frontmatter last_updated, line 2), about 10 months (316 days) before now (2026-12-01T00:00:00Z): ${NOTICE}; its ETA 45 minutes (line 7) ran from that date`,
      ],
    },
    {
      name: "takes an ETA date as a stated date",
      text: "# Plan\n\nRelease ETA: 2026-09-01.\n",
      now,
      expected: [`3:14 info The handoff states its date as 2026-09-01 (ETA, line 3), about 3 months (91 days) before now (2026-12-01T00:00:00Z): ${NOTICE}`],
    },
    {
      name: "says nothing within the age (option days), for dates inside code or in a sentence, or without any date",
      text: "# Handoff\n\nDate: 2026-11-20\n\n```\nLast updated: 2020-01-01\n```\n\nThe bug appeared on 2025-01-01 in production.\n",
      now,
      expected: [],
    },
    {
      name: "honours the days option",
      text: "# Handoff\n\nDate: 2026-11-20\n",
      now,
      config: { rules: { stale: ["info", { days: 7 }] } },
      expected: [`3:7 info The handoff states its date as 2026-11-20 (Date, line 3), 11 days before now (2026-12-01T00:00:00Z): ${NOTICE}`],
    },
    {
      name: "leaves documents with created/updated/expires_after frontmatter to expiry, and finished ones alone",
      text: "---\ncreated: 2026-01-01T00:00:00Z\n---\n\n# H\n\nLast updated: 2026-01-02\n",
      now,
      expected: [],
    },
    {
      name: "leaves a handoff whose frontmatter marks it historical alone",
      text: "---\nstatus: HISTORICAL\n---\n\n# H\n\nLast updated: 2026-01-02\n",
      now,
      expected: [],
    },
    {
      name: "leaves a handoff under an archive folder alone",
      path: "docs/handoffs/archive/2026-q1/session.md",
      text: "# Session handoff\n\nLast updated: 2026-01-02\n",
      now,
      expected: [],
    },
    {
      name: "leaves a handoff whose head says it was superseded alone",
      text: "# Session handoff\n\n> Superseded by `2026-03-01-handoff.md`.\n\nLast updated: 2026-01-02\n\n## Next steps\n\n- x\n",
      now,
      expected: [],
    },
    {
      name: "still reports a handoff that supersedes others, a completed phase, or a superseded section",
      text:
        "# Handoff\n\n_Last updated: 2026-08-14. Supersedes all earlier notes._\n\n**Status:** Phase 1 complete\n\n" +
        "## Snapshot (2026-06-27, superseded)\n\nold\n",
      now,
      expected: [
        `3:16 info The handoff states its date as 2026-08-14 (Last updated, line 3), about 4 months (109 days) before now (2026-12-01T00:00:00Z): ${NOTICE}`,
      ],
    },
    {
      name: "leaves a finished handoff alone (status completed, archived, closed or done)",
      text: "---\nstatus: done\n---\n\n# H\n\nLast updated: 2026-01-02\n",
      now,
      expected: [],
    },
    {
      name: "reads a JSON handoff file's top-level date keys, at the newest date, in the value",
      path: "handoff.json",
      text: '{\n  "title": "Queue rework",\n  "createdAt": "2026-02-01",\n  "generated_at": "2026-03-08T19:27:00Z",\n  "notes": { "date": "2026-10-30" },\n  "summary": "updated 2026-10-01"\n}\n',
      now,
      expected: [
        `4:20 info The handoff states its date as 2026-03-08T19:27 (record generated_at, line 4), about 9 months (267 days) before now (2026-12-01T00:00:00Z): ${NOTICE}`,
      ],
    },
    {
      name: "leaves a closed JSON record alone",
      path: "handoff.json",
      text: '{ "status": "closed", "updated_at": "2026-01-02T10:00:00Z" }\n',
      now,
      expected: [],
    },
    {
      name: "ignores future dates (a plan) when a past one is newer than the age",
      text: "# Plan\n\nDate: 2026-11-25\n\n## Update 2027-02-01\n",
      now,
      expected: [],
    },
  ]);
});
