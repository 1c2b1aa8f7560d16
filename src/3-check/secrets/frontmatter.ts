/**
 * What `no-secrets` needs from the frontmatter beyond the plain text scan: values folded over
 * several lines (scanned again with their lines joined) or written with escapes (scanned again
 * decoded), the `integrity` value (never a secret),
 * and the lines carrying a `# handoff: allow` comment.
 */
import type { Frontmatter } from "../../2-parse/document/frontmatter.js";
import { walkTree, type FrontmatterScalarStyle } from "../../2-parse/document/frontmatter-tree.js";
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
  /** Secrets visible only after joining a multi-line value's lines, or decoding its escapes. */
  folded: FoldedSecretMatch[];
}

/** A YAML or TOML comment `# handoff: allow` (a `#` at the start of a line or after whitespace). */
const ALLOW_RE = /(?:^|\s)#\s*handoff:\s*allow\b/;

/** The lines of a scalar's source without its block header or quotes, trimmed, joined with nothing. */
function joinedSource(source: string, style: FrontmatterScalarStyle): { joined: string; pieces: string[] } {
  let body = source;
  if (style === "block-folded" || style === "block-literal") body = body.replace(/^[^\n]*\n/, "");
  else if (style === "double" || style === "single") body = body.slice(1, -1);
  else if (style === "multiline-double" || style === "multiline-single") body = body.slice(3, -3);
  const pieces = body
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return { joined: pieces.join(""), pieces };
}

/**
 * Collects the frontmatter facts of a parsed frontmatter (any language).
 * @param text the document text (the frontmatter's offsets index it).
 */
export function frontmatterSecretFacts(frontmatter: Frontmatter | undefined, text: string): FrontmatterSecretFacts {
  const facts: FrontmatterSecretFacts = { exempt: [], allowed: [], folded: [] };
  const tree = frontmatter?.tree;
  if (!tree) return facts;
  const lineOf = (offset: number): string => {
    const start = text.lastIndexOf("\n", offset - 1) + 1;
    const newline = text.indexOf("\n", offset);
    return text.slice(start, newline === -1 ? text.length : newline);
  };
  if (tree.kind === "map") {
    for (const entry of tree.entries) {
      if (entry.key === "integrity" && entry.value?.kind === "scalar") facts.exempt.push([entry.value.offset, entry.value.endOffset]);
    }
  }
  walkTree(tree, {
    entry(entry) {
      const value = entry.value;
      if (value?.kind !== "scalar") return;
      const start = entry.offset;
      const end = value.endOffset;
      const source = text.slice(value.offset, end);
      const spanText = text.slice(start, end);
      const lastLine = lineOf(Math.max(start, end - 1));
      if (ALLOW_RE.test(lineOf(start)) || ALLOW_RE.test(lastLine) || ALLOW_RE.test(spanText)) facts.allowed.push([start, end]);
      if (entry.key === "integrity") return;
      // A quoted value written with escapes (`"\x67hp_…"`, `"\u0067hp_…"`) means what it decodes to.
      const escaped = typeof value.value === "string" && source.includes("\\") && value.value !== source.slice(1, -1);
      if (!/[\r\n]/.test(source) && !escaped) return;
      const { joined, pieces } = escaped ? { joined: value.value as string, pieces: [source] } : joinedSource(source, value.style);
      const probe = `${entry.key}: ${joined}`;
      for (const match of scanSecrets(probe)) {
        if (text.includes(match.value)) continue; // the plain scan finds it where it stands
        facts.folded.push({
          ...match,
          offset: value.offset,
          endOffset: end,
          pieces: pieces.filter((piece) => piece.length > 4 && match.value.includes(piece)),
        });
      }
    },
  });
  return facts;
}
