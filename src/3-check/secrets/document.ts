/**
 * The secrets of one document, scanned once and shared: the `no-secrets` rule reports them, and
 * the lint pipeline hands every one of them to the masking (even when the rule is off, or a
 * finding is suppressed), so no output can quote them.
 */
import type { HandoffDocument } from "../../2-parse/document/model.js";
import type { Node as JsonNode } from "jsonc-parser";
import { frontmatterSecretFacts, type FoldedSecretMatch, type FrontmatterSecretFacts } from "./frontmatter.js";
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
    const frontmatter = frontmatterSecretFacts(document.frontmatter, document.text);
    // A record (a .json file, or a fenced one: only read when an escape could hide something).
    if (document.format === "json" || document.text.includes("\\u")) frontmatter.folded.push(...escapedRecordSecrets(document));
    found = {
      matches: document.text.length === 0 ? [] : scanSecrets(document.text),
      frontmatter,
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

/**
 * Secrets of a JSON record's strings written with escapes (`"\u0067hp_…"`): each string whose
 * source holds a backslash is scanned again decoded, with its member name before it as context.
 */
function escapedRecordSecrets(document: HandoffDocument): FoldedSecretMatch[] {
  const found: FoldedSecretMatch[] = [];
  const tree = document.record?.tree;
  if (!tree) return found;
  const base = document.record?.offset ?? 0;
  const stack: Array<{ node: JsonNode; key: string }> = [{ node: tree, key: "" }];
  while (stack.length > 0) {
    const { node, key } = stack.pop() as { node: JsonNode; key: string };
    if (node.type === "object") {
      for (const property of node.children ?? []) {
        const [name, value] = property.children ?? [];
        if (value) stack.push({ node: value, key: typeof name?.value === "string" ? name.value : key });
      }
    } else if (node.type === "array") for (const child of node.children ?? []) stack.push({ node: child, key });
    else if (node.type === "string" && typeof node.value === "string") {
      const source = document.text.slice(base + node.offset, base + node.offset + node.length);
      if (!source.includes("\\")) continue;
      for (const match of scanSecrets(`${key}: ${node.value}`)) {
        if (document.text.includes(match.value)) continue;
        found.push({ ...match, offset: base + node.offset, endOffset: base + node.offset + node.length, pieces: [source] });
      }
    }
  }
  return found;
}
