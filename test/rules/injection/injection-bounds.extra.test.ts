/**
 * Every injection rule's patterns are bounded, judged by growth: each rule's check of a 1 MB
 * adversarial line against its check of the same line at 100 KB (linear is ~10×; a backtracking
 * pattern grows 100× or more). Documents are parsed before anything is timed.
 */
import { describe, expect, it } from "vitest";
import { builtinRules } from "../../../rules/index.js";
import { checkDocument, prepareRules } from "../../../src/3-check/engine/run.js";
import { buildDocument, createSession } from "../../../src/3-check/lint.js";
import { sourceFromBytes } from "../../../src/1-load/read.js";
import { describeGrowth, measureGrowth } from "../../helpers/cpu-time.js";

const MB = 1024 * 1024;
const fill = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** Lines built to make a backtracking regex work hard: near-misses of every pattern, repeated. */
const ADVERSARIAL: Record<string, string> = {
  "keyword soup": "ignore all the previous you are now act as pretend <|im_ <|x [INST <<SYS reveal your system BEGIN USER TIER <tool_use Thought: Action: ",
  "one long base64/hex run": "A1b2C3d4",
  "percent and escapes": "%4%41\\x4\\u00&#10",
  "look-alikes and invisibles": "\u0456gn\u200B\u043Er\u0435 \u202E",
  "dashes and colons": "--- key: -- ",
};

const injectionRules = builtinRules.filter((rule) => rule.meta.id.startsWith("injection-"));

describe("injection rules on adversarial lines of 100 KB and 1 MB", () => {
  it("covers all nine injection rules", () => {
    expect(injectionRules.map((r) => r.meta.code)).toEqual(["HK030", "HK031", "HK032", "HK033", "HK034", "HK035", "HK036", "HK037", "HK038"]);
  });
  for (const [name, unit] of Object.entries(ADVERSARIAL)) {
    // The keyword soup goes in a code fence: remark's inline parser alone needs many seconds for a
    // 1 MB line full of `[` and `<`, and the parse is not what is measured here. Every other line
    // is a paragraph. Each document is parsed once; each check gets a fresh copy (so none reuses
    // the text runs another built) and only the rule's check is timed.
    const text = (size: number) => (name === "keyword soup" ? `# H\n\n\`\`\`\n${fill(unit, size)}\n\`\`\`\n` : `# H\n\n${fill(unit, size)}\n`);
    const parsed = new Map<number, ReturnType<typeof buildDocument>>();
    const parse = (size: number): ReturnType<typeof buildDocument> => {
      let built = parsed.get(size);
      if (!built) {
        built = buildDocument(
          sourceFromBytes("adversarial.md", new TextEncoder().encode(text(size)), "/virtual"),
          createSession({ cwd: "/virtual", rules: [] }),
        );
        // Spreading reads every lazy property (mdast, sections, record): the Markdown parse is done here.
        built = { document: { ...built.document }, profile: built.profile };
        parsed.set(size, built);
      }
      return built;
    };
    for (const rule of injectionRules) {
      it(`${rule.meta.id}: checking a 1 MB '${name}' line grows like the line, not faster`, () => {
        const small = parse(MB / 10);
        const large = parse(MB);
        const prepared = prepareRules([rule], {});
        const errors: string[] = [];
        const check =
          ({ document, profile }: ReturnType<typeof buildDocument>) =>
          () => {
            errors.push(...checkDocument({ ...document }, profile, prepared).internalErrors);
          };
        const growth = measureGrowth(check(small), check(large));
        expect(errors).toEqual([]);
        expect(growth.largeMs, describeGrowth(growth)).toBeLessThanOrEqual(growth.limitMs);
      });
    }
  }
});
