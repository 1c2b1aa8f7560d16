/**
 * Clean handoff documents that a labelled element is placed into, and the element's line range.
 * The scaffolds alone must draw no injection finding (a test checks each of them).
 */
import { COVER, type Picker } from "./injection-vocabulary.js";

/** One labelled document: the element's category and the lines it occupies (1-based, inclusive). */
export interface LabelledElement {
  id: string;
  category: string;
  text: string;
  startLine: number;
  endLine: number;
}

const TOPICS = ["billing export", "search reindex", "upload retries", "docs site", "rate limiter", "cache warmup", "SSO login", "CSV import"] as const;

/** Scaffolds: `{topic}`, `{cover}`, `{cover2}` are filled in; `{element}` stands on its own lines. */
export const SCAFFOLDS: readonly string[] = [
  "# Handoff: {topic}\n\n## Status\n\n{cover}\n\n## Next steps\n\n1. Re-run `npm test` on the branch.\n2. Open the PR against `develop`.\n\n{element}\n\n## Notes\n\n{cover2}\n",
  "---\ntitle: {topic}\nstatus: open\n---\n\n# {topic}\n\n## Work Done\n\n- {cover}\n\n{element}\n\n## Next Steps\n\n- Ask the platform team for a review.\n",
  "# Session handoff — {topic}\n\n**Branch:** `feature/next` · **Last commit:** `3f2a9c1`\n\n### What changed\n\n{cover}\n\n{element}\n\n### Open questions\n\n- Should the retry limit be configurable?\n",
];

/** Fills the scaffold's slots other than `{element}`. */
export function fillScaffold(scaffold: string, p: Picker): string {
  const cover = p.pick(COVER);
  const cover2 = p.pick(COVER.filter((c) => c !== cover));
  return scaffold.replaceAll("{topic}", p.pick(TOPICS)).replace("{cover}", cover).replace("{cover2}", cover2);
}

/** Places `element` (trimmed of blank lines around it) into a scaffold picked by `p`. */
export function placeInScaffold(category: string, element: string, p: Picker, id: string): LabelledElement {
  const body = element.replace(/^\n+|\n+$/g, "");
  const filled = fillScaffold(p.pick(SCAFFOLDS), p);
  const at = filled.indexOf("{element}");
  const startLine = filled.slice(0, at).split("\n").length;
  const endLine = startLine + body.split("\n").length - 1;
  return { id, category, text: filled.replace("{element}", body), startLine, endLine };
}
