/**
 * ISO-8601 timestamps as handoffs write them (`2026-03-01`, `2026-03-01T10:00Z`,
 * `2026-03-01 10:00:00+02:00`), parsed strictly: the calendar is checked (no 2026-02-30, no
 * 25:00), and a value without a time zone is read as UTC and marked so.
 *
 * Accepted shape (a subset of ISO 8601 / RFC 3339): `YYYY-MM-DD`, optionally followed by `T` or a
 * space, `HH:MM`, optional `:SS` and fraction, and an optional zone `Z` or `±HH:MM` / `±HHMM` / `±HH`.
 */

/** A parsed timestamp. */
export interface Timestamp {
  ok: true;
  /** The instant (UTC when the value has no zone). */
  date: Date;
  /** The value names its time zone (`Z` or an offset). */
  hasZone: boolean;
  /** Only a date, no time of day (read as 00:00 UTC). */
  dateOnly: boolean;
}

/** Why a value is not a timestamp. */
export interface TimestampProblem {
  ok: false;
  /** `format`: not the shape above; `calendar`: the shape is right but no such date or time exists. */
  reason: "format" | "calendar";
  /** For `calendar`: which part is impossible, e.g. `February 2026 has 28 days`. */
  detail: string;
}

const TIMESTAMP_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?)?$/i;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Days in `month` (1-12) of `year`, Gregorian. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Parses `value`; never throws. */
export function parseTimestamp(value: string): Timestamp | TimestampProblem {
  const m = TIMESTAMP_RE.exec(value.trim());
  if (!m) return { ok: false, reason: "format", detail: "" };
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hasTime = m[4] !== undefined;
  const hour = hasTime ? Number(m[4]) : 0;
  const minute = hasTime ? Number(m[5]) : 0;
  const second = m[6] !== undefined ? Number(m[6]) : 0;
  const millis = m[7] !== undefined ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  if (month < 1 || month > 12) return { ok: false, reason: "calendar", detail: `there is no month ${month}` };
  const dim = daysInMonth(year, month);
  if (day < 1 || day > dim) {
    return { ok: false, reason: "calendar", detail: `${MONTHS[month - 1]} ${year} has ${dim} days` };
  }
  if (hour > 23) return { ok: false, reason: "calendar", detail: `there is no hour ${hour}` };
  if (minute > 59) return { ok: false, reason: "calendar", detail: `there is no minute ${minute}` };
  if (second > 59) return { ok: false, reason: "calendar", detail: `there is no second ${second}` };
  let offsetMinutes = 0;
  const hasZone = m[8] !== undefined || m[9] !== undefined;
  if (m[9] !== undefined) {
    const oh = Number(m[10]);
    const om = m[11] !== undefined ? Number(m[11]) : 0;
    if (oh > 23 || om > 59) return { ok: false, reason: "calendar", detail: `there is no time zone offset ${m[9]}${m[10]}:${m[11] ?? "00"}` };
    offsetMinutes = (m[9] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millis);
  return { ok: true, date: new Date(date.getTime() - offsetMinutes * 60_000), hasZone, dateOnly: !hasTime };
}

/** `2026-03-01T10:00:00Z`: an instant in UTC, to the second. */
export function formatUtc(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
