/**
 * Frontmatter: the block at the top of a document, split off by gray-matter and read by the
 * engine for its language.
 *
 * gray-matter (https://github.com/jonschlinkert/gray-matter) finds the block (its delimiters,
 * `---<language>` on the opening line) and calls the engine of that language; it is always called
 * with an options object, because without one it returns a result cached by content, and with an
 * engine table of our own for every language it is asked about, because its default table
 * evaluates `---js` / `---javascript` blocks with `eval`:
 * - `yaml` (`---`): YAML 1.2 core schema, positions, aliases refused, dates as text (`frontmatter-yaml.ts`);
 * - `json` (`---json`): strict JSON with positions (`frontmatter-json.ts`);
 * - `toml` (`+++`, `---toml`): TOML 1.1 with positions (`frontmatter-toml.ts`);
 * - any other language (`js`, `javascript`, `coffee`, anything else): refused, never parsed.
 *
 * gray-matter's own rules differ from those of remark-frontmatter and markdownlint, which read the
 * same bytes for the Markdown parse: it closes the block at the first line that merely *starts*
 * with the delimiter (`---x`, `----`) and knows LF and CRLF only. So a block opens only with a
 * fence line (`---` or `+++`, an optional language word, spaces or tabs), and gray-matter is given
 * a view of the text of the same length in which the lines that start with the delimiter without
 * being a fence line have it broken, lone CRs are LFs, and the opening line is lowercase
 * (languages are case-insensitive). Engines read the document's own characters at the offsets of
 * the block gray-matter hands them. A block that is never closed is not split at all.
 */
import matter from "gray-matter";
import { parseJsonFrontmatter } from "./frontmatter-json.js";
import { parseTomlFrontmatter } from "./frontmatter-toml.js";
import type { FrontmatterNode, FrontmatterParse, FrontmatterProblem } from "./frontmatter-tree.js";
import { parseYamlFrontmatter } from "./frontmatter-yaml.js";
import { LineIndex, type Range } from "./position.js";

export { frontmatterNodeOffsets } from "./frontmatter-tree.js";
export type { FrontmatterNode, FrontmatterProblem } from "./frontmatter-tree.js";

/** The frontmatter block of a Markdown document. */
export interface Frontmatter {
  /** The engine's language: `yaml` for `---`, `toml` for `+++`, else the word after the fence (`json`, `js`, …), lowercase. */
  language: string;
  /** Whole block, fences included (offsets into the document text). */
  range: Range;
  /** The text between the fences: the lines after the opening fence line up to the closing fence line. */
  raw: string;
  /** Offset of `raw` in the document text. */
  contentOffset: number;
  /** Parsed mapping (plain JSON values; dates stay strings); undefined when absent or broken. */
  data: Record<string, unknown> | undefined;
  /** Problems found; empty for a clean mapping. */
  problems: FrontmatterProblem[];
  /** The values with their positions, in any language; undefined when nothing could be read. */
  tree: FrontmatterNode | undefined;
}

/** Where a frontmatter block sits. Offsets index the document text. */
export interface FrontmatterLocation {
  language: string;
  start: number;
  /** Offset just past the closing fence line (including its line ending): where the body starts. */
  end: number;
  contentStart: number;
  contentEnd: number;
  closed: boolean;
  /**
   * The opening line is the fence alone (`---` or `+++`, spaces or tabs): remark-frontmatter reads
   * the block as frontmatter too. Any other block must be kept from the Markdown parse.
   */
  bareFence: boolean;
}

/** The frontmatter of a document: where it is and what it holds. */
export interface FrontmatterRead {
  location: FrontmatterLocation;
  frontmatter: Frontmatter;
}

/** gray-matter's options, as its engines receive them, with what our engines need to find the block. */
interface EngineOptions {
  [ENGINE_CONTEXT]: { text: string; fence: string; language: string; blockOffset: number };
}

/** A frontmatter engine, as gray-matter calls it: `parse(block, options)`. */
export interface FrontmatterEngine {
  /**
   * @param block what gray-matter hands over: from the end of the opening fence line's language
   * word (or the fence, when it names none) to just before the line break of the closing fence
   * (which its `\n---` delimiter takes).
   */
  parse(block: string, options: EngineOptions): FrontmatterParse;
}

const ENGINE_CONTEXT = Symbol("handoffkit frontmatter");

