/**
 * injection-fake-delimiter: text that forges the structure a model reads as "a new turn" or "the
 * system speaking": chat-template tokens (`<|im_start|>`, `[INST]`, `<<SYS>>`, Llama 3's
 * `<|start_header_id|>`), `System:` alone on a line, headings posing as a system prompt or
 * instructions (hatch3r P-LEARN-01), a second frontmatter block in the body that sets
 * `protected`/`scope`/`model` (P-LEARN-02) and forged hatch3r managed-block markers (P-LEARN-04).
 */
import { defineInjectionRule } from "../src/3-check/injection/define-rule.js";
import { excerpt, patternHits, reportHit, reportRuns, type InjectionHit, type InjectionPattern } from "../src/3-check/injection/detector.js";
import { normalizeText } from "../src/3-check/injection/normalize.js";
import { textRuns } from "../src/3-check/injection/runs.js";

const PATTERNS: readonly InjectionPattern[] = [
  // ChatML, Llama 2/3, Gemma, Phi, tool delimiters (hatch3r P-PIPE-02, P-PIPE-07)
  { re: /<\|[a-z]\w{1,30}\|>|\[\/?INST\]|<<\/?SYS>>|<\/?(?:start_of_turn|end_of_turn)>/gi, messageId: "token" },
  // Mistral's control tokens, Alpaca's instruction and response headers alone on their line
  { re: /\[\/?(?:SYSTEM_PROMPT|INST)\]|^[ \t]*#{2,3}[ \t]*(?:Instruction|Response)[ \t]*:[ \t]*$/gm, messageId: "token" },
  // a role label alone on its line (hatch3r P-PIPE-01)
  { re: /^[ \t]*(?:system|assistant|user|human)[ \t]*:[ \t]*$/gim, messageId: "token" },
  // pseudo system tags
  { re: /<\/?(?:system|system[_-]prompt|system[_-]message|system[_-]reminder|sys)>/gi, messageId: "token" },
  // <!-- SYSTEM --> (hatch3r P-PIPE-04)
  { re: /<!--\s*(?:SYSTEM|ADMIN|ROOT|DEVELOPER)\s*(?::|-->)/gi, messageId: "token" },
  // forged hatch3r managed-block markers (P-LEARN-04)
  { re: /HATCH3R:(?:BEGIN|END)\b/gi, messageId: "managed" },
];

// hatch3r P-LEARN-01, `^#{1,2}\s*(system\s+prompt|instructions|you\s+are|role)\s*:` (and Alpaca's
// `### Instruction:`), plus headings that need no colon to pose as one.
const FAKE_HEADING =
  /^\W{0,3}(?:(?:system\s+prompt|instructions?|you\s+are|role)\s*:|(?:system\s+(?:message|instructions?|override|directive)|(?:new|updated|real|actual|hidden|secret|override)\s+(?:system\s+)?(?:instructions|prompt)|(?:admin|operator)\s+(?:override|instructions)|instructions\s+(?:for|to)\s+(?:the\s+)?(?:ai|assistant|model|llm)s?)\s*(?::\s*)?$)/i;

// Keys a second frontmatter block would set to change the reader's powers (P-LEARN-02, widened).
const PROTECTED_KEY =
  /^(?:protected|scope|model|role|permissions?|allowed[_-]?tools|tools|system[_-]?prompt|instructions|trust(?:ed)?|tier|priority|authority|autonomy|approval|sandbox|mode)$/i;
const KEY_LINE = /^[ \t]*([A-Z_][\w.-]{0,40})[ \t]*:(?:[ \t]|$)/i;
const CONTINUATION = /^(?:[ \t]+\S|[ \t]*-[ \t])/;
const FENCE = /^[ \t]{0,3}(?:`{3,}|~{3,})/;
const RULE_LINE = /^---[ \t]*$/;

/** Finds chat-template tokens and managed-block markers in normalized text (reused by `injection-obfuscation`). */
export function detectFakeDelimiter(text: string): InjectionHit[] {
  return patternHits(text, PATTERNS);
}

/** Lines of `text` from `from` on, as [start offset, line text]. */
function* linesFrom(text: string, from: number): Generator<[number, string]> {
  let start = from;
  while (start < text.length) {
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    yield [start, text.slice(start, end)];
    start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
  }
}

/** Second frontmatter blocks in the body: `---`, key lines with a protected key, `---`. */
function embeddedFrontmatter(text: string, bodyOffset: number, hasFrontmatter: boolean): Array<{ offset: number; endOffset: number; key: string }> {
  const found: Array<{ offset: number; endOffset: number; key: string }> = [];
  let inFence = false;
  let open: { offset: number; key: string | undefined; lines: number; displaced: boolean } | undefined;
  // Without frontmatter, a block preceded only by blank lines and HTML comments is the document's
  // own (displaced) frontmatter, not a second one: a generator's banner comment often comes first.
  let leading = !hasFrontmatter;
  for (const [start, rawLine] of linesFrom(text, bodyOffset)) {
    // Normalized so `prоtected` (Cyrillic о) or a zero-width split key still reads as the key.
    const line = /^[\x00-\x7f]*$/.test(rawLine) ? rawLine : normalizeText(rawLine).text;
    if (leading && !open) {
      const trimmed = line.trim();
      if (trimmed === "" || /^<!--.*-->$/.test(trimmed)) continue;
      if (!RULE_LINE.test(line)) leading = false;
    }
    if (FENCE.test(line)) {
      inFence = !inFence;
      open = undefined;
      continue;
    }
    if (inFence) continue;
    if (RULE_LINE.test(line)) {
      if (open && open.lines > 0) {
        if (open.key && !open.displaced) found.push({ offset: open.offset, endOffset: start + rawLine.length, key: open.key });
        open = undefined;
        continue;
      }
      open = { offset: start, key: undefined, lines: 0, displaced: leading };
      leading = false;
      continue;
    }
    if (!open) continue;
    const key = KEY_LINE.exec(line);
    if (key) {
      open.lines++;
      const name = key[1] as string;
      if (!open.key && PROTECTED_KEY.test(name)) open.key = name;
    } else if (open.lines > 0 && CONTINUATION.test(line)) {
      open.lines++;
    } else {
      open = undefined;
    }
    if (open && open.lines > 40) open = undefined;
  }
  return found;
}

/** The `injection-fake-delimiter` rule; see `rules/injection-fake-delimiter.md`. */
export const injectionFakeDelimiter = defineInjectionRule({
  id: "injection-fake-delimiter",
  code: "HK032",
  description: "No chat-template tokens, fake system-prompt headings, text voiced as the system, embedded frontmatter or forged managed-block markers.",
  defaultSeverity: "error",
  precision: "high",
  families: ["voiced"],
  messages: {
    token: "Chat-template or role delimiter{{where}}: '{{text}}'",
    managed: "Forged managed-block marker{{where}} (hatch3r P-LEARN-04): '{{text}}'",
    heading: "Heading poses as a system prompt or instructions (hatch3r P-LEARN-01): '{{text}}'",
    frontmatter: "A second frontmatter block in the body sets '{{key}}' (hatch3r P-LEARN-02)",
    voiced: "Instruction voiced as the system, an administrator or the assistant{{where}} ({{signals}}): '{{text}}'",
  },
  check(document, context) {
    const runs = textRuns(document);
    reportRuns(context, runs, detectFakeDelimiter);
    for (const run of runs) {
      if (run.kind !== "heading") continue;
      const text = run.normalized.text;
      if (FAKE_HEADING.test(text)) {
        reportHit(context, run.normalized, { start: 0, end: text.length, messageId: "heading", data: { text: excerpt(text) } });
      }
    }
    if (document.format === "markdown") {
      for (const block of embeddedFrontmatter(document.text, document.bodyOffset, document.frontmatter !== undefined)) {
        context.report({ messageId: "frontmatter", data: { key: block.key }, offset: block.offset, endOffset: block.endOffset });
      }
    }
  },
});
