/**
 * Filling a template from `templates/<profile>.md`: `{{name}}` placeholders replaced by values
 * from the clock and the live repository, then sealed (hatch3r) with the integrity digest.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { locateFrontmatter } from "../document/frontmatter.js";
import { headCommit, remoteUrls, workTreeRoot, currentBranch } from "../git/queries.js";
import { hatch3rDigest } from "../integrity/digest.js";
import { contractStamp, hatch3rId, slugify } from "./naming.js";

/** A placeholder the template uses has no value. */
export class TemplateError extends Error {
  override name = "TemplateError";
}

/** Where the repository is, for filling templates. Every field is a plain string. */
export interface RepositoryFacts {
  root: string | undefined;
  branch: string;
  /** Full 40-hex commit id, or 40 zeros outside a repository. */
  head: string;
  subject: string;
  /** `origin`'s URL (else the first remote's), or `unknown`. */
  repository: string;
}

/** Reads branch, head and remote of the repository containing `cwd` (read-only). */
export async function repositoryFacts(cwd: string): Promise<RepositoryFacts> {
  try {
    const root = await workTreeRoot(cwd);
    const head = await headCommit(root);
    const remotes = await remoteUrls(root);
    return {
      root,
      branch: (await currentBranch(root)) ?? "(detached)",
      head: head?.sha ?? "0".repeat(40),
      subject: head?.subject ?? "(no commits)",
      repository: remotes.get("origin") ?? [...remotes.values()][0] ?? "unknown",
    };
  } catch {
    return { root: undefined, branch: "unknown", head: "0".repeat(40), subject: "(not a git repository)", repository: "unknown" };
  }
}

/** The values every template may use. */
export function templateValues(now: Date, slug: string, repo: RepositoryFacts, agent: string, cwd: string): Record<string, string> {
  const created = `${now.toISOString().slice(0, 19)}Z`;
  const expires = new Date(now.getTime() + 30 * 24 * 3600 * 1000);
  const cleanSlug = slugify(slug);
  return {
    id: hatch3rId(now, cleanSlug),
    created,
    expires_after: `${expires.toISOString().slice(0, 19)}Z`,
    date: created.slice(0, 10),
    stamp: contractStamp(now),
    title: cleanSlug.replace(/-/g, " "),
    slug: cleanSlug,
    agent: slugify(agent),
    branch: repo.branch,
    head: repo.head.slice(0, 7),
    head12: repo.head.slice(0, 12),
    head_sha: repo.head,
    git_ref: `${repo.branch.replace(/[@\s]/g, "-")}@${repo.head.slice(0, 7)}`,
    subject: repo.subject.replace(/[\r\n]+/g, " "),
    checkout: repo.root ?? cwd,
    repository: repo.repository,
    project: slugify(path.basename(repo.root ?? cwd)),
  };
}

/**
 * Replaces `{{name}}` placeholders. `json` escapes values for a JSON string context.
 * @throws TemplateError naming the first placeholder without a value.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>, json = false): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => {
    if (name === "integrity") return "{{integrity}}";
    const value = values[name];
    if (value === undefined) throw new TemplateError(`template placeholder '{{${name}}}' has no value`);
    return json ? JSON.stringify(value).slice(1, -1) : value;
  });
}

/** Writes the body digest into the `{{integrity}}` placeholder (hatch3r's digest rule). */
export function sealFilled(text: string): string {
  if (!text.includes("{{integrity}}")) return text;
  const location = locateFrontmatter(text);
  const bodyOffset = location?.closed ? location.end : 0;
  const digest = hatch3rDigest(text.slice(bodyOffset)).slice("sha256:".length);
  return text.replace("{{integrity}}", digest);
}

/** Reads `templates/<profile>.md` from `templatesDir`. @throws TemplateError when there is none. */
export async function readTemplate(templatesDir: string, profile: string): Promise<string> {
  try {
    return await readFile(path.join(templatesDir, `${path.basename(profile)}.md`), "utf8");
  } catch {
    throw new TemplateError(`no template for profile '${profile}' in ${templatesDir}`);
  }
}
