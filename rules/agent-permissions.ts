/**
 * agent-permissions: instructions that widen the next agent's permissions or switch off its
 * safeguards — turn on a permission-bypass mode (`--dangerously-skip-permissions`, Claude Code's
 * "Bypass permissions", Codex's `--dangerously-bypass-approvals-and-sandbox`, `--yolo`), or stop
 * asking before acting ("DO NOT ask the owner questions"). A handoff may ask for them honestly, but
 * the reader should decide, not inherit them: hatch3r's trust boundary names instructions aimed at
 * tool boundaries or permissions. Read by shape, so a document that describes such a flag stays
 * clean: a line must tell the reader to do it (it opens with an imperative), or be an agent's
 * command line (`claude --dangerously-skip-permissions`) in a code block, or in a code span that
 * stands alone or that such a line gives.
 */
import type { Code, Heading, InlineCode, Paragraph, TableCell } from "mdast";
import { toString } from "mdast-util-to-string";
import { SKIP, visit } from "unist-util-visit";
import type { Rule } from "../src/3-check/engine/rule.js";

/**
 * Permission-bypass modes and flags of coding agents: Claude Code (`--dangerously-skip-permissions`,
 * `bypassPermissions`, "Bypass permissions"), OpenAI Codex CLI (`--dangerously-bypass-approvals-and-sandbox`,
 * `--yolo`, `--full-auto`), Gemini CLI (`--yolo`, `--approval-mode=yolo`), GitHub Copilot CLI (`--allow-all-tools`).
 */
const BYPASS =
  /--dangerously-skip-permissions|--dangerously-bypass-approvals-and-sandbox|--yolo\b|--full-auto\b|--approval-mode[= ]yolo|--allow-all-tools|\bbypass ?permissions\b|\bYOLO mode\b|\bauto-?approve (?:all|every)/i;
/** An agent's command line: the agent's CLI first. */
const AGENT_COMMAND = /^\s*(?:\$\s*)?(?:npx\s+(?:@[\w-]+\/)?)?(?:claude|codex|gemini|copilot|cursor-agent|aider|opencode|qwen)\b/i;
/**
 * A line that tells the reader to do something: after list markers, quote markers, emoji and
 * emphasis, an imperative to turn on, use or run, in the languages handoffs are written in.
 */
const IMPERATIVE =
  /^[\s>*_\-+•\p{Extended_Pictographic}\uFE0F\u200D\d.)]*(?:enable|turn on|switch on|use|run|start|launch|set|allow|включи(?:те)?|активируй(?:те)?|используй(?:те)?|запусти(?:те)?|увімкни|aktiviere|schalte|verwende|activa|habilita|usa|active[zr]?|utilise[zr]?|lance[zr]?|ative|habilite|abilita|attiva|开启|启用|打开|使用|有効に|オンに)(?!\p{L})/iu;
/** Telling the reader not to ask before acting ("DO NOT ask the owner questions", "never ask for confirmation"), at a sentence's start. */
const NO_ASKING =
  /(?:^|[.!;:]\s+|^[\s>*_\-+•]+)(?:do not|don't|never|не)\s+(?:ask|wait for|request|спрашивай|задавай)\s+(?:[\p{L}'’-]+\s+){0,3}?(?:questions?|confirmation|approval|permission|вопрос\p{L}*|подтвержден\p{L}*)\b/iu;

/**
 * What every finding holds (a bypass flag or mode, or a negated "ask"): a document without it is
 * not walked at all, so the rule costs one scan of the text on almost every document.
 */
const GATE =
  /--dangerously|--yolo|--full-auto|--approval-mode|--allow-all-tools|bypass ?permissions|YOLO mode|auto-?approve|(?:not|n't|never|не)\s+(?:ask|wait for|request|спрашивай|задавай)/iu;

export const agentPermissions: Rule = {
  meta: {
    id: "agent-permissions",
    code: "HK055",
    description: "No instruction to turn on an agent's permission bypass or to stop asking before acting.",
    defaultSeverity: "warning",
    profiles: "all",
    formats: ["markdown"],
    tags: ["trust"],
    precision: "high",
    messages: {
      bypass:
        "This tells the next agent to run with its permission checks off ('{{what}}'): whoever resumes should choose that, not inherit it; say why it is needed, or leave it out",
      noAsking:
        "This tells the next agent not to ask before acting ('{{what}}'): whoever resumes should keep its safeguards; say which decisions are already made instead",
    },
  },
  check(document, context) {
    const root = document.mdast;
    if (!root || !GATE.test(document.text)) return;
    const report = (messageId: "bypass" | "noAsking", what: string, start: number | undefined, end: number | undefined) => {
      if (start === undefined) return;
      context.report({ messageId, data: { what: what.length > 60 ? `${what.slice(0, 57)}…` : what }, offset: start, endOffset: end ?? start });
    };
    /** Reports an agent's command line with a bypass flag in code; whether it did. */
    const commandLine = (node: Code | InlineCode): boolean => {
      for (const line of node.value.split("\n")) {
        const flag = BYPASS.exec(line);
        if (flag && AGENT_COMMAND.test(line)) {
          report("bypass", flag[0], node.position?.start.offset, node.position?.end.offset);
          return true;
        }
      }
      return false;
    };
    visit(root, (node) => {
      if (node.type === "code" || node.type === "inlineCode") {
        commandLine(node);
        return SKIP;
      }
      if (node.type === "paragraph" || node.type === "heading" || node.type === "tableCell") {
        const start = node.position?.start.offset ?? 0;
        const text = toString(node);
        // The k-th line of the text is the k-th line of the source (quote and list markers aside): a finding starts at its line.
        const firstLine = document.lines.point(start).line;
        const lineStart = (k: number) => (k === 0 ? start : document.lines.lineStart(firstLine + k));
        const lines = text.split("\n");
        for (const [k, line] of lines.entries()) {
          const flag = BYPASS.exec(line);
          if (flag && IMPERATIVE.test(line)) {
            report("bypass", flag[0], lineStart(k), node.position?.end.offset);
            return SKIP;
          }
          const asking = NO_ASKING.exec(line);
          if (asking) {
            report("noAsking", asking[0].replace(/^[\s>*_\-+•.!;:]+/u, ""), lineStart(k), node.position?.end.offset);
            return SKIP;
          }
        }
        // An agent's command line in a code span, when the line tells the reader to run it or the span stands alone
        // ("PTY spawns `claude --dangerously-skip-permissions`" describes code).
        const children = (node as Paragraph | Heading | TableCell).children;
        const told = IMPERATIVE.test(text) || /^(?:then|next|now)\b/i.test(text.trim()) || children.length === 1;
        if (told) for (const child of children) if (child.type === "inlineCode" && commandLine(child)) break;
        return SKIP;
      }
      return undefined;
    });
  },
};
