/**
 * Sealing: writing `integrity: sha256:<hex>` into a document's frontmatter so that only that value
 * changes, in YAML, JSON or TOML frontmatter. Every other byte — BOM, CRLF, comments, key order,
 * trailing spaces — stays identical: the value is replaced in place (keeping its quote style and
 * any comment after it), or the key is added the way the block writes its keys (YAML: one line
 * before the closing fence; TOML: one line at the top of the block, in the root table; JSON: one
 * member after the last, with the object's own separator), or, for a document without
 * frontmatter, a three-line block (`---`, `integrity: …`, `---`) is put in front of the unchanged text.
 */
import type { Frontmatter } from "../../2-parse/document/frontmatter.js";
import { entryOf, writeScalarLike } from "../../2-parse/document/frontmatter-tree.js";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { parseDocument } from "../../2-parse/document/parse.js";
import { sourceFromBytes } from "../../1-load/read.js";
import { documentDigest, FRONTMATTER_INTEGRITY_KEY, frontmatterDigest } from "./digest.js";

/** A document that cannot be sealed; the message is one line for the user. */
export class SealError extends Error {
  override name = "SealError";
}

/** What sealing a document gives. */
export interface SealPlan {
  /** The new integrity value (the body's digest). */
  digest: string;
  /** The new `integrity_frontmatter` value (the digest of the frontmatter's values). */
  frontmatterDigest: string;
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

/** A sealed text and where a newly written `integrity` key went in the mapping. */
interface Sealed {
  text: string;
  unchanged: boolean;
  /** `first` or `last` when the key was added, undefined when an existing value was replaced. */
  added?: "first" | "last";
}

/**
 * The text of `document` sealed as it is now (its `integrity` value written), or undefined when it
 * cannot be sealed (a JSON record, a load problem, a frontmatter that cannot be edited safely).
 * Unlike {@link planSeal} it does not parse the result again to check it.
 */
export function sealedDocumentText(document: HandoffDocument): string | undefined {
  if (document.format !== "markdown" || document.loadProblems.length > 0) return undefined;
  try {
    return sealBoth(document).text;
  } catch (error) {
    if (error instanceof SealError) return undefined;
    throw error;
  }
}

/** The new document text (without BOM) with `key` set to `digest`. @throws SealError */
function sealedText(document: HandoffDocument, digest: string, key = "integrity"): Sealed {
  const { text } = document;
  const frontmatter = document.frontmatter;
  if (!frontmatter) {
    const eol = firstLineEnding(text);
    return { text: `---${eol}${key}: ${digest}${eol}---${eol}${text}`, unchanged: false, added: "last" };
  }
  const problem = frontmatter.problems[0];
  if (problem) throw new SealError(`the frontmatter cannot be edited safely: ${problem.message}`);
  const tree = frontmatter.tree;
  if (tree && tree.kind !== "map") throw new SealError("the frontmatter is not a mapping");
  if (tree && tree.flow && frontmatter.language === "yaml") {
    throw new SealError("the frontmatter is a flow mapping ({...}); write it as one key per line to seal it");
  }
  const entry = tree ? entryOf(tree, key) : undefined;
  if (!entry) return addIntegrity(text, frontmatter, digest, key);
  const value = entry.value;
  if (value?.kind === "scalar" && value.value === null && value.offset === value.endOffset) {
    // `integrity:` with nothing (or only a comment) after it: write the value after the colon.
    const colon = text.indexOf(":", entry.endOffset);
    if (colon === -1) throw new SealError(`cannot find the ':' after the ${key} key`);
    return { text: `${text.slice(0, colon + 1)} ${digest}${text.slice(colon + 1)}`, unchanged: false };
  }
  if (value?.kind !== "scalar") throw new SealError(`'${key}' holds a list or mapping; it must be one value`);
  if (value.style === "block-literal" || value.style === "block-folded") {
    throw new SealError(`'${key}' is a block scalar (| or >); it must be a one-line value`);
  }
  const written = writeScalarLike(frontmatter.language, value, digest);
  if (written === undefined || /[\r\n]/.test(text.slice(value.offset, value.endOffset))) {
    throw new SealError(`'${key}' spans several lines; it must be a one-line value`);
  }
  if (value.value === digest) return { text, unchanged: true };
  return { text: text.slice(0, value.offset) + written + text.slice(value.endOffset), unchanged: false };
}

/** Adds `key` (`integrity` by default) to a frontmatter without it, written the way the block writes its keys. */
function addIntegrity(text: string, frontmatter: Frontmatter, digest: string, key = "integrity"): Sealed {
  const base = frontmatter.contentOffset;
  const eol = firstLineEnding(text.slice(0, base));
  const tree = frontmatter.tree?.kind === "map" ? frontmatter.tree : undefined;
  if (frontmatter.language === "toml") {
    // At the top of the block: a key there always belongs to the root table, before any `[table]`.
    const first = tree?.entries.find((e) => e.value?.kind === "scalar");
    const between = first?.value ? text.slice(first.endOffset, first.value.offset) : "";
    const equals = /^[ \t]*=[ \t]*$/.test(between) ? between : " = ";
    return { text: `${text.slice(0, base)}${key}${equals}${JSON.stringify(digest)}${eol}${text.slice(base)}`, unchanged: false, added: "first" };
  }
  if (frontmatter.language === "json") {
    const member = JSON.stringify(key);
    const last = tree?.entries[tree.entries.length - 1];
    if (!tree || !last?.value) {
      if (tree)
        return { text: `${text.slice(0, tree.offset + 1)}${member}: ${JSON.stringify(digest)}${text.slice(tree.offset + 1)}`, unchanged: false, added: "last" };
      return { text: `${text.slice(0, base)}{${member}: ${JSON.stringify(digest)}}${eol}${text.slice(base)}`, unchanged: false, added: "last" };
    }
    // After the last member, with the separator and colon spacing the object already uses.
    const previous = tree.entries[tree.entries.length - 2];
    const separator = previous?.value ? text.slice(previous.value.endOffset, last.offset) : `,${text.slice(tree.offset + 1, last.offset)}`;
    const colon = text.slice(last.endOffset, last.value.offset);
    const at = last.value.endOffset;
    return { text: `${text.slice(0, at)}${separator}${member}${colon}${JSON.stringify(digest)}${text.slice(at)}`, unchanged: false, added: "last" };
  }
  // YAML: one new line right before the closing fence, with the frontmatter's own line ending.
  const at = base + frontmatter.raw.length;
  const lead = at > base && !/[\r\n]$/.test(text.slice(base, at)) ? eol : "";
  return { text: `${text.slice(0, at)}${lead}${key}: ${digest}${eol}${text.slice(at)}`, unchanged: false, added: "last" };
}

/** Bytes of `text` with the document's BOM when it had one. */
function withBom(document: HandoffDocument, text: string): Uint8Array {
  const body = new TextEncoder().encode(text);
  return document.bom ? new Uint8Array([0xef, 0xbb, 0xbf, ...body]) : body;
}

/** `document` with both digests written: `integrity` over the body, then `integrity_frontmatter` over the values. @throws SealError */
function sealBoth(document: HandoffDocument): { text: string; digest: string; frontmatterDigest: string; unchanged: boolean } {
  const { digest } = documentDigest(document.text, document.bodyOffset, document.profileId);
  const first = sealedText(document, digest);
  const middle = first.unchanged ? document : parseDocument(sourceFromBytes(document.path, withBom(document, first.text), "/"));
  const data = middle.frontmatter?.data;
  if (!data || middle.frontmatter?.problems.length)
    throw new SealError("the frontmatter cannot be read once 'integrity' is written (please report this document)");
  const fmDigest = frontmatterDigest(data);
  const second = sealedText(middle, fmDigest, FRONTMATTER_INTEGRITY_KEY);
  return { text: second.text, digest, frontmatterDigest: fmDigest, unchanged: first.unchanged && second.unchanged };
}

/**
 * Computes the sealed bytes of `document` and checks them: the new file must parse to the same
 * frontmatter values plus the two digests, and its digests must be the ones written. Two values
 * are written: `integrity`, the body's digest (hatch3r's, byte-compatible with it), and
 * `integrity_frontmatter`, the digest of the frontmatter's values (src/3-check/integrity/digest.ts).
 * @throws SealError for a document that cannot be sealed (load problems, a JSON record, broken or
 * flow-style frontmatter, a multi-line integrity value).
 */
export function planSeal(document: HandoffDocument): SealPlan {
  const loadProblem = document.loadProblems[0];
  if (loadProblem) throw new SealError(loadProblem.message);
  if (document.format !== "markdown") throw new SealError("a JSON record has no frontmatter to seal; seal the Markdown handoff that carries it");
  const sealed = sealBoth(document);
  const bytes = withBom(document, sealed.text);
  if (!sealed.unchanged) {
    const resealed = parseDocument(sourceFromBytes(document.path, bytes, "/"));
    const data = resealed.frontmatter?.data;
    const after = documentDigest(resealed.text, resealed.bodyOffset, document.profileId).digest;
    if (
      !data ||
      // The values themselves, without the two digests, are what they were.
      frontmatterDigest(data) !== frontmatterDigest(document.frontmatter?.data ?? {}) ||
      data.integrity !== sealed.digest ||
      data[FRONTMATTER_INTEGRITY_KEY] !== sealed.frontmatterDigest ||
      after !== sealed.digest
    ) {
      throw new SealError("sealing would change more than the integrity lines (please report this document)");
    }
  }
  return { digest: sealed.digest, frontmatterDigest: sealed.frontmatterDigest, bytes, unchanged: sealed.unchanged };
}

/**
 * `after` (the bytes of `before` with some frontmatter values changed by handoffkit itself: a
 * status move, a stamp) with its `integrity_frontmatter` renewed when that digest held in `before`;
 * `after` itself otherwise. A frontmatter seal that was already broken stays broken.
 */
export function renewFrontmatterSeal(before: HandoffDocument, after: Uint8Array): Uint8Array {
  const recorded = before.frontmatter?.data?.[FRONTMATTER_INTEGRITY_KEY];
  if (typeof recorded !== "string" || !before.frontmatter?.data || frontmatterDigest(before.frontmatter.data) !== recorded) return after;
  const document = parseDocument(sourceFromBytes(before.path, after, "/"));
  const data = document.frontmatter?.data;
  if (!data || document.frontmatter?.problems.length) return after;
  try {
    const renewed = sealedText(document, frontmatterDigest(data), FRONTMATTER_INTEGRITY_KEY);
    return renewed.unchanged ? after : withBom(document, renewed.text);
  } catch (error) {
    if (error instanceof SealError) return after;
    throw error;
  }
}
