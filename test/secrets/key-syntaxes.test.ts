/**
 * The key syntaxes the generic and password readers know, beside `k = v` and `k: v`: Go's `:=`
 * and typed declarations, Makefile `::=`, `:::=`, `?=`, `+=`, PHP's `.=`, a quoted key and value
 * as two arguments, and an XML element (value on its line or the next). Values are FAKE and built
 * at run time.
 */
import { describe, expect, it } from "vitest";
import { scanSecrets } from "../../src/3-check/secrets/scan.js";
import { randomStrings } from "./labelled.js";

const r = randomStrings(5150);
const token = (): string =>
  `${r("abcdefghijkmnpqrstuvwxyz", 6)}${r("23456789", 4)}${r("ABCDEFGHJKLMNPQRSTUVWXYZ", 6)}_${r("abcdefghijkmnpqrstuvwxyz0123456789", 12)}`;
const password = (): string => `Qm${r("bcdfghjkmnpqrstvwxz", 4)}${r("2468", 2)}!${r("bcdfghjkmnpqrstvwxz", 3)}`;

describe("key syntaxes", () => {
  const found: Array<[string, (value: string) => string, () => string]> = [
    ["Go typed declaration", (v) => `var adafruitToken string = "${v}"`, token],
    ["Kotlin typed declaration", (v) => `val apiToken: String = "${v}"`, token],
    ["Go short declaration", (v) => `signingKey := "${v}"`, token],
    ["Makefile simple expansion", (v) => `API_TOKEN ::= "${v}"`, token],
    ["Makefile immediate expansion", (v) => `API_TOKEN :::= ${v}`, token],
    ["Makefile conditional", (v) => "```make\nSERVICE_TOKEN ?= " + v + "\n```", token],
    ["PHP concatenation", (v) => `$authToken .= "${v}";`, token],
    ["two quoted arguments", (v) => `System.setProperty("SERVICE_TOKEN", "${v}")`, token],
    ["XML element on one line", (v) => `<accessToken>${v}</accessToken>`, token],
    ["XML element over three lines", (v) => "```xml\n<clientSecret>\n    " + v + "\n</clientSecret>\n```", token],
    ["Makefile password", (v) => `DB_PASSWORD ?= ${v}`, password],
  ];
  it.each(found)("finds the value of a %s", (_name, make, value) => {
    const secret = value();
    expect(scanSecrets(make(secret)).map((m) => m.value)).toEqual([secret]);
  });

  it.each([
    "the token, we think, is fine",
    "<token>{{ secrets.TOKEN }}</token>",
    '("token", "abc")',
    "mongodb://admin:<password>@cluster0.mongodb.net",
    "<apiKey>\n\nlater text far below</other>",
    'var token string = os.Getenv("TOKEN")',
    "TOKEN ?= $(shell cat token.txt)",
  ])("finds nothing in %j", (text) => {
    expect(scanSecrets(text)).toEqual([]);
  });
});
