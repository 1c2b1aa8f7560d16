/**
 * hatch3r's status lifecycle (public repo hatch3r/hatch3r, v2.x):
 * open → in-progress | blocked | handed-off | archived; in-progress → blocked | handed-off |
 * completed | archived; blocked → in-progress | handed-off | archived; handed-off → resumed |
 * archived; resumed → in-progress | blocked | completed | archived; completed → archived;
 * archived is final.
 */

/** The statuses a handoff can have. */
export const STATUSES = ["open", "in-progress", "blocked", "handed-off", "resumed", "completed", "archived"] as const;

/** One of {@link STATUSES}. */
export type HandoffStatus = (typeof STATUSES)[number];

const ALLOWED: Readonly<Record<HandoffStatus, readonly HandoffStatus[]>> = {
  open: ["in-progress", "blocked", "handed-off", "archived"],
  "in-progress": ["blocked", "handed-off", "completed", "archived"],
  blocked: ["in-progress", "handed-off", "archived"],
  "handed-off": ["resumed", "archived"],
  resumed: ["in-progress", "blocked", "completed", "archived"],
  completed: ["archived"],
  archived: [],
};

/** Statuses from which `resume` moves a handoff to `resumed` (the resume step of hatch3r). */
export const RESUMABLE: readonly HandoffStatus[] = ["open", "in-progress", "blocked", "handed-off"];

/** True for a known status. */
export function isStatus(value: unknown): value is HandoffStatus {
  return typeof value === "string" && (STATUSES as readonly string[]).includes(value);
}

/** True when `from → to` is an allowed explicit transition. */
export function canTransition(from: HandoffStatus, to: HandoffStatus): boolean {
  return ALLOWED[from].includes(to);
}

/** The statuses reachable from `from`. */
export function nextStatuses(from: HandoffStatus): readonly HandoffStatus[] {
  return ALLOWED[from];
}
