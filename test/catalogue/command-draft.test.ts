// A command line drafted for the operator to finish (the console's Ban… on a card): what is
// known written so that the text parser reads it back exactly, whatever the player's id holds,
// and what is left to type at the end of the line, where the cursor is.
import { describe, expect, it } from "vitest";
import { commandDraft } from "../../src/catalogue/command-draft.js";
import { parseCommandText } from "../../src/catalogue/text-parser.js";
import { quoteWord, tokenize } from "../../src/catalogue/tokenizer.js";
import { createCatalogue } from "../../src/command-list.js";

const catalogue = createCatalogue({
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
});
const ban = catalogue.find("ban");
if (!ban) throw new Error("no ban command");

/** Player ids a chat API may hold that the quoting rules would otherwise read differently. */
const HOSTILE_IDS = [
  "gamer-42",
  "10001",
  "김민수",
  '"quoted"',
  "'single'",
  "“curly”",
  "‘curly’",
  String.raw`back\slash`,
  String.raw`trailing\\`,
  "--reason",
  "--",
  'a"b',
  "don't",
  "gold seller",
  "",
];

describe("quoteWord", () => {
  it.each(HOSTILE_IDS)("%j reads back as itself", (value) => {
    expect(tokenize(quoteWord(value))).toEqual([value]);
  });

  it("leaves a plain word as it is", () => {
    expect(quoteWord("gamer-42")).toBe("gamer-42");
    expect(quoteWord("김민수")).toBe("김민수");
  });
});

describe("commandDraft", () => {
  it("writes what is known, and leaves the days to type at the end", () => {
    const draft = commandDraft(ban, { gamer_id: "10001", reason: "report #38" });
    expect(draft).toEqual({ line: 'ban 10001 --reason "report #38" ', missing: ["days"] });
  });

  it.each(HOSTILE_IDS.filter((id) => id !== ""))(
    "the player %j and the days typed after it read back as they are",
    (id) => {
      const draft = commandDraft(ban, { gamer_id: id, reason: "report #38" });
      for (const days of ["3", "3 days", "2w"]) {
        const parsed = parseCommandText(`${draft.line}${days}`, catalogue);
        expect(parsed.ok && parsed.args).toEqual({ gamer_id: id, days, reason: "report #38" });
      }
    },
  );

  it("with only the player known, a reason typed after the days is the reason", () => {
    const draft = commandDraft(ban, { gamer_id: "gamer-9" });
    expect(draft).toEqual({ line: "ban gamer-9 ", missing: ["days"] });
    const parsed = parseCommandText(`${draft.line}3 he said "hi"`, catalogue);
    expect(parsed.ok && parsed.args).toEqual({
      gamer_id: "gamer-9",
      days: "3",
      reason: 'he said "hi"',
    });
  });
});

describe("commandDraft of a list of phrases, as a form holds it (Filter… on a card)", () => {
  const filter = catalogue.find("filter");
  if (!filter) throw new Error("no filter command");
  const words = catalogue.find("badwords add")?.args.words;

  it.each([
    String.raw`"cheap gold, \"whisper\" me"`,
    "scam, gold seller",
    'scam "gold seller" don\'t',
    "사기꾼\n골드 판매",
  ])("the form's %j reads back as the same phrases", (field) => {
    const draft = commandDraft(filter, { report_id: "41", language: "all", words: field });
    expect(draft.missing).toEqual([]);
    const parsed = parseCommandText(draft.line, catalogue);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(words?.schema.parse(parsed.args.words)).toEqual(words?.schema.parse(field));
  });

  it("writes the message as one quoted phrase", () => {
    const draft = commandDraft(filter, {
      report_id: "41",
      language: "all",
      words: String.raw`"cheap gold, \"whisper\" me"`,
    });
    expect(draft.line).toBe(String.raw`filter 41 all "cheap gold, \"whisper\" me"`);
  });
});
