import { describe } from "vitest";
import { localLinks } from "../../rules/local-links.js";
import { ruleCases } from "../helpers/rule-tester.js";

describe("local-links", () => {
  ruleCases(localLinks, [
    {
      name: "reports links into home directories of macOS, Linux and Windows, the writer's ~ and file: URLs, once, with their count",
      text:
        "# Handoff\n\n- [index](/Users/alex/projects/agent/docs/INDEX.md)\n- [notes](/home/dev/repo/NOTES.md)\n" +
        "- [plan](~/.claude/plans/plan.md)\n- [log](C:\\Users\\kim\\work\\app\\log.txt)\n- [spec](file:///C:/Users/kim/spec.md)\n\n![shot](/Users/alex/Desktop/s.png)\n",
      expected: [
        "3:3 info 6 links to the writer's machine (/Users/alex/projects/agent/docs/INDEX.md): the next session, on another machine or in a fresh container, cannot open them; link relative to the repository instead (e.g. 'docs/INDEX.md')",
      ],
    },
    {
      name: "reads a reference definition and a percent-encoded target, and survives a malformed escape",
      text: "# H\n\nSee [the plan][p] and [bad](/Users/a/%E0%A4%A.md).\n\n[p]: /Users/%61lex/plan.md\n",
      expected: [
        "3:23 info 2 links to the writer's machine (/Users/a/%E0%A4%A.md): the next session, on another machine or in a fresh container, cannot open them; link relative to the repository instead (e.g. '%E0%A4%A.md')",
      ],
    },
    {
      name: "leaves alone links relative to the repository, web URLs, system paths, and paths in text or code",
      text:
        "# H\n\n- [plan](docs/plan.md), [up](../README.md), [root](/docs/x.md)\n- [web](https://example.com/Users/alex/)\n" +
        "- [bin](/usr/local/bin/tool), [etc](/etc/hosts)\n- Plan file: /Users/alex/.claude/plans/p.md\n- `~/.config/app.json`\n",
      expected: [],
    },
  ]);
});
