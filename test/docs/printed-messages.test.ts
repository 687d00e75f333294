// The messages the docs quote as printed are the ones the code prints. Each quote is marked in the
// Markdown (`<!-- printed: name -->` just before its code span or fenced block) and produced here
// from the code under that name (printed-messages.ts), then compared character for character. A
// block with a line of the command line's own output (`chatwarden: …`) must be marked, unless it
// is abridged (`…`), so that a new quote cannot slip past unchecked.
import { afterAll, describe, expect, it } from "vitest";
import { documentationFiles, type PrintedMark, printedMarks, splitCode } from "./markdown.js";
import { PRINTED_MESSAGES, removeScratch } from "./printed-messages.js";

const files = documentationFiles();
const marks: (PrintedMark & { path: string })[] = files.flatMap((file) =>
  printedMarks(file.text).map((mark) => ({ ...mark, path: file.path })),
);

afterAll(removeScratch);

describe("the messages the docs quote as printed", () => {
  it.each(marks.map((mark) => [`${mark.path}:${mark.line} ${mark.name}`, mark] as const))(
    "%s is what the code prints",
    async (_where, mark) => {
      const produce = PRINTED_MESSAGES[mark.name];
      expect(produce, `no producer for "${mark.name}" in printed-messages.ts`).toBeDefined();
      expect(mark.quote, "the mark is followed by no code span or fenced block").toBeDefined();
      expect(mark.quote).toBe(await produce?.());
    },
    15_000,
  );

  it("has a mark in the docs for every producer", () => {
    expect(Object.keys(PRINTED_MESSAGES).sort()).toEqual(
      [...new Set(marks.map((mark) => mark.name))].sort(),
    );
  });

  it("marks every block that shows the command line's own output", () => {
    const unmarked = files.flatMap((file) => {
      const marked = new Set(printedMarks(file.text).map((mark) => mark.line + 1));
      return splitCode(file.text)
        .blocks.filter((block) => !marked.has(block.line))
        .filter((block) =>
          block.content
            .split("\n")
            .some((line) => line.startsWith("chatwarden: ") && !line.includes("…")),
        )
        .map((block) => `${file.path}:${block.line}`);
    });
    expect(unmarked).toEqual([]);
  });
});
