import { describe, expect, it } from "vitest";
import { normalizeSegments, normalizeText, originalSpan } from "../../src/3-check/injection/normalize.js";
import { latinLookAlike } from "../../src/3-check/injection/confusables.js";

describe("normalizeText", () => {
  it("removes zero-width, soft hyphen, bidi and tag characters and maps offsets past them", () => {
    const n = normalizeText("ig\u200Bno\u00ADre \u202Eall\u{E0041}", 10);
    expect(n.text).toBe("ignore all");
    expect(n.offsets).toEqual([10, 11, 13, 14, 16, 17, 18, 20, 21, 22]);
    expect(n.endOffset).toBe(25);
  });

  it("folds fullwidth, mathematical letters, ligatures and accents (NFKD without marks)", () => {
    expect(normalizeText("ＩＧＮＯＲＥ 𝐚𝐥𝐥 ﬁle i\u0301gnöre").text).toBe("IGNORE all file ignore");
  });

  it("folds Cyrillic and Greek look-alikes to Latin, I-like capitals to I", () => {
    expect(normalizeText("\u0456gn\u043Er\u0435 \u0406GNORE \u03BFk \u0391\u0392").text).toBe("ignore IGNORE ok AB");
  });

  it("keeps ASCII as it is (no UTS #39 folding of l, I, 0, m)", () => {
    expect(normalizeText("Il0m rn").text).toBe("Il0m rn");
  });

  it("collapses whitespace: a run with a line break becomes one newline, else one space; ends are trimmed", () => {
    const n = normalizeText("  a \t b \r\n\n c\u00A0\u3000d  ");
    expect(n.text).toBe("a b\nc d");
    expect(n.offsets.slice(0, 3)).toEqual([2, 3, 6]);
  });

  it("maps a normalised span back to the original characters", () => {
    const n = normalizeText("x \u0456gn\u200Bore y", 100);
    const start = n.text.indexOf("ignore");
    expect(originalSpan(n, start, start + 6)).toEqual({ offset: 102, endOffset: 109 });
  });

  it("aligns a segment to its source when escapes were resolved (YAML/JSON strings)", () => {
    const n = normalizeSegments([{ text: 'say "hi"', offset: 50, source: '"say \\"hi\\""' }]);
    expect(n.text).toBe('say "hi"');
    expect(n.offsets).toEqual([51, 52, 53, 54, 56, 57, 58, 60]);
  });

  it("concatenates segments without inserting anything", () => {
    const n = normalizeSegments([
      { text: "ignore ", offset: 0 },
      { text: "all", offset: 9 },
    ]);
    expect(n.text).toBe("ignore all");
    expect(n.offsets[7]).toBe(9);
  });
});

describe("latinLookAlike", () => {
  it("maps only non-ASCII characters with an ASCII prototype", () => {
    expect([latinLookAlike("\u0430"), latinLookAlike("a"), latinLookAlike("\u4E00"), latinLookAlike("\u0406")]).toEqual(["a", undefined, undefined, "I"]);
  });
});
