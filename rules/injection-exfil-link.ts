/**
 * injection-exfil-link: Markdown images and links whose URL query carries interpolated data
 * (`{{…}}`, `${…}`, `$VAR`), a secret, an encoded blob or instructions — the way an injected prompt
 * gets a reader to send data out (an image is fetched the moment the text is rendered, no click
 * needed). Remote images in general are reported at `info`: they load automatically and tell their
 * host who read the handoff and when.
 */
import type { Definition, Image, ImageReference, Link, LinkReference, Parents } from "mdast";
import type { HandoffDocument } from "../src/2-parse/document/model.js";
import type { Severity } from "../src/3-check/engine/diagnostic.js";
import type { RuleContext } from "../src/3-check/engine/rule.js";
import { defineInjectionRule } from "../src/3-check/injection/define-rule.js";
import { excerpt } from "../src/3-check/injection/detector.js";
import { normalizeText } from "../src/3-check/injection/normalize.js";
import { textRuns } from "../src/3-check/injection/runs.js";
import { textVerdicts } from "../src/3-check/injection/verdicts.js";

const INTERPOLATION = /\{\{|\}\}|\$\{|\{%|<%|\[\[|\$[A-Z_][A-Z0-9_]{2,}|\{[A-Za-z_][\w.]{0,40}\}|<[A-Za-z_][\w ]{0,40}>/;
const SECRET_NAME =
  /^(?:api[_-]?key|key|token|access[_-]?token|auth|authorization|secret|client[_-]?secret|password|passwd|pwd|session|sid|cookie|credentials?|private[_-]?key|jwt)$/i;
const SECRET_VALUE =
  /\b(?:sk-[\w-]{16,}|ghp_[A-Za-z0-9]{30,}|github_pat_\w{30,}|AKIA[0-9A-Z]{16}|xox[abpr]-[A-Za-z0-9-]{10,}|AIza[\w-]{30,}|eyJ[\w-]{10,}\.[\w-]{10,})/;
const BLOB = /^[\w+/-]{48,}={0,2}$/;
const EXFIL_WORDS =
  /\b(?:conversation|chat\s+history|system\s+prompt|previous\s+messages|secrets?|credentials?|passwords?|api\s+keys?|tokens?|env(?:ironment)?\s+variables|private\s+keys?|ssh\s+keys?)\b|(?<![\w.])\.env\b/i;
const IMG_TAG = /<img\b[^>]{1,500}?\bsrc\s*=\s*["']?([^"'\s>]{1,4096})/gi;
const A_TAG = /<a\b[^>]{1,500}?\bhref\s*=\s*["']?([^"'\s>]{1,4096})/gi;

type Kind = "image" | "link";

/** Why a URL's query is suspicious, or undefined. */
function suspiciousQuery(url: URL): { reason: string; param: string } | undefined {
  const rawQuery = url.search + url.hash;
  for (const [name, value] of url.searchParams) {
    const param = name || "(unnamed)";
    if (INTERPOLATION.test(value) || INTERPOLATION.test(name)) return { reason: "an interpolation placeholder", param };
    if (SECRET_VALUE.test(value) || (SECRET_NAME.test(name) && value.length >= 8)) return { reason: "a secret", param };
    if (BLOB.test(value)) return { reason: "an encoded blob", param };
    const words = normalizeText(value).text;
    // A URL parameter is not shown in the rendered text: scored as hidden.
    if (/\s\S+\s\S+\s/.test(words) && (EXFIL_WORDS.test(words) || textVerdicts(words, { hidden: true }).length > 0)) {
      return { reason: "instructions", param };
    }
  }
  if (/%7B%7B|%24%7B/i.test(rawQuery)) return { reason: "an interpolation placeholder", param: "(query)" };
  return undefined;
}

function parseRemote(raw: string): URL | undefined {
  try {
    const url = new URL(raw.startsWith("//") ? `https:${raw}` : raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

function check(context: RuleContext, kind: Kind, raw: string, offset: number, endOffset: number): void {
  const url = parseRemote(raw.trim());
  if (!url) return;
  const suspicious = suspiciousQuery(url);
  if (suspicious) {
    const severity: Severity = kind === "image" ? "error" : "warning";
    context.report({
      messageId: kind === "image" ? "image" : "link",
      // The query is left out of the message: it may hold the secret itself.
      data: { reason: suspicious.reason, param: suspicious.param, host: url.host, url: excerpt(url.origin + url.pathname) },
      offset,
      endOffset,
      severity,
    });
  } else if (kind === "image") {
    context.report({ messageId: "remote", data: { host: url.host }, offset, endOffset, severity: "info" });
  }
}

function spanOf(node: { position?: { start: { offset?: number }; end: { offset?: number } } }): [number, number] {
  return [node.position?.start.offset ?? 0, node.position?.end.offset ?? 0];
}

function checkMarkdown(document: HandoffDocument, context: RuleContext): void {
  const root = document.mdast;
  if (!root) return;
  // One walk gathers definitions and links; references are resolved after it (a definition may
  // follow its reference), and links are checked in document order.
  const definitions = new Map<string, Definition>();
  const links: Array<Image | Link | ImageReference | LinkReference> = [];
  const walk = (parent: Parents): void => {
    for (const node of parent.children) {
      if (node.type === "image" || node.type === "link" || node.type === "imageReference" || node.type === "linkReference") links.push(node);
      else if (node.type === "definition" && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
      if ("children" in node) walk(node);
    }
  };
  walk(root);
  for (const node of links) {
    const [s, e] = spanOf(node);
    if (node.type === "image" || node.type === "link") {
      check(context, node.type, node.url, s, e);
    } else {
      const definition = definitions.get(node.identifier);
      if (definition) check(context, node.type === "imageReference" ? "image" : "link", definition.url, s, e);
    }
  }
}

/** The `injection-exfil-link` rule; see `rules/injection-exfil-link.md`. */
export const injectionExfilLink = defineInjectionRule({
  id: "injection-exfil-link",
  code: "HK036",
  description: "No images or links whose URL query carries interpolated data, secrets or instructions; remote images noted.",
  defaultSeverity: "error",
  formats: ["markdown"],
  precision: "high",
  messages: {
    image: "Image URL query carries {{reason}} in '{{param}}', sent to {{host}} when rendered: '{{url}}'",
    link: "Link URL query carries {{reason}} in '{{param}}', sent to {{host}} when followed: '{{url}}'",
    remote: "Remote image loads automatically when rendered (tells {{host}} who read it)",
  },
  check(document, context) {
    checkMarkdown(document, context);
    for (const run of textRuns(document)) {
      // Rendered HTML only: an <img> or <a> inside a comment is never fetched or followed.
      if (run.kind !== "html") continue;
      for (const m of run.raw.matchAll(IMG_TAG)) {
        const at = run.offset + m.index;
        check(context, "image", m[1] as string, at, at + m[0].length);
      }
      for (const m of run.raw.matchAll(A_TAG)) {
        const at = run.offset + m.index;
        check(context, "link", m[1] as string, at, at + m[0].length);
      }
    }
  },
});