/** gray-matter's result as its source (4.0.3, `index.js`) fills it; its typings leave out `isEmpty`. */
interface GrayMatterFile {
  data: unknown;
  /** The body: the text after the closing delimiter and one line break. */
  content: string;
  /** The block handed to the engine. */
  matter: string;
  language: string;
  /** The block holds only blank and `#` lines: the engine was not called. */
  isEmpty: boolean;
}

const splitWithGrayMatter = matter as unknown as (input: string, options: object) => GrayMatterFile;

/** The text between the fences of the block gray-matter handed an engine, and its offset. */
function contentOf(block: string, options: EngineOptions): { raw: string; base: number } {
  const { text, blockOffset } = options[ENGINE_CONTEXT];
  const contentEnd = blockOffset + block.length + 1;
  let contentStart = blockOffset;
  // Spaces or tabs after the fence stay in the block when the opening line names no language.
  while (text[contentStart] === " " || text[contentStart] === "\t") contentStart++;
  if (text[contentStart] === "\r" && text[contentStart + 1] === "\n") contentStart += 2;
  else if (text[contentStart] === "\n" || text[contentStart] === "\r") contentStart += 1;
  contentStart = Math.min(contentStart, contentEnd);
  return { raw: text.slice(contentStart, contentEnd), base: contentStart };
}

/** The engines of the languages handoffkit reads, by gray-matter language name (no prototype). */
export const FRONTMATTER_ENGINES: Record<string, FrontmatterEngine> = Object.assign(Object.create(null) as Record<string, FrontmatterEngine>, {
  yaml: { parse: (block: string, options: EngineOptions) => withContent(block, options, parseYamlFrontmatter) },
  json: { parse: (block: string, options: EngineOptions) => withContent(block, options, parseJsonFrontmatter) },
  toml: { parse: (block: string, options: EngineOptions) => withContent(block, options, parseTomlFrontmatter) },
});

function withContent(block: string, options: EngineOptions, parse: (raw: string, base: number) => FrontmatterParse): FrontmatterParse {
  const { raw, base } = contentOf(block, options);
  return parse(raw, base);
}

/** The engine of every other language: reports the block as unsupported and reads nothing of it. */
export const REFUSED_ENGINE: FrontmatterEngine = {
  parse(block, options) {
    const { fence, language } = options[ENGINE_CONTEXT];
    const { base } = contentOf(block, options);
    const problem: FrontmatterProblem = {
      code: "unsupported-language",
      message: `Unsupported frontmatter language '${fence}${language}': handoffkit reads YAML, JSON and TOML frontmatter and never evaluates a block`,
      offset: 0,
      endOffset: base,
    };
    return { data: undefined, problems: [problem], tree: undefined };
  },
};

const OPEN_RE = /^(---|\+\+\+)([A-Z][\w-]*)?[ \t]*(?:\r\n|\r|\n|$)/i;

/**
 * Finds and reads the frontmatter block that starts on the first line of `text`. The block closes
 * at the first later line that is the opening fence alone (trailing spaces and tabs allowed), as
 * remark-frontmatter and markdownlint read it; `+++` closes only with `+++`.
 * @param lines the document's line index, for ranges.
 * @returns undefined when the first line opens no block. Never throws for document content.
 */
