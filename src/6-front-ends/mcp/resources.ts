/**
 * The MCP resources, read-only: `handoff://latest` (the newest open handoff, the one `resume`
 * picks) and `handoff://handoffs/{id}` (each handoff of every store by id). A resource's text is
 * the document with every credential-shaped value masked.
 */
import { openStore } from "../../5-operations/store-access.js";
import { buildDocument } from "../../3-check/lint.js";
import { readSource } from "../../1-load/read.js";
import { maskText } from "../../3-check/secrets/mask.js";
import { secretValuesToMask } from "../../3-check/secrets/document.js";
import { catalog, openHandoffs, type CatalogEntry } from "../../5-operations/store/catalog.js";
import { StoreEscapeError } from "../../5-operations/store/naming.js";
import { ToolArgumentError, type ToolContext } from "./tools.js";

/** The newest open handoff. */
export const LATEST_URI = "handoff://latest";
/** Prefix of a handoff's URI; the id follows, percent-encoded. */
export const BY_ID_PREFIX = "handoff://handoffs/";
/** The RFC 6570 template of {@link BY_ID_PREFIX}. */
export const BY_ID_TEMPLATE = `${BY_ID_PREFIX}{id}`;

/** One resource as `resources/list` gives it. */
export interface ResourceEntry {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType: string;
}

/** The contents of one read. */
export interface ResourceContents {
  uri: string;
  mimeType: string;
  text: string;
}

function stores(context: ToolContext) {
  return openStore({}, context, true);
}

const mimeOf = (file: string): string => (file.endsWith(".json") ? "application/json" : "text/markdown");

/** Every handoff (archived ones too), then `handoff://latest` when one is open. */
export async function listResources(context: ToolContext): Promise<ResourceEntry[]> {
  const { session, stores: all } = stores(context);
  const entries = await catalog(all, session, true);
  const open = await openHandoffs(all, session);
  const out: ResourceEntry[] = [];
  const latest = open[0];
  if (latest)
    out.push({
      uri: LATEST_URI,
      name: "latest",
      title: "The newest open handoff",
      description: `Now ${latest.handoff.id}`,
      mimeType: mimeOf(latest.handoff.path),
    });
  for (const entry of entries) {
    out.push({
      uri: `${BY_ID_PREFIX}${encodeURIComponent(entry.handoff.id)}`,
      name: entry.handoff.id,
      description: describe(entry),
      mimeType: mimeOf(entry.handoff.path),
    });
  }
  return out;
}

function describe(entry: CatalogEntry): string {
  return [entry.profile, entry.status, entry.updated, entry.summary].filter((x) => x !== undefined && x !== "").join(" · ");
}

async function masked(file: string, uri: string, context: ToolContext): Promise<ResourceContents> {
  const { session } = stores(context);
  const source = await readSource(file, { cwd: context.cwd, maxBytes: session.maxFileSize });
  if (source.problems.length > 0) throw new ToolArgumentError(`${source.displayPath} is unusable: ${source.problems.map((p) => p.message).join("; ")}`);
  const { document } = buildDocument(source, session);
  return { uri, mimeType: mimeOf(file), text: maskText(document.text, secretValuesToMask(document)) };
}

/**
 * Reads one resource.
 * @throws ToolArgumentError for an unknown URI, an id no store holds, or one that leaves the store.
 */
export async function readResource(uri: string, context: ToolContext): Promise<ResourceContents> {
  const { session, stores: all } = stores(context);
  if (uri === LATEST_URI) {
    const latest = (await openHandoffs(all, session))[0];
    if (!latest) throw new ToolArgumentError("no open handoff in any store");
    return masked(latest.handoff.path, uri, context);
  }
  if (!uri.startsWith(BY_ID_PREFIX)) throw new ToolArgumentError(`unknown resource '${uri}' (known: ${LATEST_URI}, ${BY_ID_TEMPLATE})`);
  let id: string;
  try {
    id = decodeURIComponent(uri.slice(BY_ID_PREFIX.length));
  } catch {
    throw new ToolArgumentError(`'${uri}' is not a well-formed URI`);
  }
  for (const store of all) {
    try {
      return await masked((await store.read(id)).path, uri, context);
    } catch (error) {
      if (error instanceof StoreEscapeError) throw new ToolArgumentError(error.message);
      if (error instanceof ToolArgumentError) throw error;
    }
  }
  throw new ToolArgumentError(`no handoff '${id}' in any store`);
}
