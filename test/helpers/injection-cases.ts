/**
 * Builds the table cases every `injection-*` text rule shares: one positive line, then the same
 * line zero-width split, in Cyrillic look-alikes, in fullwidth forms and inside an HTML comment
 * (all reported by the rule at the same place), and base64/hex/percent-encoded (not reported by the
 * rule itself: those are `injection-obfuscation`'s, see {@link encodedCases}).
 */
import type { RuleCase } from "./rule-tester.js";
import { base64, fullwidth, hex, homoglyph, htmlComment, percent, zeroWidthSplit } from "./injection-variants.js";

/** A positive line of a text rule. */
export interface Positive {
  /** The line, placed as line 3 of `# H\n\n<line>\n`; the rule must report it at column 1. */
  line: string;
  /** Expected `severity message` for a finding with the given `where` (`""` or ` in an HTML comment`). */
  finding: (where: string) => string;
  /** Expected `<ruleId>: '<excerpt>'` part of the obfuscation message for an encoded copy. */
  decoded: string;
  /** Variants that do not apply to this positive. */
  skip?: ReadonlyArray<"zero-width" | "homoglyph" | "fullwidth" | "comment">;
}

const doc = (line: string): string => `# H\n\n${line}\n`;

/** Plain, zero-width, homoglyph, fullwidth and HTML-comment cases, plus encoded negatives. */
export function variantCases(positive: Positive): RuleCase[] {
  const skip = new Set(positive.skip ?? []);
  const at1 = [`3:1 ${positive.finding("")}`];
  const cases: RuleCase[] = [{ name: `reports '${positive.line}'`, text: doc(positive.line), expected: at1 }];
  if (!skip.has("zero-width"))
    cases.push({ name: `reports it split by zero-width spaces: ${positive.line}`, text: doc(zeroWidthSplit(positive.line)), expected: at1 });
  if (!skip.has("homoglyph")) cases.push({ name: `reports it in Cyrillic look-alikes: ${positive.line}`, text: doc(homoglyph(positive.line)), expected: at1 });
  if (!skip.has("fullwidth")) cases.push({ name: `reports it in fullwidth forms: ${positive.line}`, text: doc(fullwidth(positive.line)), expected: at1 });
  if (!skip.has("comment")) {
    cases.push({
      name: `reports it inside an HTML comment: ${positive.line}`,
      text: doc(htmlComment(positive.line)),
      expected: [`3:6 ${positive.finding(" in an HTML comment")}`],
    });
  }
  for (const [encoding, encode] of [
    ["base64", base64],
    ["hex", hex],
    ["percent", percent],
  ] as const) {
    cases.push({ name: `leaves the ${encoding} copy to injection-obfuscation: ${positive.line}`, text: doc(encode(positive.line)), expected: [] });
  }
  return cases;
}

/** Cases for `injection-obfuscation`: the positive base64-, hex- and percent-encoded. */
export function encodedCases(positive: Positive): RuleCase[] {
  return (
    [
      ["base64", base64],
      ["hex", hex],
      ["percent", percent],
    ] as const
  ).map(([encoding, encode]) => ({
    name: `reports the ${encoding}-encoded '${positive.line}'`,
    text: doc(encode(positive.line)),
    expected: [`3:1 error ${encoding} text decodes to ${positive.decoded}`],
  }));
}
