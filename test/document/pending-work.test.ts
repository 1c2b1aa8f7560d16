import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { countUncheckedTasks, findPendingWork, saysNothing } from "../../src/3-check/heuristics/pending-work.js";
import { sourceFromBytes } from "../../src/1-load/read.js";

function pending(text: string): string[] {
  const document = parseDocument(sourceFromBytes("doc.md", new TextEncoder().encode(text), "/virtual"));
  return findPendingWork(document.sections, document.mdast).map((sign) => `${document.lines.point(sign.offset).line}: ${sign.text}`);
}

describe("findPendingWork", () => {
  it("finds nothing in a reference handover", () => {
    expect(pending("# Service\n\n## How it runs\n\nA cron job.\n\n## Key files\n\n- `job.ts`\n\n## Pitfalls\n\nTokens expire.\n")).toEqual([]);
  });

  it("reads blockers and open questions, headings marking unfinished work in several languages, and markers (unchecked items are next steps, not signs)", () => {
    expect(
      pending(
        "# H\n\n## Blockers\n\n- CI down\n\n## Offene Fragen\n\n- Cache?\n\n## Exporter (WIP)\n\nx\n\n## Парсер — в работе\n\nx\n\n" +
          "### 图表（页面待完善）\n\nx\n\n## 検索（未完了）\n\nx\n\n## Notes\n\n- [x] done\n- [ ] open\n- [ ] also open\n\nFIXME: flaky test\n",
      ),
    ).toEqual([
      "3: a blockers section 'Blockers'",
      "7: an open-questions section 'Offene Fragen'",
      "11: the heading 'Exporter (WIP)' marks unfinished work",
      "15: the heading 'Парсер — в работе' marks unfinished work",
      "19: the heading '图表（页面待完善）' marks unfinished work",
      "23: the heading '検索（未完了）' marks unfinished work",
      "33: a TODO or FIXME marker",
    ]);
  });

  it("counts unchecked task items outside code, and where the first is", () => {
    const document = parseDocument(
      sourceFromBytes("doc.md", new TextEncoder().encode("# H\n\n- [x] a\n- [ ] b\n\n```\n- [ ] code\n```\n\n1. [ ] c\n"), "/virtual"),
    );
    const tasks = countUncheckedTasks(document.mdast);
    expect([tasks.count, document.lines.point(tasks.offset).line]).toEqual([2, 4]);
  });

  it("reads markers, not names: TODO: and TODO(x) and TODO before a word count; TODO.md, my_TODO, TODO → and a lone TODO do not", () => {
    const signs = (line: string) => pending(`# H\n\n${line}\n`).length;
    expect(["TODO: wire it", "- FIXME(anna) flaky", "TODO wire it", "TODO - later", 'Note: TODO "x" first'].map(signs)).toEqual([1, 1, 1, 1, 1]);
    expect(["See TODO.md", "the my_TODO list", "TODO → kanban", "(TODO)", "docs/TODO file", "-TODO-"].map(signs)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("reads nil answers in brackets and with a qualifier as nothing, and real content as something", () => {
    const nil = ["None.", "Нет", "(нет)", "(пока нет)", "None so far", "None yet.", "Currently none", "暂无", "特になし", "keine", "[none]"];
    expect(nil.filter((text) => !saysNothing(text))).toEqual([]);
    const some = [
      "None of the tests pass",
      "Нет доступа к серверу",
      "The CI runner is down",
      "nothing works since the upgrade of the database driver yesterday",
    ];
    expect(some.filter((text) => saysNothing(text))).toEqual([]);
  });

  it("skips parked or empty sections and markers in code", () => {
    expect(
      pending(
        "# H\n\n## Open decisions (deferred to activation)\n\n- storage\n\n## Blockers (on hold)\n\n- vendor\n\n## Blockers\n\nNone.\n\n## Risks\n\n\n" +
          "## Code\n\n```\nTODO: in code\n- [ ] in code\n```\n\nSee `TODO` in `x.ts`.\n",
      ),
    ).toEqual([]);
  });

  it("keeps open questions deferred to the next session as pending", () => {
    expect(pending("# H\n\n## Blockers (deferred to the next session)\n\n- vendor\n")).toEqual([
      "3: a blockers section 'Blockers (deferred to the next session)'",
    ]);
  });
});
