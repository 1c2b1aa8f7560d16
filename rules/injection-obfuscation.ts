/**
 * injection-obfuscation: long base64, hex, percent-encoded (or `\u`/`&#` escaped) runs in the
 * document that decode to text any other `injection-*` text rule would report — an instruction
 * smuggled past a reader (and past the other rules) in encoded form. Runs that decode to anything
 * else (hashes, tokens, ids) are left alone, so commit SHAs and digests never fire. Decoding goes
 * two levels deep (base64 of percent-encoded text).
 */
import { FAMILY_RULE, defineInjectionRule } from "../src/3-check/injection/define-rule.js";
import { excerpt, reportHit, type TextDetector } from "../src/3-check/injection/detector.js";
import { decodedRuns } from "../src/3-check/injection/decode.js";
import { normalizeText } from "../src/3-check/injection/normalize.js";
import { textRuns } from "../src/3-check/injection/runs.js";
import type { SignalMatch } from "../src/3-check/injection/scorer.js";
import { textVerdicts } from "../src/3-check/injection/verdicts.js";
import { detectFakeDelimiter } from "./injection-fake-delimiter.js";
import { detectMarkerSpoof } from "./injection-marker-spoof.js";
import { detectToolCall } from "./injection-tool-call.js";

/** The structural detectors an encoded run is checked with, by rule id (the scorer does the rest). */
const DETECTORS: ReadonlyArray<[string, TextDetector]> = [
  ["injection-fake-delimiter", detectFakeDelimiter],
  ["injection-marker-spoof", detectMarkerSpoof],
  ["injection-tool-call", detectToolCall],
];

/** A decode piped into a shell right after the run. */
const PIPED_TO_SHELL = /^['"]?\s*\|\s*(?:base64|openssl\s+base64|xxd)\b[^|\n]{0,20}\|\s*(?:ba|z)?sh\b/;

/**
 * Rule ids whose findings `text` would draw, decoding nested encodings once more. Decoded text is
 * hidden from the reader, so the scorer applies the hidden threshold to it.
 */
function categories(text: string, depth: number, carried: readonly SignalMatch[] = []): { ruleIds: string[]; text: string } | undefined {
  const normalized = normalizeText(text).text;
  const ruleIds = new Set(textVerdicts(text, { hidden: true, carried }).map((v) => FAMILY_RULE[v.family]));
  for (const [id, detect] of DETECTORS) if (detect(normalized).length > 0) ruleIds.add(id);
  if (ruleIds.size > 0) return { ruleIds: [...ruleIds].sort(), text: normalized };
  if (depth > 0) {
    for (const inner of decodedRuns(text)) {
      const found = categories(inner.decoded, depth - 1, carried);
      if (found) return found;
    }
  }
  return undefined;
}

/** The `injection-obfuscation` rule; see `rules/injection-obfuscation.md`. */
export const injectionObfuscation = defineInjectionRule({
  id: "injection-obfuscation",
  code: "HK038",
  description: "No base64, hex, percent-encoded, escaped or ROT13 runs that decode to prompt-injection text.",
  defaultSeverity: "error",
  precision: "very-high",
  messages: {
    encoded: "{{encoding}} text decodes to {{rules}}: '{{text}}'",
  },
  check(document, context) {
    for (const run of textRuns(document)) {
      const text = run.normalized.text;
      for (const encoded of decodedRuns(text)) {
        // `echo … | base64 -d | sh`: what the run decodes to is run unread.
        const piped = PIPED_TO_SHELL.test(text.slice(encoded.end, encoded.end + 60));
        const found = categories(encoded.decoded, 1, piped ? [{ kind: "execution", weight: 2, start: -1, end: -1 }] : []);
        if (!found) continue;
        reportHit(context, run.normalized, {
          start: encoded.start,
          end: encoded.end,
          messageId: "encoded",
          data: { encoding: encoded.encoding, rules: found.ruleIds.join(", "), text: excerpt(found.text) },
        });
      }
    }
  },
});
