/**
 * The built-in rules, in the order they run and are documented.
 */
import type { Rule } from "../src/3-check/engine/rule.js";
import { duplicateSection } from "./duplicate-section.js";
import { factsHypotheses } from "./facts-hypotheses.js";
import { fileEncoding } from "./file-encoding.js";
import { fileRead } from "./file-read.js";
import { hatch3rLimits } from "./hatch3r-limits.js";
import { snoRecord } from "./sno-record.js";
import { frontmatterSchema } from "./frontmatter-schema.js";
import { frontmatterSyntax } from "./frontmatter-syntax.js";
import { injectionExfilLink } from "./injection-exfil-link.js";
import { injectionFakeDelimiter } from "./injection-fake-delimiter.js";
import { injectionHiddenContent } from "./injection-hidden-content.js";
import { injectionMarkerSpoof } from "./injection-marker-spoof.js";
import { injectionObfuscation } from "./injection-obfuscation.js";
import { injectionOverride } from "./injection-override.js";
import { injectionPromptExtraction } from "./injection-prompt-extraction.js";
import { injectionRole } from "./injection-role.js";
import { injectionToolCall } from "./injection-tool-call.js";
import { markdownlint } from "./markdownlint.js";
import { nextAction } from "./next-action.js";
import { noSecrets } from "./no-secrets.js";
import { recordSyntax } from "./record-syntax.js";
import { requiredSections } from "./required-sections.js";
import { sectionOrder } from "./section-order.js";
import { unknownSuppression } from "./unknown-suppression.js";
import { integrity } from "./integrity.js";
import { expiry } from "./expiry.js";
import { recordClosedPending } from "./record-closed-pending.js";
import { recordPendingAuthorized } from "./record-pending-authorized.js";
import { recordStepEvidence } from "./record-step-evidence.js";
import { markdownLimits } from "./markdown-limits.js";
import { unfilledTemplate } from "./unfilled-template.js";
import { stale } from "./stale.js";
import { unclosedFence } from "./unclosed-fence.js";
import { lineEndings } from "./line-endings.js";
import { mojibake } from "./mojibake.js";
import { localLinks } from "./local-links.js";
import { agentPermissions } from "./agent-permissions.js";

/** Every built-in rule. */
export const builtinRules: readonly Rule[] = [
  fileRead,
  fileEncoding,
  frontmatterSyntax,
  frontmatterSchema,
  recordSyntax,
  requiredSections,
  sectionOrder,
  duplicateSection,
  factsHypotheses,
  nextAction,
  markdownlint,
  unknownSuppression,
  integrity,
  expiry,
  recordClosedPending,
  recordPendingAuthorized,
  recordStepEvidence,
  hatch3rLimits,
  snoRecord,
  noSecrets,
  injectionOverride,
  injectionRole,
  injectionFakeDelimiter,
  injectionMarkerSpoof,
  injectionToolCall,
  injectionPromptExtraction,
  injectionExfilLink,
  injectionHiddenContent,
  injectionObfuscation,
  markdownLimits,
  unfilledTemplate,
  stale,
  unclosedFence,
  lineEndings,
  mojibake,
  localLinks,
  agentPermissions,
];
