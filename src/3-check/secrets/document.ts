/**
 * The secrets of one document, scanned once and shared: the `no-secrets` rule reports them, and
 * the lint pipeline hands every one of them to the masking (even when the rule is off, or a
 * finding is suppressed), so no output can quote them.
 */
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { frontmatterSecretFacts, type FrontmatterSecretFacts } from "./frontmatter.js";
import { scanSecrets, type SecretMatch } from "./scan.js";

/** What the detectors found in a document. */
export interface DocumentSecrets {
  /** Matches of every built-in detector over the whole text, in text order. */
  matches: readonly SecretMatch[];
  /** Frontmatter facts: exempt and allowed spans, secrets of folded values. */
  frontmatter: FrontmatterSecretFacts;
}

const cache = new WeakMap<HandoffDocument, DocumentSecrets>();

/** Scans `document` (once; later calls return the same object). */
export function documentSecrets(document: HandoffDocument): DocumentSecrets {
  let found = cache.get(document);
  if (!found) {
    found = {
      matches: document.text.length === 0 ? [] : scanSecrets(document.text),
      frontmatter: frontmatterSecretFacts(document.frontmatter, document.text),
    };
    cache.set(document, found);
  }
  return found;
}

/** Every value to mask in the outputs about `document`: each match, folded values and their pieces. */
export function secretValuesToMask(document: HandoffDocument): string[] {
  const { matches, frontmatter } = documentSecrets(document);
  return [...matches.map((m) => m.value), ...frontmatter.folded.flatMap((m) => [m.value, ...m.pieces])];
}
