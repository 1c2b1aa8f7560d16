import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { findDate, statedDates } from "../../src/3-check/heuristics/stated-dates.js";
import { sourceFromBytes } from "../../src/1-load/read.js";
import { cpuMs } from "../helpers/cpu-time.js";

describe("findDate", () => {
  it.each([
    ["Last updated: 2026-06-20.", "2026-06-20T00:00:00.000Z", "2026-06-20"],
    ["on 2026/6/2", "2026-06-02T00:00:00.000Z", "2026/6/2"],
    ["2026-06-20T14:05Z", "2026-06-20T14:05:00.000Z", "2026-06-20T14:05"],
    ["Stand 20.06.2026", "2026-06-20T00:00:00.000Z", "20.06.2026"],
    ["11/03/2026 (day first)", "2026-03-11T00:00:00.000Z", "11/03/2026"],
    ["03/25/2026 (month first: 25 is no month)", "2026-03-25T00:00:00.000Z", "03/25/2026"],
    ["June 20, 2026", "2026-06-20T00:00:00.000Z", "June 20, 2026"],
    ["20th June 2026", "2026-06-20T00:00:00.000Z", "20th June 2026"],
    ["2026年6月20日", "2026-06-20T00:00:00.000Z", "2026年6月20日"],
    ["2026년 6월 20일", "2026-06-20T00:00:00.000Z", "2026년 6월 20일"],
    ["Sessão de 4 de março de 2026", "2026-03-04T00:00:00.000Z", "4 de março de 2026"],
    ["Reunión del 17 de Octubre 2026", "2026-10-17T00:00:00.000Z", "17 de Octubre 2026"],
    ["le 1er avril 2026", "2026-04-01T00:00:00.000Z", "1er avril 2026"],
    ["am 5. März 2026", "2026-03-05T00:00:00.000Z", "5. März 2026"],
    ["12 maggio 2026", "2026-05-12T00:00:00.000Z", "12 maggio 2026"],
    ["3 d’abril de 2026", "2026-04-03T00:00:00.000Z", "3 d’abril de 2026"],
    ["от 14 июля 2026 г.", "2026-07-14T00:00:00.000Z", "14 июля 2026"],
    ["2 січня 2026", "2026-01-02T00:00:00.000Z", "2 січня 2026"],
    ["SPRINT 21-MAR-2026", "2026-03-21T00:00:00.000Z", "21-MAR-2026"],
    ["cierre 30-dic-2026", "2026-12-30T00:00:00.000Z", "30-dic-2026"],
  ])("reads %j", (text, iso, written) => {
    const found = findDate(text);
    expect([found?.date.toISOString(), found?.written]).toEqual([iso, written]);
  });

  it.each([
    ["v1.2.2026"],
    ["1.2.3"],
    ["2026-13-01"],
    ["2026-02-30"],
    ["build_2026-01-01"],
    ["no date here"],
    ["31 de fevereiro de 2026"],
    ["step 3 settings 2026"],
    ["4 marmots 2026"],
  ])("reads no date in %j", (text) => {
    expect(findDate(text)).toBeUndefined();
  });
});

