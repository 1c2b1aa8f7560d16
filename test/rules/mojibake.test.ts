import { describe, expect, it } from "vitest";
import { mojibake } from "../../rules/mojibake.js";
import { ruleCases } from "../helpers/rule-tester.js";

/** Windows-1252's characters for the bytes 0x80–0x9F (WHATWG index; the five it leaves undefined kept as Latin-1). */
const HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

/** `text` decoded twice: its UTF-8 bytes read as Windows-1252, as a misconfigured editor saves it. */
function decodedTwice(text: string): string {
  return [...new TextEncoder().encode(text)].map((byte) => (byte >= 0x80 && byte <= 0x9f ? HIGH.charAt(byte - 0x80) : String.fromCharCode(byte))).join("");
}

describe("mojibake", () => {
  it("decodes the samples as an editor would (the test's own helper)", () => {
    expect(decodedTwice("— ’ § é")).toBe("â€” â€™ Â§ Ã©");
  });

  ruleCases(mojibake, [
    {
      name: "reports English punctuation decoded twice, once, at the first sequence, with the character it stood for",
      text: decodedTwice("# SESSION HANDOFF — start here\n\nDon’t skip §2: it says what’s left.\n"),
      expected: [
        "1:19 warning The text looks decoded twice (UTF-8 read as Windows-1252 and saved again): 4 sequences such as 'â€”' for '—'; restore the file from a clean copy, or convert it back with `iconv -f UTF-8 -t WINDOWS-1252`",
      ],
    },
    {
      name: "reports French, German, Russian and Chinese text decoded twice",
      text: decodedTwice("# Passation\n\nÉtat: déployé, Übergabe läuft.\n\nСостояние: готово.\n\n下一步：部署。\n"),
      expected: [
        "3:1 warning The text looks decoded twice (UTF-8 read as Windows-1252 and saved again): 27 sequences such as 'Ã‰' for 'É'; restore the file from a clean copy, or convert it back with `iconv -f UTF-8 -t WINDOWS-1252`",
      ],
    },
    {
      name: "leaves real text alone: accents, Nordic letters, a name with Ã, and one or two stray sequences",
      text: "# Notes\n\nCafé, naïve, Ærø, Øresund, Ñandú, Ã (a name), Â© 2026 and â€” once.\n\nDon’t skip §2 — it says what’s left.\n",
      expected: [],
    },
  ]);
});
