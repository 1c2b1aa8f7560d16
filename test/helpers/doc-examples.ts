/**
 * The "Not ok" and "Ok" examples of a rule doc page, with the findings listed under each.
 */
import type { HandoffConfig } from "../../src/3-check/engine/config.js";

/** One example of a page. */
export interface DocExample {
  kind: "Not ok" | "Ok";
  line: number;
  text: string;
  path: string;
  now?: Date;
  profile?: string;
  config?: HandoffConfig;
  /** Findings listed under it: `line:column severity message` and the rule id. */
  listed: Array<{ finding: string; ruleId: string }>;
}

const EXAMPLE = /^(Not ok|Ok)(?: \([^)\n]*\))?((?:, [^\n]*?)?):\n\n(`{3,})(markdown|json)( escaped)?\n([\s\S]*?)\n?\3\n/gm;
const LISTED = /^(?:- )?`(\d+:\d+ (?:error|warning|info) .*) ([\w-]+)`$/;

/** The examples of a rule doc, in page order (the grammar is in test/docs/rule-docs.test.ts). */
export function examples(page: string): DocExample[] {
  return [...page.matchAll(EXAMPLE)].map((m) => {
    const settings = m[2] ?? "";
    const now = /`--now ([^`]+)`/.exec(settings)?.[1];
    const profile = /profile `([^`]+)`/.exec(settings)?.[1];
    const maxFileSize = /`--max-file-size (\d+)`/.exec(settings)?.[1];
    const rule = /`--rule ([\w-]+)=(error|warning|info)`/.exec(settings);
    const raw = m[6] ?? "";
    const text = m[5] ? raw.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw;
    const after = page.slice((m.index ?? 0) + m[0].length).split("\n");
    const listed: DocExample["listed"] = [];
    for (const line of after) {
      if (/^(?:Not ok|Ok)\b|^#/.test(line)) break;
      const found = LISTED.exec(line);
      if (found) listed.push({ finding: found[1] as string, ruleId: found[2] as string });
    }
    return {
      kind: m[1] as DocExample["kind"],
      line: page.slice(0, m.index).split("\n").length,
      text: text.length > 0 ? `${text}\n` : text,
      path: m[4] === "json" ? "handoff.json" : "handoff.md",
      ...(now ? { now: new Date(now) } : {}),
      ...(profile ? { profile } : {}),
      ...(maxFileSize || rule
        ? {
            config: {
              ...(maxFileSize ? { maxFileSize: Number(maxFileSize) } : {}),
              ...(rule ? { rules: { [rule[1] as string]: rule[2] as "error" | "warning" | "info" } } : {}),
            },
          }
        : {}),
      listed,
    };
  });
}
