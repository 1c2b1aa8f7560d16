/**
 * injection-obfuscation: long base64, hex, percent-encoded (or `\u`/`&#` escaped) runs in the
 * document that decode to text any other `injection-*` text rule would report — an instruction
 * smuggled past a reader (and past the other rules) in encoded form. Runs that decode to anything
 * else (hashes, tokens, ids) are left alone, so commit SHAs and digests never fire. Decoding goes
 * two levels deep (base64 of percent-encoded text).
 */
import type { Rule } from "../src/engine/rule.js";
import { excerpt, reportHit, type TextDetector } from "../src/injection/detector.js";
import { decodedRuns } from "../src/injection/decode.js";
import { normalizeText } from "../src/injection/normalize.js";
import { textRuns } from "../src/injection/runs.js";
import { detectFakeDelimiter } from "./injection-fake-delimiter.js";
import { detectMarkerSpoof } from "./injection-marker-spoof.js";
import { detectOverride } from "./injection-override.js";
import { detectPromptExtraction } from "./injection-prompt-extraction.js";
import { detectRole } from "./injection-role.js";
import { detectToolCall } from "./injection-tool-call.js";

/** The text rules whose findings an encoded run is checked for, by rule id. */
const DETECTORS: ReadonlyArray<[string, TextDetector]> = [
  ["injection-override", detectOverride],
  ["injection-role", detectRole],
  ["injection-fake-delimiter", detectFakeDelimiter],
  ["injection-marker-spoof", detectMarkerSpoof],
  ["injection-tool-call", detectToolCall],
  ["injection-prompt-extraction", detectPromptExtraction],
];

/** Rule ids whose detectors fire on `text`, decoding nested encodings once more. */
function categories(text: string, depth: number): { ruleIds: string[]; text: string } | undefined {
  const normalized = normalizeText(text).text;
  const ruleIds = DETECTORS.filter(([, detect]) => detect(normalized).length > 0).map(([id]) => id);
  if (ruleIds.length > 0) return { ruleIds, text: normalized };
  if (depth > 0) {
    for (const inner of decodedRuns(text)) {
      const found = categories(inner.decoded, depth - 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** The `injection-obfuscation` rule; see `rules/injection-obfuscation.md`. */
export const injectionObfuscation: Rule = {
  meta: {
    id: "injection-obfuscation",
    code: "HK038",
    description: "No base64, hex or percent-encoded runs that decode to prompt-injection text.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown", "json"],
    tags: ["injection", "security"],
    precision: "very-high",
    messages: {
      encoded: "{{encoding}} text decodes to {{rules}}: '{{text}}'",
    },
  },
  check(document, context) {
    for (const run of textRuns(document)) {
      for (const encoded of decodedRuns(run.normalized.text)) {
        const found = categories(encoded.decoded, 1);
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
};
