/**
 * `new`: a new handoff from `templates/<profile>.md`, filled from the clock and the live repository
 * (branch, commit, recent commits, uncommitted paths, remote), sealed when the profile has a digest
 * (hatch3r), and written through the store (atomic, never overwriting, read back). What it writes
 * lints with no findings; the sections only the writer can fill say "Not recorded yet." until they do.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "../3-check/engine/config.js";
import { recordFromSnapshot } from "./git/checkpoint-drift.js";
import { formatRecordContent } from "../2-parse/document/sno-record.js";
import { fileNameFor } from "./store/naming.js";
import { fillTemplate, readTemplate, repositoryFacts, sealFilled, templateValues, TemplateError, type RepositoryFacts } from "./store/template.js";
import type { OperationContext } from "./context.js";
import { UserError } from "./errors.js";
import { packageRoot } from "./package-info.js";
import { withStore, type OpenedStore, type StoreOptions, type StoreRun } from "./store-access.js";

/** Options of {@link newHandoff}. */
export interface NewOptions extends StoreOptions {
  /** Short kebab-case name: hatch3r id and summary, the contract title's scope, generic and sno file name and title (default: handoff). */
  slug?: string;
  /** The writing agent (`source_agent`; default `handoffkit`). */
  agent?: string;
  /** A folder of `<profile>.md` templates to use instead of the bundled ones. */
  templates?: string;
}

/** The profiles `new` has templates for. */
export const NEW_PROFILES = ["hatch3r", "contract", "sno", "verified-delivery", "generic"];

/** What `new` did. */
export type NewResult =
  | {
      status: "saved";
      /** The new file, relative to the working directory. */
      path: string;
      /** Not inside a git repository: branch and commit are recorded as unknown. */
      outsideRepository: boolean;
      /** What the writer should know (an option that was not used, a missing remote). */
      notes: string[];
    }
  | {
      /** The store does not outlive the session: the handoff was not saved; `text` is it. */
      status: "storage_unresolved";
      reason: string;
      text: string;
      outsideRepository: boolean;
      notes: string[];
    };

/** The text of the first ```` ```json ```` fence of `template` (found by search, not a regex). */
function fencedJson(template: string): string | undefined {
  const open = template.indexOf("```json");
  if (open === -1) return undefined;
  const start = template.indexOf("\n", open);
  if (start === -1) return undefined;
  const close = template.indexOf("\n```", start);
  if (close === -1) return undefined;
  return template.slice(start + 1, close).replace(/\r$/, "");
}

/** The sno machine block's content for a new record: checkpoint 1 of the checkout as it is now. */
function snoRecordValue(repo: RepositoryFacts, values: Readonly<Record<string, string>>, cwd: string): string {
  const snapshot = repo.snapshot ?? { checkout: cwd, branch: "unknown", head: undefined, recent: [], uncommitted: [] };
  return formatRecordContent(recordFromSnapshot(snapshot, 1, values.created as string, values.agent as string), "\n");
}

/**
 * Writes a new handoff from `templates/<profile>.md` into the store, filled from the clock and the
 * live repository.
 * @throws ConfigError (an unknown profile, an existing verified-delivery record, a bad config),
 * TemplateError, or UserError (a failed write: nothing saved).
 */
export async function newHandoff(options: NewOptions, context: OperationContext): Promise<StoreRun<NewResult>> {
  return withStore(options, context, false, (opened) => newIn(opened, options, context));
}

async function newIn({ session, store }: OpenedStore, options: NewOptions, context: OperationContext): Promise<NewResult> {
  const profile = options.profile ?? (store.location.profile === "generic" ? "contract" : store.location.profile);
  if (!NEW_PROFILES.includes(profile)) throw new ConfigError(`'new' has templates for ${NEW_PROFILES.join(", ")}; not '${profile}'`);
  const template = await readTemplate(options.templates ? path.resolve(context.cwd, options.templates) : path.join(packageRoot(), "templates"), profile);
  const repo = await repositoryFacts(context.cwd);
  const values: Record<string, string> = templateValues(session.now, options.slug, repo, options.agent ?? "handoffkit", context.cwd);
  const notes: string[] = [];
  let text: string;
  let fileName: string;
  if (profile === "verified-delivery") {
    const record = fencedJson(template);
    if (record === undefined) throw new TemplateError("the verified-delivery template holds no fenced json record");
    fileName = "handoff.json";
    const target = path.join(store.writeDir, fileName);
    // The verified-delivery store holds one record: never a handoff-2.json beside it.
    if (existsSync(target)) {
      throw new ConfigError(`a verified-delivery record already exists at ${path.relative(context.cwd, target)}: resume or close it first`);
    }
    // `store` names where the record really is, relative to the repository (or the working directory).
    values.store =
      path
        .relative(repo.root ?? context.cwd, target)
        .split(path.sep)
        .join("/") || fileName;
    text = `${fillTemplate(record, values, true)}\n`;
    if (options.slug !== undefined) notes.push(`--slug has no place in a verified-delivery record (the file is always ${fileName}); it was not used`);
    if (repo.root !== undefined && repo.noRemote) {
      notes.push(
        `the repository has no remote: 'repository' names this checkout (${repo.repository}); add a remote and write its URL there so another clone can resume it`,
      );
    }
  } else {
    if (profile === "sno") values.record = snoRecordValue(repo, values, context.cwd);
    text = sealFilled(fillTemplate(template, values));
    fileName = fileNameFor(profile, session.now, values.slug as string, values.project as string, values.id);
  }
  const outcome = await store.write(fileName, new TextEncoder().encode(text)).catch((error: unknown) => {
    throw new UserError(`the handoff was not saved: ${(error as Error).message}`, { cause: error });
  });
  const outsideRepository = repo.root === undefined;
  if (outcome.status === "storage_unresolved") return { status: "storage_unresolved", reason: outcome.reason, text: outcome.text, outsideRepository, notes };
  return { status: "saved", path: path.relative(context.cwd, outcome.path) || outcome.path, outsideRepository, notes };
}
