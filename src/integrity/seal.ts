/**
 * Sealing: writing `integrity: sha256:<hex>` into a document's frontmatter so that only that line
 * changes. Every other byte — BOM, CRLF, comments, key order, trailing spaces — stays identical:
 * the value is replaced in place (keeping its quote style and any comment after it), or one line is
 * inserted before the closing fence, or, for a document without frontmatter, a three-line block
 * (`---`, `integrity: …`, `---`) is put in front of the unchanged text.
 */
import { isMap, isScalar, Scalar } from "yaml";
import type { HandoffDocument } from "../document/model.js";
import { parseDocument } from "../document/parse.js";
import { sourceFromBytes } from "../load/read.js";
import { documentDigest } from "./digest.js";

/** A document that cannot be sealed; the message is one line for the user. */
export class SealError extends Error {
  override name = "SealError";
}

/** What sealing a document gives. */
export interface SealPlan {
  /** The new integrity value. */
  digest: string;
  /** The whole new file (BOM included when the original had one). */
  bytes: Uint8Array;
  /** The document already carried exactly this value: nothing to write. */
  unchanged: boolean;
}

/** The first line ending of `text`, or LF. */
function firstLineEnding(text: string): string {
  const m = /\r\n|\r|\n/.exec(text);
  return m ? m[0] : "\n";
}

/** `value` written the way the old scalar was written (plain, double- or single-quoted). */
function quoteLike(type: Scalar["type"], value: string): string {
  if (type === Scalar.QUOTE_DOUBLE) return `"${value}"`;
  if (type === Scalar.QUOTE_SINGLE) return `'${value}'`;
  return value;
}

/** The new document text (without BOM). @throws SealError */
function sealedText(document: HandoffDocument, digest: string): { text: string; unchanged: boolean } {
  const { text } = document;
  const frontmatter = document.frontmatter;
  if (!frontmatter) {
    const eol = firstLineEnding(text);
    return { text: `---${eol}integrity: ${digest}${eol}---${eol}${text}`, unchanged: false };
  }
  const problem = frontmatter.problems[0];
  if (problem) throw new SealError(`the frontmatter cannot be edited safely: ${problem.message}`);
  const yaml = frontmatter.yaml;
  const base = frontmatter.contentOffset;
  const contents = yaml?.contents;
  if (contents && !isMap(contents)) throw new SealError("the frontmatter is not a YAML mapping");
  if (contents && contents.flow) throw new SealError("the frontmatter is a flow mapping ({...}); write it as one key per line to seal it");
  const pair = contents?.items.find((item) => isScalar(item.key) && item.key.value === "integrity");
  if (!pair) {
    // One new line right before the closing fence, with the frontmatter's own line ending.
    const at = base + frontmatter.raw.length;
    const eol = firstLineEnding(text.slice(0, base));
    const lead = at > base && !/[\r\n]$/.test(text.slice(base, at)) ? eol : "";
    return { text: `${text.slice(0, at)}${lead}integrity: ${digest}${eol}${text.slice(at)}`, unchanged: false };
  }
  const value = pair.value;
  const key = pair.key as Scalar;
  if (value === null || value === undefined || (isScalar(value) && value.value === null)) {
    // `integrity:` with nothing (or only a comment) after it: write the value after the colon.
    const keyEnd = base + (key.range?.[1] ?? 0);
    const colon = text.indexOf(":", keyEnd);
    if (colon === -1) throw new SealError("cannot find the ':' after the integrity key");
    return { text: `${text.slice(0, colon + 1)} ${digest}${text.slice(colon + 1)}`, unchanged: false };
  }
  if (!isScalar(value) || !value.range) throw new SealError("'integrity' holds a list or mapping; it must be one value");
  if (value.type !== Scalar.PLAIN && value.type !== Scalar.QUOTE_DOUBLE && value.type !== Scalar.QUOTE_SINGLE) {
    throw new SealError("'integrity' is a block scalar (| or >); it must be a one-line value");
  }
  const start = base + value.range[0];
  const end = base + value.range[1];
  if (/[\r\n]/.test(text.slice(start, end))) throw new SealError("'integrity' spans several lines; it must be a one-line value");
  if (value.value === digest) return { text, unchanged: true };
  return { text: text.slice(0, start) + quoteLike(value.type, digest) + text.slice(end), unchanged: false };
}

/**
 * Computes the sealed bytes of `document` and checks them: the new file must parse to the same
 * frontmatter plus `integrity`, and its digest must be the one written.
 * @throws SealError for a document that cannot be sealed (load problems, a JSON record, broken or
 * flow-style frontmatter, a multi-line integrity value).
 */
export function planSeal(document: HandoffDocument): SealPlan {
  const loadProblem = document.loadProblems[0];
  if (loadProblem) throw new SealError(loadProblem.message);
  if (document.format !== "markdown") throw new SealError("a JSON record has no frontmatter to seal; seal the Markdown handoff that carries it");
  const { digest } = documentDigest(document.text, document.bodyOffset, document.profileId);
  const { text, unchanged } = sealedText(document, digest);
  const body = new TextEncoder().encode(text);
  const bytes = document.bom ? new Uint8Array([0xef, 0xbb, 0xbf, ...body]) : body;
  if (!unchanged) {
    const resealed = parseDocument(sourceFromBytes(document.path, bytes, "/"));
    const expected = JSON.stringify({ ...(document.frontmatter?.data ?? {}), integrity: digest });
    const got = resealed.frontmatter?.data ? JSON.stringify(resealed.frontmatter.data) : undefined;
    const after = documentDigest(resealed.text, resealed.bodyOffset, document.profileId).digest;
    if (got !== expected || after !== digest) {
      throw new SealError("sealing would change more than the integrity line (please report this document)");
    }
  }
  return { digest, bytes, unchanged };
}
