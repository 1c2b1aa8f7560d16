/**
 * The literal trie of the injection gates (`src/3-check/injection/literal-trie.ts`): every literal that
 * occurs in a text is found, overlapping and nested ones included, and no other.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LiteralTrie } from "../../src/3-check/injection/literal-trie.js";

function foundIn(literals: readonly string[], text: string): string[] {
  const found = new Set<number>();
  new LiteralTrie(literals).scan(text, (n) => found.add(n));
  return [...found].sort((a, b) => a - b).map((n) => literals[n] as string);
}

describe("LiteralTrie", () => {
  it("finds overlapping and nested literals, ASCII and not, and nothing else", () => {
    const literals = ["the", "he", "there", "her", "a", "忽略", "略", "пароль", "\n", ""];
    expect(foundIn(literals, "There, hear\n忽略 парол")).toEqual(["he", "her", "a", "忽略", "略", "\n"]);
    expect(foundIn(literals, "there")).toEqual(["the", "he", "there", "her"]);
    expect(foundIn(literals, "")).toEqual([]);
    expect(foundIn(literals, "пароль!")).toEqual(["пароль"]);
  });

  it("finds exactly the literals a substring search finds", () => {
    const alphabet = fc.constantFrom("a", "b", "c", "я", "语", "\n", "\u{1f600}");
    const word = fc.array(alphabet, { minLength: 1, maxLength: 5 }).map((cs) => cs.join(""));
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 30 }), fc.array(alphabet, { maxLength: 60 }), (literals, chars) => {
        const text = chars.join("");
        const expected = literals.filter((l) => text.includes(l));
        expect(foundIn(literals, text)).toEqual(expected);
        // scanOnce: each literal once per stamp, marks of another stamp ignored.
        const trie = new LiteralTrie(literals);
        const seen = new Uint32Array(literals.length).fill(7);
        const once: number[] = [];
        trie.scanOnce(text, seen, 8, (n) => once.push(n));
        expect(once.sort((a, b) => a - b).map((n) => literals[n])).toEqual(expected);
        trie.scanOnce(text, seen, 8, (n) => once.push(n));
        expect(once.length).toBe(expected.length);
      }),
      { numRuns: 300, seed: 19 },
    );
  });
});
