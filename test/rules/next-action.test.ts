import { describe } from "vitest";
import { nextAction } from "../../rules/next-action.js";
import { ruleCases } from "../helpers/rule-tester.js";

describe("next-action", () => {
  ruleCases(nextAction, [
    { name: "accepts a generic handoff with next steps", text: "# H\n\n## Next steps\n\n1. Run `npm test`.\n", expected: [] },
    {
      name: "recognises numbered, emoji and other-language headings",
      text: "# H\n\n## 🔜 3. Próximos pasos\n\n- seguir\n",
      expected: [],
    },
    {
      name: "warns when a generic handoff shows pending work but no next step, at the first body line, naming the pending work",
      text: "---\nowner: me\n---\n\n# H\n\n## Current state\n\n- parser: done\n- exporter: TODO wire the CSV writer\n\n## Blockers\n\nThe CI runner is down.\n",
      expected: [
        "4:1 warning No next-action section, though work is pending (a blockers section 'Blockers'; a TODO or FIXME marker): say what the next session should do first (e.g. '## Next steps')",
      ],
    },
    {
      name: "takes unchecked task items for the next steps: a checklist states them (English, Japanese, Vietnamese)",
      text: "# H\n\n## Current state\n\n- [x] parser\n- [ ] exporter\n\n## 引き継ぎ\n\n- [ ] テストを直す\n\n## Việc còn lại\n\n- [ ] Sửa lỗi đăng nhập\n\n## Blockers\n\nThe CI runner is down.\n",
      expected: [],
    },
    {
      name: "reads a blockers section that says there are none, in brackets or with a qualifier, as nothing pending",
      text: "# Journal\n\n## 2026-03-24\n\n### Блокеры\n\n- (пока нет)\n\n## 2026-03-23\n\n### Blockers\n\nNone so far.\n\n## 2026-03-22\n\n### 阻塞\n\n暂无\n",
      expected: [],
    },
    {
      name: "does not read risks, a TODO file name or an arrow after TODO as pending work",
      text: "# H\n\n## Risks and limitations\n\nThe cache may grow.\n\n## 风险\n\n- 行数接近上限\n\n## Notes\n\nSee TODO.md; TODO → kanban board.\n",
      expected: [],
    },
    {
      name: "names at most two signs of pending work, then how many more",
      text: "# H\n\n## Open questions\n\n- which cache?\n\n## Exporter (WIP)\n\nhalf\n\n## Blockers\n\nThe runner is down.\n\n## Notes\n\n- docs\n- FIXME the flaky test\n",
      expected: [
        "1:1 warning No next-action section, though work is pending (an open-questions section 'Open questions'; the heading 'Exporter (WIP)' marks unfinished work; 2 more): say what the next session should do first (e.g. '## Next steps')",
      ],
    },
    {
      name: "does not ask a reference handover with nothing pending for a next step",
      text: "# Service handover\n\n## How it runs\n\nA cron job at 06:00.\n\n## Key files\n\n- `src/job.ts`\n\n## Known pitfalls\n\nThe token expires yearly.\n",
      expected: [],
    },
    {
      name: "reads parked open questions as nothing pending",
      text: "# Design note\n\n## Status\n\nNot active.\n\n## Open questions (deferred until the pilot)\n\n- storage?\n",
      expected: [],
    },
    {
      name: "reads a blocker on hold as nothing pending",
      text: "# H\n\n## Blockers (on hold)\n\n- vendor API\n\n## Risks\n\nnone\n",
      expected: [],
    },
    {
      name: "reads blockers as pending work",
      text: "# H\n\n## Blockers\n\n- vendor API\n",
      expected: [
        "1:1 warning No next-action section, though work is pending (a blockers section 'Blockers'): say what the next session should do first (e.g. '## Next steps')",
      ],
    },
    {
      name: "reads a TODO marker in a heading written in Chinese as pending work",
      text: "# 交接\n\n## 组件状态\n\n### 图表（页面待完善）\n\n已加入导航。\n",
      expected: [
        "1:1 warning No next-action section, though work is pending (the heading '图表（页面待完善）' marks unfinished work): say what the next session should do first (e.g. '## Next steps')",
      ],
    },
    {
      name: "takes a bold label that names the next step, with no finding",
      text: "# H\n\n## Status\n\n- [ ] exporter\n\n**Recommended next step:** wire the exporter into the CLI.\n",
      expected: [],
    },
    {
      name: "takes a bold label paragraph followed by a list, and a label line ending with a colon",
      text: "# H\n\n## Status\n\n- [ ] a\n\n**Next steps**\n\n1. wire it\n",
      expected: [],
    },
    {
      name: "takes a line-start label ending with a colon, in another language",
      text: "# H\n\n## Estado\n\n- [ ] exportador\n\nPróximos pasos:\n\nconectar el exportador.\n",
      expected: [],
    },
    {
      name: "takes a to-do label in a list item (Chinese, full-width colon)",
      text: "# H\n\n## 任务总结\n\n- 重构完成。\n- 待办：回填摘要。\n\n## 注意事项\n\n### 导出（待完善）\n\nx\n",
      expected: [],
    },
    {
      name: "takes a label line at the top of a paragraph in a plain-text handover (no headings)",
      text: "Stage 1 handover\n\nKnown gaps\n- [ ] workers are in-memory only\n\nRecommended next step\nStart stage 2 with the worker manager.\n",
      expected: [],
    },
    {
      name: 'does not take a label that says there is nothing ("Features remaining: 0")',
      text: "# H\n\n## Status\n\nFeatures remaining: 0\n\n**Next steps:** none\n\n## Bugs (WIP)\n\nx\n",
      expected: [
        "1:1 warning No next-action section, though work is pending (the heading 'Bugs (WIP)' marks unfinished work): say what the next session should do first (e.g. '## Next steps')",
      ],
    },
    {
      name: "does not take bold text alone in a list item, a field name in code or a sentence for a label",
      text: "# H\n\n## Output rule\n\n- **Next action**\n- **Why**\n\n`tasks[]`: the queue\n\nThe next steps are obvious.\n\n## Parser (in progress)\n\nx\n",
      expected: [
        "1:1 warning No next-action section, though work is pending (the heading 'Parser (in progress)' marks unfinished work): say what the next session should do first (e.g. '## Next steps')",
      ],
    },
    {
      name: "does not add a finding when an unclosed fence turns the rest into code (unclosed-fence reports it)",
      text: "# H\n\n## Blockers\n\nCI is down.\n\n```sh\nnpm test\n\n## Next steps\n\n1. Fix CI.\n",
      expected: [],
    },
    {
      name: "still judges a document whose unclosed fence comes after its next step",
      text: "# H\n\n## Next steps\n\n- TBD\n\n## Log\n\n```sh\nnpm test\n",
      expected: ["3:1 warning The next-action section 'Next steps' is empty"],
    },
    {
      name: "warns when a generic handoff's next steps are empty",
      text: "# H\n\n## Next steps\n\n- TBD\n",
      expected: ["3:1 warning The next-action section 'Next steps' is empty"],
    },
    {
      name: "accepts when any of several next-action sections has content",
      text: "# H\n\n## Next steps\n\nTBD\n\n## What's next\n\n- deploy\n",
      expected: [],
    },
    {
      name: "is an error when a formal profile's next action is empty",
      text: "# HANDOFF api v1\n\n## Goal\n\ng\n\n## Next action\n\nTODO\n",
      expected: ["7:1 error The next-action section 'Next action' is empty"],
    },
    {
      name: "leaves a formal profile's missing next action to required-sections",
      text: "# HANDOFF api v1\n\n## Goal\n\ng\n",
      expected: [],
    },
    {
      name: "does not apply to a sno cutover brief",
      text: "# Brief\n\ntext\n\n<!-- AGENT_CUTOVER_EOF -->\n",
      expected: [],
    },
    {
      name: "accepts a heading whose secondary role is the next step (hypotheses for the next session)",
      text: "# H\n\n## Hypotheses for the next session\n\n1. Enable trace logging and re-run.\n",
      expected: [],
    },
    {
      name: "accepts next steps written as a phrase, a task for the reader, an ordered plan, or in another language",
      text: "# H\n\n## Current state\n\nx\n\n## Your assignment\n\nShip the parser.\n",
      expected: [],
    },
    {
      name: "does not take a document title addressed to the next session for a next step",
      text: "# Parser — handoff for the next session\n\n## Current state\n\n- exporter: TODO(me) finish it\n",
      expected: [
        "1:1 warning No next-action section, though work is pending (a TODO or FIXME marker): say what the next session should do first (e.g. '## Next steps')",
      ],
    },
    {
      name: "takes a closing ordered list of instructions as the next step, at info severity, and says so",
      text: "# H\n\n## Current state\n\nx\n\n## Notes\n\n1. Run the migration.\n2. Check the logs.\n",
      expected: [
        "7:1 info No heading names the next step; taking 'Notes' as it from its ordered list of instructions (lower confidence): name it, e.g. '## Next steps'",
      ],
    },
    {
      name: "takes a TL;DR that leads in a next step, at info severity",
      text: "# H\n\n## TL;DR\n\nAll green. Next: tag the release.\n\n## Metrics\n\nfast\n",
      expected: [
        "3:1 info No heading names the next step; taking 'TL;DR' as it from a line that leads in a next step (lower confidence): name it, e.g. '## Next steps'",
      ],
    },
    {
      name: "takes a roadmap whose first phase lists open tasks as what is left to do",
      text: "# App handoff\n\n## Known issues\n\n1. Crash on quit.\n\n## Growth roadmap\n\n### Phase 1: landing page\n\n- [ ] Write the page\n- [ ] Add the signup form\n",
      expected: [],
    },
    {
      name: "takes a Catalan priorities heading and a role-addressed checklist as the next step",
      text: "# Propera sessió\n\n## Prioritats immediates\n\n- [ ] Configurar la clau\n\n## Tasques pendents\n\n- [ ] Revisar icones\n",
      expected: [],
    },
    {
      name: "takes what the receiving QA must check as the next step",
      text: "# Handoff: reviewer to QA\n\n## Blockers (fixed before QA)\n\n| # | issue |\n| --- | --- |\n| R1 | crash |\n\n## What QA must check\n\n1. Precision on a sample of 30 rows.\n",
      expected: [],
    },
    {
      name: "does not ask a pointer file for a next step",
      text: "docs/handoffs/2026-04-22-phase-1.md\n",
      expected: [],
    },
    {
      name: "does not apply to JSON records",
      path: "r.json",
      text: '{"schema": "verified-delivery/handoff-v1"}\n',
      expected: [],
    },
  ]);
});
