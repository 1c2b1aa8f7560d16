import { describe, expect, it } from "vitest";
import type { FileResult, MaskedFileResult } from "../../src/3-check/engine/diagnostic.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { maskResults, maskSecret, maskText } from "../../src/3-check/secrets/mask.js";
import { rawResult } from "../helpers/raw-result.js";
import { ALPHABETS, randomStrings } from "./labelled.js";

const r = randomStrings(5150);

describe("maskSecret", () => {
  it("shows no character of a secret under 20 characters, at most 4 (a third) of a longer one, and the length", () => {
    expect(maskSecret("abcdefghijklmnopqrst")).toBe("abcd…(20 chars)");
    expect(maskSecret("abcdefghi")).toBe("…(9 chars)");
    expect(maskSecret("Sup3rS3cretPw")).toBe("…(13 chars)");
    expect(maskSecret("abcdefghijklmnopqrs")).toBe("…(19 chars)");
    expect(maskSecret("ab")).toBe("…(2 chars)");
  });
});

describe("maskText", () => {
  it("masks whole occurrences and pieces of a secret longer than 4 characters", () => {
    const secret = "Zq81pLmNoPqRsTuVwXyZ";
    expect(maskText(`a ${secret} b`, [secret])).toBe("a Zq81…(20 chars) b");
    expect(maskText(`cut: "${secret.slice(0, 9)}..." and "...${secret.slice(12)}"`, [secret])).toBe('cut: "Zq81…(20 chars)..." and "...Zq81…(20 chars)"');
    expect(maskText("only Zq81 and TuVw stay", [secret])).toBe("only Zq81 and TuVw stay");
  });

  it("leaves a short piece inside an ordinary word alone, masks it as a token or next to an ellipsis", () => {
    const secret = "Sup3rS3cretPassw0rd";
    expect(maskText("Password in a database URL (detector database-url)", [secret])).toBe("Password in a database URL (detector database-url)");
    expect(maskText('quoted: Passw0 and cut: [Context: "x:Sup3rS..."]', [secret])).toBe('quoted: …(19 chars) and cut: [Context: "x:…(19 chars)..."]');
  });

  it("leaves a piece of a token's vendor marker alone (a detector id naming the vendor), masks anything past the marker", () => {
    const token = `github_pat_11FAKE${r(ALPHABETS.b62, 16)}_${r(ALPHABETS.b62, 59)}`;
    expect(maskText(`a token (${token}, detector github-fine-grained-pat)`, [token])).toBe("a token (gith…(93 chars), detector github-fine-grained-pat)");
    expect(maskText(`cut: ${token.slice(0, 15)}...`, [token])).toBe("cut: gith…(93 chars)...");
    expect(maskText("the whole marker github_pat_ alone", [token])).toBe("the whole marker gith…(93 chars) alone");
    // A secret without a known marker keeps every 5-character piece masked.
    expect(maskText("detector gith-x", ["githXXXXXXXXXXXXXXXXXXXXXXXXXXXX"])).toBe("detector gith-x");
    expect(maskText("say githXX", ["githXXXXXXXXXXXXXXXXXXXXXXXXXXXX"])).toBe("say gith…(32 chars)");
  });

  it("masks credential-shaped values the detectors find even when no rule named them", () => {
    const token = `ghp_FAKE${r(ALPHABETS.b62, 32)}`;
    expect(maskText(`quoted ${token} here`, [])).toBe("quoted ghp_…(40 chars) here");
  });
});

describe("maskResults", () => {
  it("masks a markdownlint message quoting the line of a secret found by no-secrets", () => {
    const password = `Fk${r(ALPHABETS.b62, 38)}`;
    // MD034 (bare URLs) is not in the default preset: turned on, it quotes the URL.
    const session = createSession({ cwd: "/virtual", config: { markdownlint: { MD034: true } } });
    const text = `# H\n\n## Next steps\n\nSee http://deploy:${password}@ci.internal/hook now.\n`;
    const result = rawResult("h.md", text, session);
    const md034 = result.diagnostics.find((d) => d.ruleId === "MD034");
    // markdownlint quotes the start of the URL, cutting the password: a piece of it is in the raw message.
    expect(md034?.message).toBe(`Bare URL used [Context: "http://deploy:${password.slice(0, 16)}..."]`);
    const masked = maskResults([result])[0] as MaskedFileResult;
    // What the engine itself returns is masked the same way.
    expect(lintText("h.md", text, session)).toEqual(masked);
    expect(masked.diagnostics.map((d) => `${d.ruleId} ${d.message}`)).toEqual([
      `MD034 Bare URL used [Context: "http://deploy:${password.slice(0, 4)}…(40 chars)..."]`,
      `no-secrets Password in a URL in the handoff (${password.slice(0, 4)}…(40 chars), detector url-credentials): say where to get the credential, never write it down`,
    ]);
    expect(masked.diagnostics.every((d) => !("secrets" in d))).toBe(true);
  });

  it("masks the secrets of suppressed findings in the file's other messages", () => {
    const secret = "Ab12Cd34Ef56Gh78";
    const result: FileResult = {
      path: "a.md",
      profile: "generic",
      diagnostics: [
        { ruleId: "MD034", severity: "warning", message: `quote ${secret}`, line: 1, column: 1, endLine: 1, endColumn: 2, offset: 0, endOffset: 1 },
      ],
      internalErrors: [],
      maskedSecrets: [secret],
    };
    const [masked] = maskResults([result]);
    expect(masked).toEqual({
      path: "a.md",
      profile: "generic",
      diagnostics: [{ ...result.diagnostics[0], message: "quote …(16 chars)" }],
      internalErrors: [],
    });
  });
});
