// Text typed in a terminal or a Slack slash command, read by rules derived from the catalogue.
import { describe, expect, it } from "vitest";
import { parseCommandText } from "../../src/catalogue/text-parser.js";
import { createCatalogue } from "../../src/command-list.js";

const catalogue = createCatalogue({
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
});

function parsed(text: string) {
  const outcome = parseCommandText(text, catalogue, ["json", "yes"]);
  if (!outcome.ok) throw new Error(outcome.message);
  return { command: outcome.command.name, args: outcome.args, switches: [...outcome.switches] };
}
const failure = (text: string) => {
  const outcome = parseCommandText(text, catalogue);
  return outcome.ok ? "parsed" : outcome.message;
};

describe("parseCommandText", () => {
  it("reads positional arguments, with or without a leading slash", () => {
    expect(parsed("ban gamer-1 3")).toEqual({
      command: "ban",
      args: { gamer_id: "gamer-1", days: "3" },
      switches: [],
    });
    expect(parsed("/ban gamer-1 3").args).toEqual({ gamer_id: "gamer-1", days: "3" });
  });

  it("reads --reason, --reason=…, or the remaining words as the reason", () => {
    expect(parsed("ban g 3 --reason 'spam bot'").args.reason).toBe("spam bot");
    expect(parsed("ban g 3 --reason=spam").args.reason).toBe("spam");
    expect(parsed("ban g 3 spamming links in global").args.reason).toBe("spamming links in global");
    expect(parsed("ban --reason spam g 3").args).toEqual({
      reason: "spam",
      gamer_id: "g",
      days: "3",
    });
  });

  it("reads the subcommand word and variadic words", () => {
    expect(parsed("channels list global")).toMatchObject({
      command: "channels list",
      args: { group: "global" },
    });
    expect(parsed("badwords add ko-kr 사기 '골드 판매'")).toMatchObject({
      command: "badwords add",
      args: { language: "ko-kr", words: ["사기", "골드 판매"] },
    });
  });

  it("keeps apostrophes, and reads quotes and backslashes as the tokenizer does", () => {
    expect(parsed("badwords add en-us don't").args.words).toEqual(["don't"]);
    expect(parsed("badwords add fr-fr l'idiot connard").args.words).toEqual(["l'idiot", "connard"]);
    expect(parsed('badwords add ko-kr 사기꾼\'s "골드 판매"').args.words).toEqual([
      "사기꾼's",
      "골드 판매",
    ]);
    expect(parsed("ban gamer-55 3 don't spam, it's annoying").args).toEqual({
      gamer_id: "gamer-55",
      days: "3",
      reason: "don't spam, it's annoying",
    });
    expect(parsed(String.raw`ban g 3 he said \"hi\"`).args.reason).toBe('he said "hi"');
    expect(parsed("ban g 3 --reason='don't spam'").args.reason).toBe("don't spam");
    expect(parsed('ban g 3 --reason="spam bot"').args.reason).toBe("spam bot");
  });

  it("names an unclosed quote by its place in what was typed", () => {
    expect(failure('ban g 3 "spam and scam')).toBe(
      'unclosed quote at character 9 ("spam and sca…): end the phrase with ", or type \\" for a plain "',
    );
    expect(failure("/badwords add ko-kr '골드 판매")).toBe(
      "unclosed quote at character 21 ('골드 판매): end the phrase with a ' that ends a word, or type \\' for a plain '",
    );
  });

  it("collects the surface's switches apart from the arguments", () => {
    expect(parsed("bans --json")).toEqual({ command: "bans", args: {}, switches: ["json"] });
    expect(parsed("channels delete g n --yes").switches).toEqual(["yes"]);
  });

  it("explains what is wrong", () => {
    expect(failure("")).toBe("Type a command; help lists them.");
    expect(failure("kick g")).toBe(
      'Unknown command "kick". Commands: badwords, ban, bans, channels, dismiss, help, history, report, reports, unban.',
    );
    expect(failure("channels")).toBe("channels needs a subcommand: create, delete, list.");
    expect(failure("channels rename a b")).toBe(
      'channels has no subcommand "rename"; choose one of create, delete, list.',
    );
    expect(failure("bans g extra")).toBe('too many arguments: "extra" (usage: bans [gamer_id])');
    expect(failure("ban g 3 --colour red")).toBe(
      "ban has no option --colour (usage: ban <gamer_id> <days> [--reason R])",
    );
    expect(failure("ban g 3 --reason")).toBe(
      "--reason needs a value (usage: ban <gamer_id> <days> [--reason R])",
    );
  });
});
