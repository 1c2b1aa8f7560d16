/**
 * injection-prompt-extraction: text asking the reader to reveal, repeat, summarise, translate or
 * encode its system prompt, its instructions or what it was told — in a handoff, usually so a
 * later, public step (a PR description, a commit message, an image URL) carries them out.
 * Decisions come from the signal scorer (`src/3-check/injection/scorer.ts`).
 */
import { defineInjectionRule } from "../src/3-check/injection/define-rule.js";

/** The `injection-prompt-extraction` rule; see `rules/injection-prompt-extraction.md`. */
export const injectionPromptExtraction = defineInjectionRule({
  id: "injection-prompt-extraction",
  code: "HK035",
  description: "No text asking the reader to reveal or repeat its system prompt or hidden instructions.",
  defaultSeverity: "error",
  precision: "high",
  families: ["extraction"],
  messages: {
    extraction: "Asks to reveal system or hidden instructions{{where}}: '{{text}}'",
  },
});
