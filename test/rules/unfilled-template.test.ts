import { describe } from "vitest";
import { unfilledTemplate } from "../../rules/unfilled-template.js";
import { ruleCases } from "../helpers/rule-tester.js";

describe("unfilled-template", () => {
  ruleCases(unfilledTemplate, [
    {
      name: "reports one finding per document at the first placeholder, naming the first three and how many more",
      text:
        "# Handoff: {project name}\n\n**Branch:** <branch-name>\n**Date:** YYYY-MM-DD | **Status:** open\n\n" +
        "## Next steps\n\n- [Describe the first step]\n- {{next_step}}\n",
      expected: [
        "1:12 warning 5 template placeholders left unfilled: '{project name}' (line 1), '<branch-name>' (line 3), 'YYYY-MM-DD' (line 4), 2 more; fill them in or delete them before handing off",
      ],
    },
    {
      name: "reports a placeholder that did not parse as HTML, a bracket placeholder in a table cell, and an explicit fill-in note",
      text: "# H\n\n| field | value |\n| --- | --- |\n| owner | [your name] |\n\nHead: <full head sha?>\n\nTODO: fill in the decisions.\n",
      expected: [
        "5:11 warning 3 template placeholders left unfilled: '[your name]' (line 5), '<full head sha?>' (line 7), 'TODO: fill' (line 9); fill them in or delete them before handing off",
      ],
    },
    {
      name: "leaves marks of removed text alone: redaction notes, handoff redact's marker and ellipses, in several languages",
      text:
        "# H\n\n## Access\n\n[credential line removed]\n\n- Token: [REDACTED:github-token]\n- Log: [output omitted]\n- Notas: [contraseña eliminada]\n" +
        "- Zugang: [Passwort entfernt]\n- 密钥：[已删除]\n\n> [...]\n\n| key | value |\n| --- | --- |\n| pass | [hidden] |\n",
      expected: [],
    },
    {
      name: "still reports a bracket placeholder that only mentions removal as what to write",
      text: "# H\n\n## Decisions\n\n[Describe what was removed and why]\n",
      expected: [
        "5:1 warning 1 template placeholder left unfilled: '[Describe what was removed and why]' (line 5); fill them in or delete them before handing off",
      ],
    },
    {
      name: "reports a date whose day or month was left as XX, as the whole value of a label (a hard line break ends the label's line)",
      text: "# H\n\n更新日: 2025-02-XX  \n最終作業者: Codex\n\n- Fecha: 2026-XX-XX\n\nReleased 2026-03-01, see ticket ABC-XX.\n",
      expected: [
        "3:6 warning 2 template placeholders left unfilled: '2025-02-XX' (line 3), '2026-XX-XX' (line 6); fill them in or delete them before handing off",
      ],
    },
    {
      name: "counts TBD sections as a template from three on (a real handoff may leave one or two for later)",
      text: "# H\n\n## Problem\n\nTBD\n\n## Decisions\n\nTBD\n\n## Next steps\n\n- TBD\n",
      expected: [
        "5:1 warning 3 template placeholders left unfilled: 'TBD' (line 5), 'TBD' (line 9), 'TBD' (line 13); fill them in or delete them before handing off",
      ],
    },
    {
      name: "leaves one or two TBD values alone",
      text: "# H\n\n**Owner:** TBD\n\nThe release date is TBD until legal answers.\n\n## Next steps\n\n- TBD\n",
      expected: [],
    },
    {
      name: "reads placeholders in frontmatter values",
      text: "---\nbranch: <branch>\nsummary: done\n---\n\n# H\n",
      expected: ["2:9 warning 1 template placeholder left unfilled: '<branch>' (line 2); fill them in or delete them before handing off"],
    },
    {
      name: "never reads code spans, code blocks, HTML comments, link targets or autolinks",
      text:
        '# H\n\nSet `head_sha` to `<full-head-sha>` and `{branch}`.\n\n```json\n{"head_sha": "<sha>"}\n```\n\n' +
        "<!-- fill in: {project} -->\n\nSee <https://example.com/{id}> and [docs](https://example.com/<x>).\n",
      expected: [],
    },
    {
      name: "never flags HTML elements, components, generics or self-closing tags",
      text: "# H\n\n<details>\n<summary>Logs</summary>\n\nok\n\n</details>\n\nLine<br>break, <kbd>Ctrl</kbd>.\n\n<UserCard>\n\nA Vec<T> of items, <Widget />.\n",
      expected: [],
    },
    {
      name: "leaves notation inside a sentence alone: a value's shape, a substitution, a route parameter",
      text:
        "# H\n\nThe dashboard footer shows backup: <age> and stays under 36h.\n\n- `expectedIRR`: {old value} → {new value}\n\n" +
        "## GET /api/items/[id] (detail):\n\n- Release v0.3.0 — <date>.\n- Runs `${{ secrets.TOKEN }}` in CI, not ${{ matrix.os }}.\n",
      expected: [],
    },
    {
      name: "says nothing about a template file, known by its name",
      path: "docs/HANDOFF_TEMPLATE.md",
      text: "# Handoff: {project name}\n\n**Branch:** <branch-name>\n",
      expected: [],
    },
    {
      name: "says nothing about a file in a templates folder",
      path: "memory-bank/templates/handoff/session.md",
      text: "# Session state\n\n- **Current task:** [Description]\n- **Progress:** [Percent]\n",
      expected: [],
    },
    {
      name: "still checks a handoff whose name only mentions templates as its topic",
      path: "notes/email-templates.md",
      text: "# Handoff: {project name}\n\nok\n",
      expected: ["1:12 warning 1 template placeholder left unfilled: '{project name}' (line 1); fill them in or delete them before handing off"],
    },
    {
      name: "says nothing about a page describing a format (its placeholders are the description)",
      text:
        "# Format\n\n## Example\n\n```json\n" +
        '{"schema": "verified-delivery/handoff-v1", "status": "open|closed", "head_sha": "<full-head-sha>"}' +
        "\n```\n\n**Head:** <full-head-sha>\n",
      expected: [],
    },
  ]);
});
