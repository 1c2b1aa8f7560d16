import { describe, expect, it } from "vitest";
import { parseJsonRecord, recordNodeOffsets, type JsonRecord } from "../../src/2-parse/document/json-record.js";
import type { HandoffDocument } from "../../src/2-parse/document/model.js";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { sourceFromBytes } from "../../src/1-load/read.js";

function parse(path: string, text: string): HandoffDocument {
  return parseDocument(sourceFromBytes(path, new TextEncoder().encode(text), "/virtual"));
}

/** The text a located value spans. */
function textAt(text: string, record: JsonRecord, path: Array<string | number>): string {
  const { offset, endOffset } = recordNodeOffsets(record, path);
  return text.slice(offset, endOffset);
}

describe("parseJsonRecord", () => {
  it("parses strict JSON and keeps the tree for positions", () => {
    const record = parseJsonRecord('{"a": [1, {"b": true}]}', 0, "file");
    expect(record).toMatchObject({ origin: "file", offset: 0, data: { a: [1, { b: true }] }, errors: [] });
    expect(record.tree?.type).toBe("object");
  });

  it.each([
    [
      "a trailing comma (jsonc-parser resynchronises and adds a second error; record-syntax shows the first)",
      '{"a": 1,}',
      [
        { message: "JSON syntax error: property name expected", offset: 8, endOffset: 9 },
        { message: "JSON syntax error: value expected", offset: 8, endOffset: 9 },
      ],
    ],
    ["a comment", '{"a": 1 // note\n}', [{ message: "JSON syntax error: invalid comment token", offset: 8, endOffset: 15 }]],
    ["a missing value", '{"a": }', [{ message: "JSON syntax error: value expected", offset: 6, endOffset: 7 }]],
    ["empty content", "", [{ message: "JSON syntax error: value expected", offset: 0, endOffset: 0 }]],
  ])("reports %s as an error with offsets, and no data", (_name, raw, errors) => {
    const record = parseJsonRecord(raw, 0, "file");
    expect(record.errors).toEqual(errors);
    expect(record.data).toBeUndefined();
  });

  it("shifts error offsets by where the JSON sits in the document", () => {
    expect(parseJsonRecord('{"a": 1}}', 100, "fence").errors).toEqual([{ message: "JSON syntax error: end of file expected", offset: 108, endOffset: 109 }]);
  });
});

describe("recordNodeOffsets", () => {
  const text = '{\n  "schema": "x",\n  "steps": [\n    {"gate": "tests", "evidence": "exit 0"}\n  ]\n}\n';
  const record = parseJsonRecord(text, 0, "file");

  it("points at the property (key and value) of an object member", () => {
    expect(textAt(text, record, ["schema"])).toBe('"schema": "x"');
    expect(textAt(text, record, ["steps", 0, "evidence"])).toBe('"evidence": "exit 0"');
  });

  it("points at an array item itself", () => {
    expect(textAt(text, record, ["steps", 0])).toBe('{"gate": "tests", "evidence": "exit 0"}');
  });

  it("falls back to the nearest existing parent", () => {
    expect(textAt(text, record, ["steps", 0, "verdict"])).toBe('{"gate": "tests", "evidence": "exit 0"}');
    expect(textAt(text, record, ["nothing"])).toBe(text.trimEnd());
  });

  it("points at the first character when the JSON did not parse to a tree", () => {
    expect(recordNodeOffsets(parseJsonRecord("", 7, "fence"), ["a"])).toEqual({ offset: 7, endOffset: 8 });
  });
});

describe("records in documents", () => {
  it("reads a .json file as a record at offset 0", () => {
    const document = parse("handoff.json", '{"schema": "verified-delivery/handoff-v1"}\n');
    expect(document.format).toBe("json");
    expect(document.record).toMatchObject({ origin: "file", offset: 0, data: { schema: "verified-delivery/handoff-v1" } });
    expect(document.mdast).toBeUndefined();
  });

  it("reads a .json file holding Markdown as Markdown", () => {
    const document = parse("notes.json", "# Handoff\n\n## Next steps\n\n- go\n");
    expect(document.format).toBe("markdown");
    expect(document.record).toBeUndefined();
    expect(document.sections.map((s) => s.title)).toEqual(["Handoff", "Next steps"]);
  });

  it("finds a fenced ```json verified-delivery record in Markdown, with its exact offset", () => {
    const text = '# H\n\n```json\n{"a": 1}\n```\n\n```json\n{\n  "schema": "verified-delivery/handoff-v1",\n  "x": 1,\n}\n```\n';
    const document = parse("handoff.md", text);
    const record = document.record as JsonRecord;
    expect(record.origin).toBe("fence");
    expect(record.offset).toBe(text.indexOf('{\n  "schema"'));
    const brace = text.lastIndexOf("}");
    expect(record.errors[0]).toEqual({ message: "JSON syntax error: property name expected", offset: brace, endOffset: brace + 1 });
    expect(document.lines.point(record.errors[0]?.offset ?? 0)).toMatchObject({ line: 11, column: 1 });
  });

  it("also takes a ```jsonc fence, but not a fence of another language or without the schema", () => {
    expect(parse("a.md", '```jsonc\n{"schema": "verified-delivery/handoff-v1"}\n```\n').record?.origin).toBe("fence");
    expect(parse("b.md", '```js\n{"schema": "verified-delivery/handoff-v1"}\n```\n').record).toBeUndefined();
    expect(parse("c.md", '```json\n{"schema": "other"}\n```\n').record).toBeUndefined();
  });

  it("does not take an indented fence whose content offsets would not match the text", () => {
    expect(parse("d.md", '- item\n\n  ```json\n  {"schema": "verified-delivery/handoff-v1"}\n  ```\n').record).toBeUndefined();
  });
});
