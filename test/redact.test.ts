// One redaction for every secret: text and JSON-like values, keys included.
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { REDACTED, Redactor } from "../src/redact.js";

describe("Redactor", () => {
  const redactor = new Redactor(["abc-token", "abc-token-longer", "", undefined]);

  it("replaces every occurrence, the longest secret first", () => {
    expect(redactor.text("Bearer abc-token-longer and abc-token, abc-token")).toBe(
      `Bearer ${REDACTED} and ${REDACTED}, ${REDACTED}`,
    );
  });

  it("walks values: strings, keys, arrays, nested objects; other values as they are", () => {
    const when = new Date(0);
    expect(
      redactor.value({
        a: "x abc-token y",
        "abc-token": 1,
        list: ["abc-token", 2, null, true, { deep: "abc-token-longer" }],
        when,
      }),
    ).toEqual({
      a: `x ${REDACTED} y`,
      [REDACTED]: 1,
      list: [REDACTED, 2, null, true, { deep: REDACTED }],
      when,
    });
  });

  it("returns the value itself when there is nothing to hide", () => {
    const value = { a: "plain", b: [1, 2] };
    expect(redactor.value(value)).toBe(value);
    expect(new Redactor([]).value(value)).toBe(value);
    expect(Redactor.none.text("abc-token")).toBe("abc-token");
  });

  it("does not show its secrets when printed", () => {
    expect(inspect(redactor, { showHidden: true, depth: 5 })).not.toContain("abc-token");
    expect(JSON.stringify(redactor)).not.toContain("abc-token");
  });
});
