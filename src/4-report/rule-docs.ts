/**
 * Where a rule's documentation lives, for reporters that link to it (SARIF `helpUri`, JUnit, the
 * markdownlint export): `rules/<id>.md` in the repository, and the same page as shipped in the
 * package (`files` in package.json includes `rules/*.md`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getVersion as markdownlintVersion } from "markdownlint";

/** The public repository, as named by `schemas/config.schema.json`'s `$id`. */
export const REPOSITORY_URL = "https://github.com/handoffkit/handoffkit";

const MARKDOWNLINT_ID_RE = /^MD\d{3}$/;

/**
 * The URL of a rule's documentation page: `<repository>/blob/main/rules/<id>.md` for handoffkit
 * rules, markdownlint's own `doc/mdNNN.md` (at the bundled markdownlint's version) for `MD…` ids.
 */
export function ruleDocUrl(ruleId: string): string {
  if (MARKDOWNLINT_ID_RE.test(ruleId)) {
    return `https://github.com/DavidAnson/markdownlint/blob/v${markdownlintVersion()}/doc/${ruleId.toLowerCase()}.md`;
  }
  return `${REPOSITORY_URL}/blob/main/rules/${encodeURIComponent(ruleId)}.md`;
}

let packageRoot: string | null | undefined;

function findPackageRoot(): string | null {
  if (packageRoot !== undefined) return packageRoot;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string };
      if (pkg.name === "handoffkit") return (packageRoot = dir);
    } catch {
      // not here; go up
    }
    dir = path.dirname(dir);
  }
  return (packageRoot = null);
}

const docCache = new Map<string, string | undefined>();

/**
 * The Markdown text of `rules/<id>.md` as shipped with the package, or undefined when the page is
 * missing (foreign ids, a rule added without its page). Never throws.
 */
export function ruleDocText(ruleId: string): string | undefined {
  if (docCache.has(ruleId)) return docCache.get(ruleId);
  let text: string | undefined;
  const root = findPackageRoot();
  if (root && /^[a-z0-9-]+$/.test(ruleId)) {
    try {
      text = readFileSync(path.join(root, "rules", `${ruleId}.md`), "utf8");
    } catch {
      text = undefined;
    }
  }
  docCache.set(ruleId, text);
  return text;
}
