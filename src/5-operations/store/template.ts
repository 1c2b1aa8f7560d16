/**
 * Filling a template from `templates/<profile>.md`: `{{name}}` placeholders replaced by values
 * from the clock and the live repository, then sealed (hatch3r) with the integrity digest.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { locateFrontmatter } from "../../2-parse/document/frontmatter.js";
import { pathToFileURL } from "node:url";
import { remoteUrls, workTreeRoot } from "../../0-platform/git/queries.js";
import { takeSnapshot, type CheckoutSnapshot } from "../git/snapshot.js";
import { hatch3rDigest } from "../../3-check/integrity/digest.js";
import { contractStamp, hatch3rId, slugify } from "./naming.js";

/** A placeholder the template uses has no value. */
export class TemplateError extends Error {
  override name = "TemplateError";
}

/** Where the repository is, for filling templates. Every field is a plain string. */
export interface RepositoryFacts {
  root: string | undefined;
  branch: string;
  /** Full 40-hex commit id, or 40 zeros outside a repository or before the first commit. */
  head: string;
  subject: string;
  /**
   * `origin`'s URL (else the first remote's); without a remote, the checkout as a `file://` URL
   * (what `verify --git` compares with then); `unknown` outside a repository.
   */
  repository: string;
  /** The repository has no remote: {@link repository} names the local checkout. */
  noRemote: boolean;
  /** The checkout as the sno record states it (branch, head, recent, uncommitted); undefined outside a repository. */
  snapshot: CheckoutSnapshot | undefined;
}

/**
 * A remote URL without its user information: `https://user:token@host/x.git` → `https://host/x.git`.
 * A handoff names where the repository is, never the credentials a clone fetched it with (they
 * would be written into the document, committed and shared). An scp-like `git@host:x` keeps its
 * user, which is not a secret.
 */
export function withoutUserinfo(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, "$1");
}

/** Reads branch, head, recent commits, uncommitted paths and remote of the repository containing `cwd` (read-only). */
export async function repositoryFacts(cwd: string): Promise<RepositoryFacts> {
  try {
    const root = await workTreeRoot(cwd);
    const snapshot = await takeSnapshot(root);
    const remotes = await remoteUrls(root);
    const remote = remotes.get("origin") ?? [...remotes.values()][0];
    return {
      root,
      branch: snapshot.branch ?? "(detached)",
      head: snapshot.head?.sha ?? "0".repeat(40),
      subject: snapshot.head?.subject ?? "(no commits)",
      repository: remote !== undefined ? withoutUserinfo(remote) : pathToFileURL(root).href,
      noRemote: remote === undefined,
      snapshot,
    };
  } catch {
    return {
      root: undefined,
      branch: "unknown",
      head: "0".repeat(40),
      subject: "(not a git repository)",
      repository: "unknown",
      noRemote: true,
      snapshot: undefined,
    };
  }
}

/** Markdown lines for the template: recent commits and uncommitted paths, or a sentence saying there are none. */
function repositoryLists(repo: RepositoryFacts): { recent: string; uncommitted: string; manifest: string } {
  const code = (text: string) => `\`${text.replace(/[`\r\n]/g, " ")}\``;
  const snapshot = repo.snapshot;
  const recent = snapshot?.recent.length
    ? snapshot.recent.map((c) => `- ${code(c.sha.slice(0, 7))} ${c.subject.replace(/[\r\n]+/g, " ")}`).join("\n")
    : "- No commits yet.";
  const paths = snapshot?.uncommitted ?? [];
  const uncommitted = paths.length > 0 ? paths.map((p) => `- ${code(p.status)} ${code(p.path)}`).join("\n") : "- No uncommitted changes.";
  const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/[\r\n]+/g, " ");
  const manifest =
    paths.length > 0
      ? paths.map((p) => `| ${code(cell(p.path))} | ${p.status === "??" ? "new, uncommitted" : "changed, uncommitted"} |`).join("\n")
      : "| (none) | no uncommitted changes |";
  return { recent, uncommitted, manifest };
}

/** The values every template may use. */
export function templateValues(now: Date, slug: string | undefined, repo: RepositoryFacts, agent: string, cwd: string): Record<string, string> {
  const created = `${now.toISOString().slice(0, 19)}Z`;
  const expires = new Date(now.getTime() + 30 * 24 * 3600 * 1000);
  const cleanSlug = slugify(slug ?? "handoff");
  const project = slugify(path.basename(repo.root ?? cwd));
  return {
    ...repositoryLists(repo),
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
    project,
    /** The contract title's scope: the slug when one was given, else the project. */
    scope: slug === undefined ? project : cleanSlug,
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
