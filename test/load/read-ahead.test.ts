import { describe, expect, it } from "vitest";
import { readAhead } from "../../src/1-load/read-ahead.js";

describe("readAhead", () => {
  it("yields every item's read in item order even when later reads finish first", async () => {
    const delays: Record<string, number> = { a: 30, b: 1, c: 15, d: 0 };
    const read = (item: string) => new Promise<string>((resolve) => setTimeout(() => resolve(`read ${item}`), delays[item]));
    const seen: string[] = [];
    for await (const value of readAhead(["a", "b", "c", "d"], read, 3)) seen.push(value);
    expect(seen).toEqual(["read a", "read b", "read c", "read d"]);
  });

  it("never has more than depth reads started ahead of the one being consumed", async () => {
    let inFlight = 0;
    let most = 0;
    const read = async (item: string) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return item;
    };
    const items = Array.from({ length: 20 }, (_, i) => String(i));
    const seen: string[] = [];
    for await (const value of readAhead(items, read, 4)) seen.push(value);
    expect(seen).toEqual(items);
    expect(most).toBe(4);
  });

  it("yields nothing for no items", async () => {
    const seen: string[] = [];
    for await (const value of readAhead([], async (item) => item)) seen.push(value);
    expect(seen).toEqual([]);
  });
});
