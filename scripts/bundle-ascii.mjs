/**
 * scripts/bundle.mjs, last step: makes a bundle pure ASCII. V8 keeps an ASCII script as a
 * one-byte string and parses it about twice as fast as the two-byte string a single other
 * character forces, and Node decodes it several times faster. esbuild escapes every string,
 * template and identifier (`charset: "ascii"`, its default) but leaves regular expression literals
 * and comments as written (https://esbuild.github.io/api/#charset). Here, with acorn's syntax tree:
 * - a regular expression literal holding a non-ASCII character becomes
 *   `(new RegExp("<pattern>", "<flags>"))`, the pattern escaped as a string: the same pattern, so
 *   the same `source`, flags and matches, and a new object per evaluation as a literal gives;
 * - a `String.raw` template holding one becomes `("<raw text>".concat(<substitutions>, "<raw text>", …))`;
 * - a string literal's and a comment's non-ASCII characters become `\uXXXX` escapes (esbuild's
 *   strings have none; a plugin's might).
 * Anything else non-ASCII fails the build, as does output acorn cannot parse again.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parse } from "acorn";

const NON_ASCII = /[^\x00-\x7f]/;

/** `text` with every non-ASCII UTF-16 code unit written as `\uXXXX`. */
function escapeNonAscii(text) {
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Every node of an acorn tree, depth first. */
function* nodes(node) {
  if (Array.isArray(node)) {
    for (const child of node) yield* nodes(child);
  } else if (node && typeof node.type === "string") {
    yield node;
    for (const [key, value] of Object.entries(node)) if (key !== "regex" && value && typeof value === "object") yield* nodes(value);
  }
}

/** Whether `node` is `String.raw`. */
function isStringRaw(node) {
  return (
    node.type === "MemberExpression" && !node.computed && node.object.type === "Identifier" && node.object.name === "String" && node.property.name === "raw"
  );
}

/**
 * Edits turning String.raw`q0${e1}q1…` into ("q0".concat(e1, "q1", …)): `concat` converts each
 * substitution with ToString as `String.raw` does, and the substitutions' own text is left alone
 * (their edits apply on their own).
 */
function stringRawEdits(source, node) {
  const quasis = node.quasi.quasis;
  const piece = (q) => escapeNonAscii(JSON.stringify(q.value.raw));
  const expect = (offset, text) => {
    if (source.slice(offset, offset + text.length) !== text)
      throw new Error(`String.raw at ${where(source, node.start)}: expected ${text} at ${where(source, offset)}`);
  };
  expect(node.tag.end, "`");
  return quasis.map((q, i) => {
    const last = i === quasis.length - 1;
    if (i > 0) expect(q.start - 1, "}");
    expect(q.end, last ? "`" : "${");
    const start = i === 0 ? node.start : q.start - 1;
    const end = q.end + (last ? 1 : 2);
    const text = `${i === 0 ? "(" : ", "}${piece(q)}${i === 0 ? ".concat(" : ""}${last ? "))" : i === 0 ? "" : ", "}`;
    return { start, end, text, kind: "raw" };
  });
}

/** Line and column (1-based) of `offset` in `source`, for error messages. */
function where(source, offset) {
  const before = source.slice(0, offset).split("\n");
  return `${before.length}:${before.at(-1).length + 1}`;
}

/**
 * Rewrites `file` (a script, or a module when `sourceType` is `module`) to pure ASCII as described
 * above. @returns how many regular expressions, `String.raw` template pieces, string literals and comments were rewritten.
 * @throws Error naming the position of a non-ASCII character it cannot rewrite.
 */
export function makeAscii(file, sourceType) {
  const source = readFileSync(file, "utf8");
  if (!NON_ASCII.test(source)) return { regexes: 0, raw: 0, strings: 0, comments: 0 };
  const options = { ecmaVersion: "latest", sourceType, allowHashBang: true };
  const edits = [];
  const comments = [];
  const tree = parse(source, { ...options, onComment: comments });
  for (const comment of comments) {
    const text = source.slice(comment.start, comment.end);
    if (NON_ASCII.test(text)) edits.push({ start: comment.start, end: comment.end, text: escapeNonAscii(text), kind: "comment" });
  }
  for (const node of nodes(tree)) {
    if (node.type === "Literal" && node.regex && NON_ASCII.test(node.raw)) {
      const pattern = escapeNonAscii(JSON.stringify(node.regex.pattern));
      edits.push({ start: node.start, end: node.end, text: `(new RegExp(${pattern}, ${JSON.stringify(node.regex.flags)}))`, kind: "regex" });
    } else if (node.type === "Literal" && typeof node.value === "string" && NON_ASCII.test(node.raw)) {
      edits.push({ start: node.start, end: node.end, text: escapeNonAscii(node.raw), kind: "string" });
    } else if (node.type === "TaggedTemplateExpression" && isStringRaw(node.tag) && node.quasi.quasis.some((q) => NON_ASCII.test(q.value.raw))) {
      edits.push(...stringRawEdits(source, node));
    }
  }
  edits.sort((a, b) => b.start - a.start);
  let out = source;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  const left = NON_ASCII.exec(out);
  if (left) throw new Error(`${file}:${where(out, left.index)}: a non-ASCII character outside a regular expression or comment`);
  parse(out, options);
  writeFileSync(file, out);
  return {
    regexes: edits.filter((e) => e.kind === "regex").length,
    raw: edits.filter((e) => e.kind === "raw").length,
    strings: edits.filter((e) => e.kind === "string").length,
    comments: edits.filter((e) => e.kind === "comment").length,
  };
}
