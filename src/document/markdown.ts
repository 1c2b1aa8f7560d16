/**
 * Markdown parsing: one frozen unified processor (remark-parse + remark-frontmatter + remark-gfm)
 * shared by every document, so a run builds it once.
 */
import type { Root } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

const processor = unified().use(remarkParse).use(remarkFrontmatter, ["yaml", "toml"]).use(remarkGfm).freeze();

/**
 * Parses Markdown into an mdast tree whose positions index `text` (1-based line/column,
 * 0-based offset in UTF-16 code units).
 */
export function parseMarkdown(text: string): Root {
  return processor.parse(text) as Root;
}

/**
 * Replaces every character of `[start, end)` except line breaks with a space, so a block that
 * must not be read as Markdown (an unsupported `---js` frontmatter) keeps every later position.
 */
export function blankOut(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\r\n]/g, " ") + text.slice(end);
}
