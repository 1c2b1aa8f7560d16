import { describe, expect, it } from "vitest";
import { recordValueText } from "../../src/5-operations/resume/record-text.js";

describe("recordValueText", () => {
  it.each([
    ["a string", "as is\nwith lines", "as is\nwith lines"],
    ["a number", 3, "3"],
    ["null", null, "null"],
    ["an empty array", [], "(none)"],
    ["an empty object", {}, "(none)"],
    ["strings", ["a", "b"], "- a\n- b"],
    ["nested arrays", [["a", "b"], "c"], "- - a\n  - b\n- c"],
    ["objects in an array", [{ gate: "g", ok: true }], "- gate: g\n  ok: true"],
    ["an object of arrays", { authorized: ["x"], none: [] }, "authorized:\n  - x\nnone:\n  (none)"],
    ["a multi-line string in a list", ["one\ntwo"], "- one\n  two"],
  ])("renders %s", (_name, value, text) => {
    expect(recordValueText(value)).toBe(text);
  });
});
