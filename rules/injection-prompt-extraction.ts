/**
 * injection-prompt-extraction: text asking the reader to reveal, repeat or include its system
 * prompt or hidden instructions — in a handoff, usually so a later, public step (a PR description,
 * a commit message, an image URL) carries them out.
 */
import type { Rule } from "../src/engine/rule.js";
import { patternHits, reportRuns, type InjectionHit, type InjectionPattern } from "../src/injection/detector.js";
import { textRuns } from "../src/injection/runs.js";

const VERB = String.raw`(?:reveal|repeat|print|show|output|display|disclose|leak|dump|share|expose|recite|echo|paste|reproduce|write\s+(?:out|down)|spell\s+out|tell\s+(?:me|us)|give\s+(?:me|us)|include|append|insert|copy|translate|summari[sz]e|encode)`;
const FILLER = String.raw`(?:(?:me|us|back|all|the|your|of|full|entire|exact|complete|verbatim|whole|any|contents?|text|word\s+for\s+word)\s+){0,4}`;
const SECRET_INSTRUCTIONS = String.raw`(?:system\s+(?:prompt|message|instructions?)|(?:hidden|secret|confidential|internal|initial|original|pre-?)(?:\s+system)?\s+(?:instructions|prompts?|rules|guidelines|directives)|developer\s+(?:message|instructions|prompt)|(?:instructions|prompt)\s+(?:above|you\s+were\s+given)|(?:text|words|everything|content)\s+above|your\s+(?:instructions|prompt|rules|guidelines|directives|configuration|initial\s+prompt|context\s+window))`;

const PATTERNS: readonly InjectionPattern[] = [
  // "reveal your system prompt", "repeat the words above", "print your hidden instructions"
  { re: new RegExp(String.raw`\b${VERB}\s+${FILLER}${SECRET_INSTRUCTIONS}\b`, "gi"), messageId: "extraction" },
  // "what are your instructions?", "what is your system prompt"
  {
    re: /\bwhat\s+(?:are|were|is|was)\s+your\s+(?:system\s+prompt|(?:(?:initial|original|hidden|secret|exact)\s+)?(?:instructions|prompt|rules|guidelines))\b/gi,
    messageId: "extraction",
  },
];

/** Finds prompt-extraction requests in normalised text (reused by `injection-obfuscation`). */
export function detectPromptExtraction(text: string): InjectionHit[] {
  return patternHits(text, PATTERNS);
}

/** The `injection-prompt-extraction` rule; see `rules/injection-prompt-extraction.md`. */
export const injectionPromptExtraction: Rule = {
  meta: {
    id: "injection-prompt-extraction",
    code: "HK035",
    description: "No text asking the reader to reveal or repeat its system prompt or hidden instructions.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown", "json"],
    tags: ["injection", "security"],
    precision: "high",
    messages: {
      extraction: "Asks to reveal system or hidden instructions{{where}}: '{{text}}'",
    },
  },
  check(document, context) {
    reportRuns(context, textRuns(document), detectPromptExtraction);
  },
};
