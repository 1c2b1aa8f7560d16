import { describe, expect, it } from "vitest";
import { escapeControls } from "../../src/4-report/controls.js";

const ESC = "\u001b";

describe("escapeControls", () => {
  it("shows ESC, CSI and OSC sequences as text: a fake summary line cannot erase the real report", () => {
    const heading = `${ESC}[1A${ESC}[2K✔ 1 file checked, no problems${ESC}[8m`;
    expect(escapeControls(heading)).toBe("\\x1b[1A\\x1b[2K✔ 1 file checked, no problems\\x1b[8m");
    expect(escapeControls(`name${ESC}]0;pwned\u0007.md`)).toBe("name\\x1b]0;pwned\\x07.md");
    expect(escapeControls(`${ESC}]8;;https://evil.example${ESC}\\link`)).toBe("\\x1b]8;;https://evil.example\\x1b\\link");
  });

  it("escapes the other C0 controls, DEL and C1 controls (one-byte CSI U+009B, OSC U+009D)", () => {
    expect(escapeControls("a\u0000b\u0008c\u007fd\u009b2Je\u009d0;t\u0085")).toBe("a\\x00b\\x08c\\x7fd\\x9b2Je\\x9d0;t\\x85");
    expect(escapeControls("one\ntwo\tthree\r\nfour\rfive")).toBe("one\\ntwo\\tthree\\r\\nfour\\rfive");
  });

  it("in multi-line text keeps LF, CRLF and TAB, and still escapes a lone CR", () => {
    expect(escapeControls("one\ntwo\tthree\r\nfour\rfive", { multiline: true })).toBe("one\ntwo\tthree\r\nfour\\rfive");
  });

  it("shows bidi controls, zero-width characters, the BOM, separators, tags, fillers and lone surrogates", () => {
    expect(escapeControls("access\u202e\u2066level\u2069\u200e")).toBe("access\\u202e\\u2066level\\u2069\\u200e");
    expect(escapeControls("pass\u200bword\ufeff\u00ad")).toBe("pass\\u200bword\\ufeff\\xad");
    expect(escapeControls("a\u2028b\u2029c")).toBe("a\\u2028b\\u2029c");
    expect(escapeControls("say \u{E0069}\u{E0067}\u{E006E}")).toBe("say \\u{e0069}\\u{e0067}\\u{e006e}");
    expect(escapeControls("x\u3164y\u115fz")).toBe("x\\u3164y\\u115fz");
    expect(escapeControls("bad \ud800 half")).toBe("bad \\ud800 half");
  });

  it("leaves well-formed emoji and joining scripts alone, escapes a run of variation selectors", () => {
    for (const text of [
      "👩\u200d💻 ok",
      "❤\ufe0f",
      "👁\ufe0f\u200d🗨\ufe0f",
      "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
      "می\u200cخواهم",
      "क्\u200dष",
    ]) {
      expect(escapeControls(text)).toBe(text);
    }
    expect(escapeControls("A\ufe0f\ufe0f\ufe0f")).toBe("A\ufe0f\\ufe0f\\ufe0f");
    expect(escapeControls("word\u200djoined")).toBe("word\\u200djoined");
    expect(escapeControls("🏴\u{E0041}\u{E0042}")).toBe("🏴\\u{e0041}\\u{e0042}");
  });

  it("returns plain text unchanged and stays linear on long hostile runs", () => {
    const plain = "Missing required section 'Next steps' (contract profile)";
    expect(escapeControls(plain)).toBe(plain);
    const tags = "🏴" + "\u{E0041}".repeat(200_000);
    expect(escapeControls(tags)).toBe("🏴" + "\\u{e0041}".repeat(200_000));
    expect(escapeControls("\u200d".repeat(200_000))).toBe("\\u200d".repeat(200_000));
  });
});
