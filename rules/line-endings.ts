/**
 * line-endings: a document whose lines end in more than one way (`\r\n` and `\n`, or a lone
 * `\r`), as an editor or a tool that appends lines leaves it. One finding, at the first line that
 * ends unlike the first; the fix ends every line as the first one does.
 */
import type { Rule, TextEdit } from "../src/3-check/engine/rule.js";

const ENDINGS = /\r\n|\r|\n/g;
const NAME: Readonly<Record<string, string>> = { "\r\n": "CRLF", "\n": "LF", "\r": "CR" };

export const lineEndings: Rule = {
  meta: {
    id: "line-endings",
    code: "HK052",
    description: "Every line ends the same way (no mix of CRLF, LF and CR).",
    defaultSeverity: "off",
    profiles: "all",
    formats: ["markdown", "json"],
    tags: ["whitespace"],
    precision: "very-high",
    fixable: "line-endings",
    messages: {
      mixed: "Mixed line endings ({{counts}}): this line ends in {{here}}, the first in {{first}}",
    },
  },
  check(document, context) {
    const { text } = document;
    let first: string | undefined;
    let differing: number | undefined;
    const counts = new Map<string, number>();
    const edits: TextEdit[] = [];
    for (const match of text.matchAll(ENDINGS)) {
      const ending = match[0];
      counts.set(ending, (counts.get(ending) ?? 0) + 1);
      first ??= ending;
      if (ending === first) continue;
      differing ??= match.index;
      edits.push({ range: [match.index, match.index + ending.length], text: first });
    }
    if (differing === undefined || first === undefined) return;
    const here = text.startsWith("\r\n", differing) ? "\r\n" : (text[differing] as string);
    const order = ["\r\n", "\n", "\r"].filter((e) => counts.has(e));
    context.report({
      messageId: "mixed",
      data: { counts: order.map((e) => `${counts.get(e)} ${NAME[e]}`).join(", "), here: NAME[here] as string, first: NAME[first] as string },
      offset: document.lines.lineStart(document.lines.point(differing).line),
      endOffset: differing,
      fix: edits,
    });
  },
};
