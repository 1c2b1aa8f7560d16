import { describe, expect, it } from "vitest";
import { parseJsonText } from "../../src/3-check/engine/json-text.js";

describe("parseJsonText", () => {
  it("parses strict JSON as JSON.parse does", () => {
    expect(parseJsonText('{"a": [1, "é"]}\n')).toEqual({ ok: true, value: { a: [1, "é"] } });
  });

  it.each([
    ['{\n  "rules": {\n    "a": "off",\n  }\n}', 4, 3, "property name expected"],
    ['{\r\n  "a": 1\r\n  "b": 2\r\n}', 3, 3, "comma expected"],
    ['{"a": 1} // note', 1, 10, "invalid comment token"],
    ['{"a": tru}', 1, 7, "invalid symbol"],
    ['{"a": 1', 1, 8, "close brace expected"],
  ])("gives the line and column of the first error in %j", (text, line, column, reason) => {
    expect(parseJsonText(text)).toEqual({ ok: false, empty: false, line, column, reason });
  });

  it("calls a file of white space empty", () => {
    expect(parseJsonText(" \n\t\n")).toEqual({ ok: false, empty: true, line: 1, column: 1, reason: "the file is empty" });
  });
});
