// How an echo that differs from its request is put into words (issue 9, item 10).
import { describe, expect, it } from "vitest";
import { echoDifference } from "../../src/chat-api/echo.js";

describe("echoDifference", () => {
  it("is undefined when the echo repeats every field sent, extra fields aside", () => {
    expect(echoDifference({ gamer_id: "g", days: 3 }, { gamer_id: "g", days: 3, x: 1 })).toBe(
      undefined,
    );
    expect(
      echoDifference(
        { language: "ko-kr", filters: ["a", "b"] },
        { language: "ko-kr", filters: ["a", "b"] },
      ),
    ).toBe(undefined);
  });

  it("names each field that differs", () => {
    expect(
      echoDifference({ gamer_id: "gamer-42", days: 3 }, { gamer_id: "gamer-43", days: 7 }),
    ).toBe("The chat API answered for gamer-43, not gamer-42, with 7 days, not 3");
    expect(echoDifference({ gamer_id: "gamer-42" }, {})).toBe(
      "The chat API answered for nothing, not gamer-42",
    );
    expect(
      echoDifference(
        { language: "ko-kr", filters: ["a", "b"] },
        { language: "ko-kr", filters: ["b", "a"] },
      ),
    ).toBe("The chat API answered with the same words in another order or repeated");
  });

  it("cuts a long echoed value and a long list", () => {
    const long = "x".repeat(500);
    expect(echoDifference({ gamer_id: "g" }, { gamer_id: long })).toBe(
      `The chat API answered for ${"x".repeat(64)}…, not g`,
    );
    const words = Array.from({ length: 8 }, (_, i) => `w${i}`);
    expect(echoDifference({ filters: [] }, { filters: words })).toBe(
      "The chat API answered with a different list (with w0, w1, w2, w3, w4 and 3 more)",
    );
  });
});