describe("statedDates", () => {
  const sources = (text: string) =>
    statedDates(parseDocument(sourceFromBytes("doc.md", new TextEncoder().encode(text), "/virtual"))).dates.map((d) => `${d.source}=${d.written}`);

  it.each([
    ["> 最后更新：2026-05-28", "最后更新=2026-05-28"],
    ["**最後更新**：2026年5月20日", "最後更新=2026年5月20日"],
    ["上次更新：2026-05-02", "上次更新=2026-05-02"],
    ["**Viimati uuendatud:** 2026-05-10", "Viimati uuendatud=2026-05-10"],
    ["Última actualització: 2026-05-01", "Última actualització=2026-05-01"],
    ["- 최종 업데이트: 2026-04-30", "최종 업데이트=2026-04-30"],
    ["> **2026-08-05 更新。** 又做了一輪審查。", "update stamp=2026-08-05"],
    ["**2026-07-01 update:** CI green.", "update stamp=2026-07-01"],
    ["**生成日時**: 2026-03-09", "生成日時=2026-03-09"],
    ["> 生成时间：2026-07-04 09:30（上线后）", "生成时间=2026-07-04 09:30"],
    ["作成日: 2026/04/02", "作成日=2026/04/02"],
    ["**Data da Sessão:** 8 de maio de 2026", "Data da Sessão=8 de maio de 2026"],
    ["Fecha de la sesión: 12-ENE-2026", "Fecha de la sesión=12-ENE-2026"],
    ["Дата сессии: 3 марта 2026", "Дата сессии=3 марта 2026"],
    ["- 2026-09-01 the parser was rewritten", ""],
    ["2026-09-01 updated the parser and the docs.", ""],
  ])("reads %j in a paragraph after the title", (line, expected) => {
    expect(sources(`# Notes\n\n${line}\n`).join(" ")).toBe(expected);
  });

  it.each([
    // Any short label in the header whose value opens with a date, whatever its words and language.
    ["**Конец сессии:** 2026-06-19", "Конец сессии=2026-06-19"],
    ["**RESUMED:** June 27, 2026", "RESUMED=June 27, 2026"],
    ["- Handover date: `2026-04-15`", "Handover date=2026-04-15"],
    ["**Fin de sesión:** 3 de mayo de 2026", "Fin de sesión=3 de mayo de 2026"],
    ["交接时间：2026年5月3日", "交接时间=2026年5月3日"],
    // A date label may lead its date in with a few words and a bracket.
    ["Last Updated: Session end (Jan 22, 2026 ~12:45 UTC)", "Last Updated=Jan 22, 2026"],
    // A paragraph that opens with a few words and a date, as a line or a first sentence.
    ["Актуально на 2026-07-21.", "statement=2026-07-21"],
    ["État au 4 août 2026. Ce document sert à reprendre le projet\net à le déployer ailleurs.", "statement=4 août 2026"],
    ["Estado a 3 de marzo de 2026.", "statement=3 de marzo de 2026"],
    // Not the document's own date: a date later in a label's value, a date closing a longer sentence, a line further down a paragraph.
    ["**Source of idea:** a walkthrough video (2026-05-10), layer 3", ""],
    ["We shipped the parser and the exporter on 2026-05-10.", ""],
    ["Operational notes for the cutover,\nbefore the go-live planned for 19/05/2026.", ""],
  ])("reads %j in the header", (line, expected) => {
    expect(sources(`# Notes\n\n${line}\n`).join(" ")).toBe(expected);
  });

  it("reads a heading that opens with a date as a dated entry (a journal), in any language", () => {
    const text = "# Journal\n\n## 2026-03-23 (сессия 2)\n\nx\n\n## ✅ 2026-05-12 (evening) — hotfix\n\ny\n\n## Plan for 2026-06-01\n\nz\n";
    expect(sources(text)).toEqual(["heading=2026-03-23", "heading=2026-05-12"]);
  });

  it("reads any label as a date label only in the header: the first 15 lines, or up to the first section", () => {
    const below = `# Notes\n\n## Plan\n\n${"text\n\n".repeat(10)}- Release date: 2026-04-15\n`;
    expect(sources(below)).toEqual([]);
  });
});

describe("statedDates of a JSON handoff file", () => {
  const sources = (text: string, file = "handoff.json") =>
    statedDates(parseDocument(sourceFromBytes(file, new TextEncoder().encode(text), "/virtual"))).dates.map((d) => `${d.source}=${d.written}`);

  it("reads top-level date keys whose value starts with a date, in snake and camel case", () => {
    const text =
      '{"updatedAt": "2026-05-02T08:00:00Z", "created_date": "2026-01-01", "timestamp": "2026-04-09", "note": "2026-03-03", "date": "see 2026-02-02", "meta": {"date": "2026-07-07"}}';
    expect(sources(text)).toEqual(["record updatedAt=2026-05-02T08:00", "record created_date=2026-01-01", "record timestamp=2026-04-09"]);
  });

  it("points at the date inside the value", () => {
    const text = '{\n  "generated_at": "2026-03-08"\n}';
    const [date] = statedDates(parseDocument(sourceFromBytes("h.json", new TextEncoder().encode(text), "/virtual"))).dates;
    expect(text.slice(date?.offset, date?.endOffset)).toBe("2026-03-08");
  });

  it("reads no record dates from an array, or a JSON block fenced in Markdown", () => {
    expect(sources('[{"date": "2026-01-01"}]')).toEqual([]);
    expect(sources('# H\n\n```json\n{"updated_at": "2026-01-01"}\n```\n', "h.md")).toEqual([]);
  });
});

describe("stated-date patterns", () => {
  it("finds a date after a long run of digits and separators in time linear in its length", () => {
    // Growth, not a time bound: 10x the input (1.4 MB against 140 KB) may take at most ~30x the time
    // (quadratic would be 100x); inputs large enough that JIT warm-up and GC pauses do not dominate.
    const time = (n: number) => {
      const text = `${"2026-1-".repeat(n)}x`;
      return cpuMs(() => {
        for (let i = 0; i < 3; i++) findDate(text);
      });
    };
    time(20_000);
    const small = Math.max(time(20_000), 5);
    expect(time(200_000) / small).toBeLessThan(30);
  });
});
