/**
 * local-links: links whose target is a path on the writer's own machine — under a home directory
 * (`/Users/<name>/…`, `/home/<name>/…`, `C:\Users\<name>\…`, `~/…`) or a `file:` URL — which the
 * next session, on another machine or in a fresh container, cannot open. A link relative to the
 * repository (`docs/plan.md`) or a web URL opens anywhere. One finding per document, at the first
 * such link, with how many there are.
 */
import type { Definition, Image, Link } from "mdast";
import { visit } from "unist-util-visit";
import type { Rule } from "../src/3-check/engine/rule.js";

/**
 * A target on one machine: a home directory of macOS (`/Users/x/`), Linux (`/home/x/`, `/root/`),
 * Windows (`C:\Users\x\`, `C:/Users/x/`, `/c/Users/x/`), the writer's own home (`~/`), or a
 * `file:` URL (RFC 8089).
 */
const LOCAL_TARGET = /^(?:\/Users\/[^/\s]+\/|\/home\/[^/\s]+\/|\/root\/|~\/|[a-z]:[\\/]Users[\\/]|\/[a-z]\/Users\/|file:)/i;

export const localLinks: Rule = {
  meta: {
    id: "local-links",
    code: "HK054",
    description: "Links point where the next session can follow them, not to paths on the writer's machine.",
    defaultSeverity: "info",
    profiles: "all",
    formats: ["markdown"],
    tags: ["links"],
    precision: "high",
    messages: {
      local:
        "{{count}} to the writer's machine ({{first}}): the next session, on another machine or in a fresh container, cannot open {{them}}; " +
        "link relative to the repository instead (e.g. '{{relative}}')",
    },
  },
  check(document, context) {
    const root = document.mdast;
    if (!root) return;
    const local: Array<Link | Image | Definition> = [];
    visit(root, ["link", "image", "definition"], (node) => {
      const target = node as Link | Image | Definition;
      if (LOCAL_TARGET.test(decoded(target.url))) local.push(target);
    });
    const first = local[0];
    const start = first?.position?.start.offset;
    if (!first || start === undefined) return;
    const url = first.url.length > 80 ? `${first.url.slice(0, 77)}…` : first.url;
    context.report({
      messageId: "local",
      data: {
        count: local.length === 1 ? "1 link" : `${local.length} links`,
        first: url,
        them: local.length === 1 ? "it" : "them",
        relative: relativeGuess(first.url),
      },
      offset: start,
      endOffset: first.position?.end.offset ?? start,
    });
  },
};

/** `url` with its percent-escapes decoded, or as written when they do not decode. */
function decoded(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** A repository-relative form of a local target: what follows a `projects/`, `src/`, `repos/`… folder, else the file name. */
function relativeGuess(url: string): string {
  const path = url.replace(/^file:\/*/i, "/").replace(/\\/g, "/");
  const parts = path.split("/").filter(Boolean);
  const root = parts.findIndex((part) => /^(?:projects?|src|repos?|code|work|dev|git|workspace)$/i.test(part));
  const rest = root >= 0 && root + 2 < parts.length ? parts.slice(root + 2) : parts.slice(-1);
  return rest.join("/");
}
