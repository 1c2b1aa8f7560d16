import { describe, expect, it } from "vitest";
import type { HandoffDocument } from "../../src/2-parse/document/model.js";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { opensWithInstruction } from "../../src/2-parse/roles/role-body.js";
import { sourceFromBytes } from "../../src/1-load/read.js";

function parse(text: string): HandoffDocument {
  return parseDocument(sourceFromBytes("doc.md", new TextEncoder().encode(text), "/virtual"));
}

/** `title → basis` for every section whose body was read as the next step. */
const inferred = (text: string) =>
  parse(text)
    .sections.filter((s) => s.inferred)
    .map((s) => `${s.title} → ${s.inferred?.basis}`);

describe("opensWithInstruction", () => {
  it.each([
    ["Run `npm test` and check the count", true],
    ["Re-run the benchmark on a quiet machine", true],
    ["Prüfe die Migration", true],
    ["Vérifier les logs", true],
    ["Ejecuta el script de semillas", true],
    ["Aggiorna la documentazione", true],
    ["Atualize o README", true],
    ["Запусти тесты", true],
    ["Перевір логи", true],
    ["运行全部测试", true],
    ["ログを確認する", true],
    ["테스트 실행", true],
    ["The parser is slow on long lines", false],
    ["Performance numbers from Tuesday", false],
    ["Данные за март", false],
  ])("%j → %s", (text, expected) => {
    expect(opensWithInstruction(text)).toBe(expected);
  });
});

describe("a next step read from a section's body", () => {
  it("reads the closing section's ordered list of instructions when no heading names a next step", () => {
    expect(inferred("# T\n\n## State\n\nfine\n\n## Notes\n\n1. Run the migration.\n2. Check the logs.\n3. Tag the release.\n")).toEqual([
      "Notes → ordered-instructions",
    ]);
  });

  it("reads one in other languages", () => {
    expect(inferred("# T\n\n## Stand\n\nok\n\n## Zum Schluss\n\n1. Prüfe die Logs.\n2. Starte den Dienst neu.\n")).toEqual([
      "Zum Schluss → ordered-instructions",
    ]);
    expect(inferred("# T\n\n## 状态\n\nok\n\n## 备注\n\n1. 运行测试\n2. 部署到预发\n")).toEqual(["备注 → ordered-instructions"]);
  });

  it("does not when a heading names a next step anywhere in the document", () => {
    expect(inferred("# T\n\n## Next steps\n\n- tbd\n\n## Notes\n\n1. Run the migration.\n2. Check the logs.\n")).toEqual([]);
  });

  it("does not read an unordered list, a list of facts, a one-item list, or a section that is not the closing one", () => {
    expect(inferred("# T\n\n## A\n\nx\n\n## Notes\n\n- Run the migration.\n- Check the logs.\n")).toEqual([]);
    expect(inferred("# T\n\n## A\n\nx\n\n## Notes\n\n1. The parser is slow.\n2. The cache is cold.\n3. Run it twice.\n")).toEqual([]);
    expect(inferred("# T\n\n## A\n\nx\n\n## Notes\n\n1. Run the migration.\n")).toEqual([]);
    expect(inferred("# T\n\n## Notes\n\n1. Run the migration.\n2. Check the logs.\n\n## Metrics\n\nfast\n")).toEqual([]);
  });

  it("reads a TL;DR or summary that leads in a next step", () => {
    expect(inferred("# T\n\n## TL;DR\n\n- The cache is warm.\n- Next: rotate the key.\n\n## Metrics\n\nfast\n")).toEqual(["TL;DR → summary-lead-in"]);
    expect(inferred("# T\n\n## Zusammenfassung\n\nAlles läuft. Nächster Schritt: Release taggen.\n\n## Zahlen\n\nschnell\n")).toEqual([
      "Zusammenfassung → summary-lead-in",
    ]);
    expect(inferred("# T\n\n## Summary\n\nThe cache is warm.\n\n## Metrics\n\nfast\n")).toEqual([]);
  });

  it("reads at most 200 items of a list (bounded on a hostile list)", () => {
    const items = Array.from({ length: 1000 }, (_, i) => `${i + 1}. ${i < 200 ? "Run" : "The"} step ${i}.`).join("\n");
    expect(inferred(`# T\n\n## A\n\nx\n\n## Notes\n\n${items}\n`)).toEqual(["Notes → ordered-instructions"]);
  });
});
