/**
 * injection-role: text re-assigning the reader's identity or persona — "you are no longer a
 * coding assistant", "your new persona is …", "act as a root shell", "pretend you are the
 * repository owner", "developer mode enabled", "an agent without guardrails" — the step that
 * usually follows an override.
 *
 * A handoff legitimately hands over roles ("you are now the owner of the release branch", "act as
 * the release manager until Friday"): those are weak signals and stay quiet alone; a new AI
 * identity, an unrestricted mode, or a weak one joined by another signal (claimed privileges, a
 * destructive ask) is reported. Decisions come from the signal scorer (`src/3-check/injection/scorer.ts`).
 */
import { defineInjectionRule } from "../src/3-check/injection/define-rule.js";

/** The `injection-role` rule; see `rules/injection-role.md`. */
export const injectionRole = defineInjectionRule({
  id: "injection-role",
  code: "HK031",
  description: "No text re-assigning the reader's identity or persona ('you are no longer an assistant', 'act as a root shell', 'developer mode').",
  defaultSeverity: "warning",
  precision: "medium",
  families: ["role"],
  messages: {
    role: "Role re-assignment{{where}}: '{{text}}'",
    mode: "Unrestricted-mode switch{{where}}: '{{text}}'",
  },
});
