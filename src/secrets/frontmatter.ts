/**
 * What `no-secrets` needs from the frontmatter beyond the plain text scan: values folded over
 * several lines (scanned again with their lines joined), the `integrity` value (never a secret),
 * and the lines carrying a `# handoff: allow` comment.
 */
import { isMap, isScalar, visit, type Pair, type Scalar } from "yaml";
import type { Frontmatter } from "../document/frontmatter.js";
import { scanSecrets, type SecretMatch } from "./scan.js";

/** A secret found only once a multi-line frontmatter value's lines were joined. */
export interface FoldedSecretMatch extends SecretMatch {
  /** The pieces of the value as they stand on each line (what a line-quoting message could show). */
  pieces: string[];
}

/** The frontmatter facts the rule uses. Offsets index the document text. */
export interface FrontmatterSecretFacts {
  /** Spans never reported: the top-level `integrity` value (a `sha256:` digest by format). */
  exempt: Array<[number, number]>;
  /** Spans whose findings a `# handoff: allow` comment suppresses (the key's line to the value's end). */
  allowed: Array<[number, number]>;
  /** Secrets visible only after joining a multi-line value's lines. */
  folded: FoldedSecretMatch[];
}

/** A YAML comment `# handoff: allow` (a `#` at the start of a line or after whitespace). */
const ALLOW_RE = /(?:^|\s)#\s*handoff:\s*allow\b/;

/** The lines of a scalar's source without its block header or quotes, trimmed, joined with nothing. */
function joinedSource(source: string, type: Scalar["type"]): { joined: string; pieces: string[] } {
  let body = source;
  if (type === "BLOCK_FOLDED" || type === "BLOCK_LITERAL") body = body.replace(/^[^\n]*\n/, "");
  else if (type === "QUOTE_DOUBLE" || type === "QUOTE_SINGLE") body = body.slice(1, -1);
  const pieces = body
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return { joined: pieces.join(""), pieces };
}

/**
 * Collects the frontmatter facts of a parsed YAML frontmatter.
 * @param text the document text (the frontmatter's offsets index it).
 */
export function frontmatterSecretFacts(frontmatter: Frontmatter | undefined, text: string): FrontmatterSecretFacts {
  const facts: FrontmatterSecretFacts = { exempt: [], allowed: [], folded: [] };
  const doc = frontmatter?.yaml;
  if (!frontmatter || !doc || !doc.contents) return facts;
  const base = frontmatter.contentOffset;
  const lineOf = (offset: number): string => {
    const start = text.lastIndexOf("\n", offset - 1) + 1;
    const newline = text.indexOf("\n", offset);
    return text.slice(start, newline === -1 ? text.length : newline);
  };
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && String(pair.key.value) === "integrity" && isScalar(pair.value) && pair.value.range) {
        facts.exempt.push([base + pair.value.range[0], base + pair.value.range[1]]);
      }
    }
  }
  visit(doc, {
    Pair(_key, pair: Pair) {
      const keyRange = isScalar(pair.key) ? pair.key.range : undefined;
      const value = pair.value;
      if (!keyRange || !isScalar(value) || !value.range) return;
      const start = base + keyRange[0];
      const end = base + value.range[1];
      const source = text.slice(base + value.range[0], end);
      const spanText = text.slice(start, end);
      const lastLine = lineOf(Math.max(start, end - 1));
      if (ALLOW_RE.test(lineOf(start)) || ALLOW_RE.test(lastLine) || ALLOW_RE.test(spanText)) facts.allowed.push([start, end]);
      if (!/[\r\n]/.test(source)) return;
      const key = String(pair.key && isScalar(pair.key) ? pair.key.value : "");
      if (key === "integrity") return;
      const { joined, pieces } = joinedSource(source, value.type);
      const probe = `${key}: ${joined}`;
      for (const match of scanSecrets(probe)) {
        if (text.includes(match.value)) continue; // the plain scan finds it where it stands
        facts.folded.push({
          ...match,
          offset: base + value.range[0],
          endOffset: end,
          pieces: pieces.filter((piece) => piece.length > 4 && match.value.includes(piece)),
        });
      }
    },
  });
  return facts;
}
