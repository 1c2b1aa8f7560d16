/**
 * Every injection rule's patterns are bounded: on a 1 MB adversarial line each rule must finish well
 * under two seconds of CPU time (a generous "must finish" bound, not a benchmark).
 */
import { describe, expect, it } from "vitest";
import { builtinRules } from "../../../rules/index.js";
import { checkDocument, prepareRules } from "../../../src/engine/run.js";
import { buildDocument, createSession } from "../../../src/lint.js";
import { sourceFromBytes } from "../../../src/load/read.js";
import { cpuMs } from "../../helpers/cpu-time.js";

const MB = 1024 * 1024;
const fill = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

/** Lines built to make a backtracking regex work hard: near-misses of every pattern, repeated. */
const ADVERSARIAL: Record<string, string> = {
  "keyword soup": fill(
    "ignore all the previous you are now act as pretend <|im_ <|x [INST <<SYS reveal your system BEGIN USER TIER <tool_use Thought: Action: ",
  ),
  "one long base64/hex run": fill("A1b2C3d4"),
  "percent and escapes": fill("%4%41\\x4\\u00&#10"),
  "look-alikes and invisibles": fill("\u0456gn\u200B\u043Er\u0435 \u202E"),
  "dashes and colons": fill("--- key: -- "),
};

const injectionRules = builtinRules.filter((rule) => rule.meta.id.startsWith("injection-"));

describe("injection rules on 1 MB adversarial lines", () => {
  it("covers all nine injection rules", () => {
    expect(injectionRules.map((r) => r.meta.code)).toEqual(["HK030", "HK031", "HK032", "HK033", "HK034", "HK035", "HK036", "HK037", "HK038"]);
  });
  for (const [name, line] of Object.entries(ADVERSARIAL)) {
    // The keyword soup goes in a code fence: remark's inline parser alone needs many seconds for a
    // 1 MB line full of `[` and `<`, and the parse is not what is measured here. Every other line
    // is a paragraph. The document is parsed once; each rule gets a fresh copy (so none reuses the
    // text runs another built) and only the rule's check is timed.
    const text = name === "keyword soup" ? `# H\n\n\`\`\`\n${line}\n\`\`\`\n` : `# H\n\n${line}\n`;
    let parsed: ReturnType<typeof buildDocument> | undefined;
    const parse = (): ReturnType<typeof buildDocument> => {
      parsed ??= buildDocument(sourceFromBytes("adversarial.md", new TextEncoder().encode(text), "/virtual"), createSession({ cwd: "/virtual", rules: [] }));
      return parsed;
    };
    for (const rule of injectionRules) {
      it(`${rule.meta.id} finishes a 1 MB '${name}' line in under 2000 ms of CPU time`, () => {
        const { document, profile } = parse();
        // Spreading reads every lazy property (mdast, sections, record), so the Markdown parse is
        // done here, outside the timed part; the copy keeps runs built by other rules away.
        const copy = { ...document };
        const prepared = prepareRules([rule], {});
        let result: ReturnType<typeof checkDocument> | undefined;
        const elapsed = cpuMs(() => {
          result = checkDocument(copy, profile, prepared);
        });
        if (!result) throw new Error("the rule did not run");
        expect(result.internalErrors).toEqual([]);
        expect(elapsed).toBeLessThan(2000);
      });
    }
  }
});
