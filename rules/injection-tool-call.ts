/**
 * injection-tool-call: inline tool-call markup (`<tool_use>`, `<function_call>`, `<invoke …>`,
 * namespaced `…:invoke` / `…:parameter` — hatch3r P-LEARN-05) and fake agent-loop transcripts
 * (`Thought:` / `Action:` / `Observation:` lines, the ReAct format) that try to make the reader
 * believe a tool was, or must be, called.
 *
 * A single `Action:` line is ordinary handoff prose ("**Action:** rerun the job"), so the loop
 * needs two different loop labels on nearby lines.
 */
import { defineInjectionRule } from "../src/3-check/injection/define-rule.js";
import { excerpt, patternHits, reportHit, reportRuns, type InjectionHit, type InjectionPattern } from "../src/3-check/injection/detector.js";
import type { NormalizedText } from "../src/3-check/injection/normalize.js";
import { textRuns } from "../src/3-check/injection/runs.js";

const PATTERNS: readonly InjectionPattern[] = [
  {
    re: /<\/?(?:[a-z][\w-]{0,15}:)?(?:tool_use|tool_call|tool_calls|tool_result|function_call|function_calls|function_results|invoke)\b[^<>\n]{0,120}>?/gi,
    messageId: "markup",
  },
  { re: /<\/?(?:[a-z][\w-]{0,15}:parameter\b|parameter\s+name\s*=)[^<>\n]{0,120}>?/gi, messageId: "markup" },
  // Mistral's tool-call control tokens
  { re: /\[(?:TOOL_CALLS|TOOL_RESULTS|AVAILABLE_TOOLS)\]/g, messageId: "markup" },
];

/** Labels of the ReAct loop, at the start of a line. */
const LOOP_LABEL = /^[ \t]*(?:[-*>][ \t]*)?(Thought|Action Input|Action|Observation|Final Answer)[ \t]*:/gim;
/** Two labels further apart than this (characters of normalized text) are not one transcript. */
const LOOP_WINDOW = 400;

/** One loop label found in a run. */
interface LoopLabel {
  normalized: NormalizedText;
  /** Index in the normalized text. */
  index: number;
  length: number;
  label: string;
}

function labelsOf(normalized: NormalizedText): LoopLabel[] {
  return [...normalized.text.matchAll(LOOP_LABEL)].map((m) => ({ normalized, index: m.index, length: m[0].length, label: (m[1] as string).toLowerCase() }));
}

/**
 * Transcripts: maximal chains of labels each within {@link LOOP_WINDOW} document characters of the
 * previous one, holding at least two different labels. Returns the hit at each chain's first label.
 */
function transcripts(labels: readonly LoopLabel[]): Array<{ normalized: NormalizedText; hit: InjectionHit }> {
  const found: Array<{ normalized: NormalizedText; hit: InjectionHit }> = [];
  const at = (l: LoopLabel): number => l.normalized.offsets[l.index] ?? 0;
  for (let i = 0; i < labels.length;) {
    let j = i;
    while (j + 1 < labels.length && at(labels[j + 1] as LoopLabel) - at(labels[j] as LoopLabel) <= LOOP_WINDOW) j++;
    const distinct = new Set(labels.slice(i, j + 1).map((l) => l.label));
    if (distinct.size >= 2) {
      const first = labels[i] as LoopLabel;
      const text = first.normalized.text;
      const newline = text.indexOf("\n", first.index + first.length);
      const end = newline < 0 ? text.length : newline;
      found.push({
        normalized: first.normalized,
        hit: { start: first.index, end, messageId: "loop", data: { text: excerpt(text.slice(first.index, end)) } },
      });
    }
    i = j + 1;
  }
  return found;
}

/** Finds tool-call markup and agent-loop transcripts in normalized text (reused by `injection-obfuscation`). */
export function detectToolCall(text: string): InjectionHit[] {
  const normalized: NormalizedText = { text, offsets: Array.from({ length: text.length }, (_, i) => i), endOffset: text.length };
  return [...patternHits(text, PATTERNS), ...transcripts(labelsOf(normalized)).map((t) => t.hit)];
}

/** The `injection-tool-call` rule; see `rules/injection-tool-call.md`. */
export const injectionToolCall = defineInjectionRule({
  id: "injection-tool-call",
  code: "HK034",
  description: "No inline tool-call markup or fake agent-loop (Thought:/Action:/Observation:) transcripts.",
  defaultSeverity: "error",
  precision: "high",
  messages: {
    markup: "Inline tool-call markup{{where}}: '{{text}}'",
    loop: "Fake agent-loop transcript (Thought:/Action:/Observation:){{where}}: '{{text}}'",
  },
  check(document, context) {
    const runs = textRuns(document);
    reportRuns(context, runs, (text) => patternHits(text, PATTERNS));
    // A transcript often spans several paragraphs or list items: chain labels across runs.
    for (const { normalized, hit } of transcripts(runs.flatMap((run) => labelsOf(run.normalized)))) {
      reportHit(context, normalized, hit, { where: "" });
    }
  },
});