export function readFrontmatter(text: string, lines: LineIndex = new LineIndex(text)): FrontmatterRead | undefined {
  const open = OPEN_RE.exec(text);
  if (!open) return undefined;
  const fence = open[1] as string;
  const word = open[2]?.toLowerCase();
  const defaultLanguage = fence === "+++" ? "toml" : "yaml";
  const contentStart = open[0].length;
  const close = findClose(text, fence, contentStart);
  if (close.at === undefined) return unclosed(text, lines, word ?? defaultLanguage, contentStart);

  const view = viewFor(text, open[0], close.at, close.masked);
  // As gray-matter's own parse asks it: on the text after the opening delimiter (called on the
  // whole text, `matter.language` knows only the `---` delimiter).
  const detected = matter.language(view.slice(fence.length), { delimiters: fence });
  const language = detected.name || defaultLanguage;
  const engine = Object.hasOwn(FRONTMATTER_ENGINES, language) ? (FRONTMATTER_ENGINES[language] as FrontmatterEngine) : REFUSED_ENGINE;
  const options = {
    delimiters: fence,
    language: defaultLanguage,
    excerpt: false,
    // Every name gray-matter could look up for this block is ours: its default `yaml` (js-yaml),
    // `json` (JSON.parse) and `javascript` (eval) engines are all shadowed.
    engines: { ...FRONTMATTER_ENGINES, javascript: REFUSED_ENGINE, [language]: engine },
    [ENGINE_CONTEXT]: { text, fence, language, blockOffset: fence.length + (detected.name ? detected.raw.length : 0) },
  };
  const file = splitWithGrayMatter(view, options);
  // gray-matter skips the engine for a block of blank and `#` lines: every block goes through its
  // engine all the same (an empty `---js` block is still refused, a `# …` line is not JSON).
  const parsed = (file.isEmpty ? engine.parse(file.matter, options) : file.data) as FrontmatterParse;
  const { raw, base } = contentOf(file.matter, options);
  // gray-matter's body starts right after the closing delimiter (and one line break): past
  // trailing spaces or tabs on the fence line, the line break is still the fence line's.
  let end = view.length - file.content.length;
  if (end < text.length && text[end - 1] !== "\n" && text[end - 1] !== "\r") {
    while (text[end] === " " || text[end] === "\t") end++;
    end += text.startsWith("\r\n", end) ? 2 : text[end] === "\n" || text[end] === "\r" ? 1 : 0;
  }
  const location: FrontmatterLocation = {
    language,
    start: 0,
    end,
    contentStart: base,
    contentEnd: base + raw.length,
    closed: true,
    bareFence: word === undefined,
  };
  const frontmatter: Frontmatter = { language, range: lines.range(0, end), raw, contentOffset: base, ...parsed };
  return { location, frontmatter };
}

/**
 * The closing fence line's offset (undefined: never closed), and the offsets of the lines before
 * it that start with the fence characters without being a fence line.
 */
function findClose(text: string, fence: string, contentStart: number): { at: number | undefined; masked: number[] } {
  const masked: number[] = [];
  let from = contentStart;
  for (;;) {
    const at = text.indexOf(fence, from);
    if (at === -1) return { at: undefined, masked };
    from = at + 1;
    const before = text[at - 1];
    if (before !== "\n" && before !== "\r") continue;
    let after = at + fence.length;
    // Only spaces and tabs may follow the closing fence, as for remark-frontmatter (micromark's
    // frontmatter extension): with an NBSP there the Markdown parse sees no frontmatter either.
    while (text[after] === " " || text[after] === "\t") after++;
    if (after === text.length || text[after] === "\n" || text[after] === "\r") return { at, masked };
    masked.push(at);
  }
}

/** The text gray-matter is given: see the module comment. The same length as `text`. */
function viewFor(text: string, openLine: string, closeAt: number, masked: readonly number[]): string {
  const head = text.slice(0, closeAt);
  if (masked.length === 0 && !/\r(?!\n)/.test(head) && openLine === openLine.toLowerCase()) return text;
  const chars = head.replace(/\r(?!\n)/g, "\n").split("");
  for (const at of masked) chars[at] = " ";
  const converted = chars.join("");
  return converted.slice(0, openLine.length).toLowerCase() + converted.slice(openLine.length) + text.slice(closeAt);
}

/** A block opened on line 1 and never closed: one finding over the opening fence line, nothing read. */
function unclosed(text: string, lines: LineIndex, language: string, contentStart: number): FrontmatterRead {
  // The finding covers the opening fence line without its line ending (LF, CRLF or CR), so LF and
  // CRLF copies of a file get the same range, and a fence at the very end keeps its last character.
  let fenceEnd = contentStart;
  while (fenceEnd > 0 && (text[fenceEnd - 1] === "\n" || text[fenceEnd - 1] === "\r")) fenceEnd--;
  const problem: FrontmatterProblem = {
    code: "unclosed",
    message: "Frontmatter opened on line 1 is never closed; the document is read as Markdown without frontmatter",
    offset: 0,
    endOffset: fenceEnd,
  };
  return {
    location: { language, start: 0, end: text.length, contentStart, contentEnd: text.length, closed: false, bareFence: false },
    frontmatter: { language, range: lines.range(0, contentStart), raw: "", contentOffset: contentStart, data: undefined, problems: [problem], tree: undefined },
  };
}

/** Where the frontmatter block of `text` sits (see {@link readFrontmatter}); undefined when there is none. */
export function locateFrontmatter(text: string): FrontmatterLocation | undefined {
  return readFrontmatter(text)?.location;
}
