import { describe, expect, it } from "vitest";
import { formatUtc, parseTimestamp } from "../../src/2-parse/document/timestamp.js";

describe("parseTimestamp", () => {
  it("converts an offset to UTC", () => {
    const parsed = parseTimestamp("2026-03-01T10:00:00+02:00");
    expect(parsed.ok && formatUtc(parsed.date)).toBe("2026-03-01T08:00:00Z");
    const compact = parseTimestamp("2026-03-01 10:00-0130");
    expect(compact.ok && formatUtc(compact.date)).toBe("2026-03-01T11:30:00Z");
  });

  it("marks values without a zone and date-only values", () => {
    expect(parseTimestamp("2026-03-01T10:00")).toMatchObject({ ok: true, hasZone: false, dateOnly: false });
    expect(parseTimestamp("2026-03-01")).toMatchObject({ ok: true, hasZone: false, dateOnly: true });
    expect(parseTimestamp("2026-03-01T10:00:00.123Z")).toMatchObject({ ok: true, hasZone: true });
  });

  it("knows leap years", () => {
    expect(parseTimestamp("2028-02-29").ok).toBe(true);
    expect(parseTimestamp("2000-02-29").ok).toBe(true);
    expect(parseTimestamp("2100-02-29")).toEqual({ ok: false, reason: "calendar", detail: "February 2100 has 28 days" });
  });

  it("rejects impossible times and odd shapes", () => {
    expect(parseTimestamp("2026-04-31")).toEqual({ ok: false, reason: "calendar", detail: "April 2026 has 30 days" });
    expect(parseTimestamp("2026-03-01T24:00Z")).toEqual({ ok: false, reason: "calendar", detail: "there is no hour 24" });
    expect(parseTimestamp("2026-03-01T10:60Z")).toEqual({ ok: false, reason: "calendar", detail: "there is no minute 60" });
    expect(parseTimestamp("01/03/2026")).toEqual({ ok: false, reason: "format", detail: "" });
    expect(parseTimestamp("2026-3-1")).toEqual({ ok: false, reason: "format", detail: "" });
  });
});
