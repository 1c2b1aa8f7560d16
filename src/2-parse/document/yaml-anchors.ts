/**
 * YAML anchors (`&name`) and aliases (`*name`) are refused in frontmatter (an alias can expand
 * without bound: the billion-laughs bomb). However many a block holds, they are one finding.
 */
import type { FrontmatterProblem } from "./frontmatter-tree.js";

/** An anchor (`&name`) or alias (`*name`) in frontmatter, at its offsets in the file. */
export interface AnchorOrAlias {
  kind: "anchor" | "alias";
  name: string;
  offset: number;
  endOffset: number;
}

/** How many names of a kind a message lists before `…`. */
const NAMES_SHOWN = 3;

/**
 * The one problem for every anchor and alias of a frontmatter block, at the first of them: an
 * alias bomb (`&a [x,x,…]`, `&b [*a,*a,…]`, …) is one finding, not one per alias.
 */
export function anchorsAndAliasesProblem(references: readonly AnchorOrAlias[]): FrontmatterProblem {
  const first = references.reduce((a, b) => (b.offset < a.offset ? b : a));
  const part = (kind: AnchorOrAlias["kind"], sigil: string): string | undefined => {
    const found = references.filter((r) => r.kind === kind);
    if (found.length === 0) return undefined;
    if (found.length === 1) return `${kind} '${sigil}${found[0]?.name}'`;
    const names = [...new Set(found.map((r) => `'${sigil}${r.name}'`))];
    return `${found.length} ${kind}${kind === "alias" ? "es" : "s"} (${names.slice(0, NAMES_SHOWN).join(", ")}${names.length > NAMES_SHOWN ? ", …" : ""})`;
  };
  const parts = [part("anchor", "&"), part("alias", "*")].filter((p): p is string => p !== undefined);
  const aliases = references.some((r) => r.kind === "alias");
  const anchors = references.some((r) => r.kind === "anchor");
  const head = aliases && anchors ? "YAML anchors and aliases are" : aliases ? "YAML aliases are" : "YAML anchors are";
  return {
    code: aliases ? "alias" : "anchor",
    message: `${head} not allowed in frontmatter${aliases ? " (aliases can expand without bound)" : ""}: ${parts.join(", ")}`,
    offset: first.offset,
    endOffset: first.endOffset,
  };
}
