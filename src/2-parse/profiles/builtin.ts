/**
 * The five built-in profiles, as their public repos describe them (0mandrock1/handoff-skills, hatch3r/hatch3r, magnus919/agent-skills, sno-ai/sno-station-skills).
 */
import hatch3rSchema from "../../../schemas/hatch3r.schema.json" with { type: "json" };
import verifiedDeliverySchema from "../../../schemas/verified-delivery.schema.json" with { type: "json" };
import type { Profile } from "./profile.js";

export { markerLineOffset, SNO_CUTOVER_EOF, SNO_RECORD_END, SNO_RECORD_START } from "../document/sno-record.js";
import { SNO_RECORD_START } from "../document/sno-record.js";

/** The three-part handoff contract (public repo 0mandrock1/handoff-skills). */
export const contractProfile: Profile = {
  id: "contract",
  description: "Three-part handoff contract: '# HANDOFF' title, fourteen ordered sections, facts kept apart from hypotheses",
  source: "github.com/0mandrock1/handoff-skills",
  ordered: true,
  frontmatterRequired: false,
  separatesFactsAndHypotheses: true,
  sections: [
    { title: "Goal", role: "goal", required: true },
    { title: "Durable context", role: "durable-context", required: false },
    { title: "Session state", role: "session-state", required: false },
    { title: "Verified facts", role: "verified-facts", required: true },
    { title: "Hypotheses", role: "hypotheses", required: false },
    { title: "Decisions", role: "decisions", required: false },
    { title: "Completed work", role: "completed", required: false },
    { title: "Failed attempts", role: "failed-attempts", required: false },
    { title: "Tool / runtime limitations", aliases: ["Tool limitations", "Runtime limitations"], role: "limitations", required: false },
    { title: "Repos / files / paths", role: "files", required: false },
    { title: "Unresolved work", role: "remaining", required: true },
    { title: "Constraints", role: "constraints", required: false },
    { title: "Mutable state to re-verify", role: "mutable-state", required: false },
    { title: "Next action", role: "next-action", required: true },
    { title: "Run / Verify", role: "build-status", required: false },
    { title: "Open questions outside code", role: "open-questions", required: false },
    { title: "Session lessons", role: "lessons", required: false },
  ],
};

/** hatch3r handoffs (public repo hatch3r/hatch3r, v2.x). */
export const hatch3rProfile: Profile = {
  id: "hatch3r",
  description: "hatch3r v2 handoff: typed YAML frontmatter with an integrity digest, eight '## ' sections",
  source: "github.com/hatch3r/hatch3r",
  ordered: false,
  sectionDepth: 2,
  frontmatterRequired: true,
  frontmatterSchema: hatch3rSchema,
  separatesFactsAndHypotheses: false,
  sections: [
    { title: "Problem", role: "goal", required: true },
    { title: "Decisions", role: "decisions", required: true },
    { title: "Work Done", role: "completed", required: true },
    { title: "Work Remaining", role: "remaining", required: true },
    { title: "Blockers", role: "blockers", required: true },
    { title: "Next Steps", role: "next-action", required: true },
    { title: "Build & Test Status", role: "build-status", required: true },
    { title: "File Manifest", role: "files", required: true },
  ],
};

/** verified-delivery interruption handoff (public repo magnus919/agent-skills). */
export const verifiedDeliveryProfile: Profile = {
  id: "verified-delivery",
  description: "verified-delivery/handoff-v1 JSON record, as a .json file or a fenced json block",
  source: "github.com/magnus919/agent-skills",
  ordered: false,
  frontmatterRequired: false,
  recordSchema: verifiedDeliverySchema,
  separatesFactsAndHypotheses: false,
  sections: [],
  hasSections: () => false,
};

/** sno progress record and cutover brief (public repo sno-ai/sno-station-skills). */
export const snoProfile: Profile = {
  id: "sno",
  description: "sno progress record (machine block + five sections) or cutover brief (ends with AGENT_CUTOVER_EOF)",
  source: "github.com/sno-ai/sno-station-skills",
  ordered: false,
  frontmatterRequired: false,
  separatesFactsAndHypotheses: false,
  sections: [
    { title: "Objective and authorization", role: "goal", required: true },
    { title: "Done", role: "completed", required: true },
    { title: "Next", role: "next-action", required: true },
    { title: "Decisions and assumptions", role: "decisions", required: true },
    { title: "Risks and open questions", role: "open-questions", required: true },
  ],
  // Only the progress record has fixed sections; a cutover brief is free-form.
  hasSections: (document) => document.format === "markdown" && document.text.includes(SNO_RECORD_START),
};

/** Everything else: section roles recognised loosely, nothing required but a next step. */
export const genericProfile: Profile = {
  id: "generic",
  description: "Any handoff: section roles (next action, facts, hypotheses, decisions, files) recognised loosely",
  source: "handoffkit",
  ordered: false,
  frontmatterRequired: false,
  separatesFactsAndHypotheses: false,
  sections: [],
};

/** Built-in profiles by id, in detection order. */
export const BUILTIN_PROFILES: readonly Profile[] = [hatch3rProfile, verifiedDeliveryProfile, snoProfile, contractProfile, genericProfile];
