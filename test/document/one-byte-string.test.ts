/**
 * `oneByteString` (`src/2-parse/roles/one-byte-string.ts`) keeps every UTF-16 unit and stores a
 * Latin-1 string one byte per character, even a slice of a two-byte string; `v8.serialize` shows
 * the representation (tag `"` for one-byte, `c` for two-byte), and the heading shaper hands the
 * classifier one-byte parts.
 */
import { serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { oneByteString } from "../../src/2-parse/roles/one-byte-string.js";
import { shapeHeading } from "../../src/2-parse/roles/role-text.js";

/** V8's storage of `text`: `one-byte` or `two-byte`, read from its serialization tag. */
function storage(text: string): "one-byte" | "two-byte" {
  const bytes = serialize(text);
  // Header: 0xFF, version; then padding bytes (0) may precede the string's tag.
  let i = 2;
  while (bytes[i] === 0) i++;
  const tag = String.fromCharCode(bytes[i] ?? 0);
  if (tag === '"') return "one-byte";
  if (tag === "c") return "two-byte";
  throw new Error(`unexpected serialization tag ${tag}`);
}

describe("oneByteString", () => {
  it("stores an ASCII slice of a two-byte string one byte per character, unchanged in value", () => {
    // Long enough to be a sliced string (V8 copies a short substring, one-byte on Node 24).
    const heading = "Next steps for the whole team — phase 2".toLowerCase();
    const slice = heading.slice(0, 29);
    expect(storage(slice)).toBe("two-byte");
    const copy = oneByteString(slice);
    expect(copy).toBe("next steps for the whole team");
    expect(storage(copy)).toBe("one-byte");
  });

  it("keeps every Latin-1 unit, across more than one chunk", () => {
    const all = Array.from({ length: 0x100 }, (_, code) => String.fromCharCode(code)).join("");
    const long = `${all.repeat(40)}\u2014`.slice(0, 0x100 * 40);
    expect(storage(long)).toBe("two-byte");
    const copy = oneByteString(long);
    expect(copy.length).toBe(10240);
    expect(copy).toBe(all.repeat(40));
    expect(storage(copy)).toBe("one-byte");
  });

  it("returns a string holding a unit past U+00FF as it is", () => {
    for (const text of ["next — steps", "следующие шаги", "次のセッション", "done \u{1F389}", "\u0100"]) {
      expect(oneByteString(text)).toBe(text);
      expect(storage(oneByteString(text))).toBe("two-byte");
    }
    expect(oneByteString("")).toBe("");
  });
});

describe("shapeHeading", () => {
  it("gives one-byte segment and part texts for a heading cut at an em dash", () => {
    const { segments } = shapeHeading("Next steps — blockers & risks");
    expect(segments.map((segment) => [segment.text, segment.parts.map((part) => part.text)])).toEqual([
      ["next steps", ["next steps"]],
      ["blockers & risks", ["blockers", "risks"]],
    ]);
    const texts = segments.flatMap((segment) => [segment.text, ...segment.parts.flatMap((part) => [part.text, part.head])]);
    expect(texts.map(storage)).toEqual(texts.map(() => "one-byte"));
  });
});
