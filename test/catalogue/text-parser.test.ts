// Text typed in a terminal or a Slack slash command, read by rules derived from the catalogue.
import { describe, expect, it } from "vitest";
import { parseCommandArgv, parseCommandText } from "../../src/catalogue/text-parser.js";
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

describe("an unknown command on the one-shot command line", () => {
  const argvFailure = (argv: string[]) => {
    const outcome = parseCommandArgv(argv, catalogue, ["json", "yes"], ["serve", "demo"]);
    return outcome.ok ? "parsed" : outcome.message;
  };

  it("lists the surface's own commands before the chat commands", () => {
    expect(argvFailure(["bogus"])).toBe(
      'Unknown command "bogus". Commands: serve, demo; chat commands: announce, badwords, ban, bans, channels, dismiss, filter, help, history, report, reports, stats, take, unban.',
    );
  });

  it("offers near misses among both", () => {
    expect(argvFailure(["deom"])).toMatch(/^Unknown command "deom" \(did you mean demo\?\)\./);
    expect(argvFailure(["BNAS"])).toMatch(/^Unknown command "bnas" \(did you mean bans\?\)\./);
  });
});

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
    expect(parsed(String.raw`ban g 3 --reason "he said \"hi\""`).args.reason).toBe('he said "hi"');
    expect(parsed("ban g 3 --reason='don't spam'").args.reason).toBe("don't spam");
    expect(parsed('ban g 3 --reason="spam bot"').args.reason).toBe("spam bot");
  });

  it("takes the rest of the line after the last argument as the reason, exactly as typed", () => {
    // Issue 20: Slack `/ban ux-q 2 he said "hi", don't` recorded `he said hi, don't`.
    expect(parsed(`ban ux-q 2 he said "hi", don't`).args).toEqual({
      gamer_id: "ux-q",
      days: "2",
      reason: `he said "hi", don't`,
    });
    // Quotes, backslashes and spacing inside it are text; a quote left open there is too.
    expect(parsed(`ban g 3 "gold selling"`).args.reason).toBe(`"gold selling"`);
    expect(parsed(String.raw`ban g 3 he said \"hi\" at C:\path`).args.reason).toBe(
      String.raw`he said \"hi\" at C:\path`,
    );
    expect(parsed(`ban g 3 two  spaces,\ttab`).args.reason).toBe(`two  spaces,\ttab`);
    expect(parsed(`ban g 3 he wrote "gold seller`).args.reason).toBe(`he wrote "gold seller`);
    expect(parsed(`ban g 3 used the --noclip hack`).args.reason).toBe("used the --noclip hack");
    // Quoting rules still read the arguments before it, and --reason's value.
    expect(parsed(`ban "g" '3' it's 'spam'`).args).toEqual({
      gamer_id: "g",
      days: "3",
      reason: "it's 'spam'",
    });
    expect(parsed(`ban g 3 --reason "gold selling"`).args.reason).toBe("gold selling");
    // The surface's switches after the reason are the surface's, not part of it.
    expect(parsed(`ban g 3 spam "bot" --yes --json`)).toEqual({
      command: "ban",
      args: { gamer_id: "g", days: "3", reason: `spam "bot"` },
      switches: ["yes", "json"],
    });
  });

  it("takes the rest of the line as a free-text argument (announce's message), exactly as typed", () => {
    // Issue 22, item 7: the system message is sent as typed, quotes and spacing included.
    expect(parsed(`announce global lobby Server restarts at 10:00, don't "panic"  ok`)).toEqual({
      command: "announce",
      args: {
        group: "global",
        channel: "lobby",
        message: `Server restarts at 10:00, don't "panic"  ok`,
      },
      switches: [],
    });
    expect(parsed(`announce "global" '자유 채팅' he wrote "gold --yes --json`)).toEqual({
      command: "announce",
      args: { group: "global", channel: "자유 채팅", message: `he wrote "gold` },
      switches: ["yes", "json"],
    });
    expect(parsed("announce global lobby --yes hello").args.message).toBe("hello");
    expect(parsed("announce global lobby").args).toEqual({ group: "global", channel: "lobby" });
    const argv = parseCommandArgv(
      ["announce", "global", "lobby", "  two  spaces ", "and", "more", "--yes"],
      catalogue,
      ["json", "yes"],
    );
    expect(argv.ok && argv.args.message).toBe("  two  spaces  and more");
  });

  it("reads the one-shot CLI's arguments as the shell split them, quotes and all", () => {
    const argv = (...words: string[]) => {
      const outcome = parseCommandArgv(words, catalogue, ["json", "yes"]);
      if (!outcome.ok) throw new Error(outcome.message);
      return { args: outcome.args, switches: [...outcome.switches] };
    };
    expect(argv("badwords", "add", "fr-fr", "l'idiot connard", "'quoted'", '"x').args).toEqual({
      language: "fr-fr",
      words: ["l'idiot connard", "'quoted'", '"x'],
    });
    expect(argv("ban", "g", "3", "he", "said", '"hi",', String.raw`C:\path`, "--yes")).toEqual({
      args: { gamer_id: "g", days: "3", reason: String.raw`he said "hi", C:\path` },
      switches: ["yes"],
    });
    expect(argv("ban", "g", "3", "  two  spaces ").args.reason).toBe("  two  spaces ");
    expect(argv("ban", "g", "3", "--reason", 'it\'s "spam"').args.reason).toBe('it\'s "spam"');
  });

  it("reads a unit word after a bare number of days as the days' unit, not as the reason", () => {
    // Issue 20: `ban gamer-42 3 days` recorded the reason "days".
    expect(parsed("ban gamer-42 3 days").args).toEqual({ gamer_id: "gamer-42", days: "3 days" });
    expect(parsed("ban g 1 Day spam").args).toEqual({
      gamer_id: "g",
      days: "1 Day",
      reason: "spam",
    });
    expect(parsed("ban g 2 weeks week of spam").args).toMatchObject({
      days: "2 weeks",
      reason: "week of spam",
    });
    expect(parsed("ban g --days 2 wk spam").args).toMatchObject({ days: "2 wk", reason: "spam" });
    // After a number with its unit, or a word that is not a unit, the reason begins.
    expect(parsed("ban g 3d week of spam").args).toMatchObject({
      days: "3d",
      reason: "week of spam",
    });
    expect(parsed("ban g 3 daily spam").args).toMatchObject({ days: "3", reason: "daily spam" });
    expect(parsed('ban g 3 "days" of spam').args).toMatchObject({
      days: "3",
      reason: '"days" of spam',
    });
    expect(parseCommandArgv(["ban", "g", "2", "weeks", "spam"], catalogue)).toMatchObject({
      args: { days: "2 weeks", reason: "spam" },
    });
  });

  it("names an unclosed quote by its place in what was typed", () => {
    expect(failure('ban "gamer 3 spam and scam')).toBe(
      'unclosed quote at character 5 ("gamer 3 spam…): end the phrase with ", or type \\" for a plain "',
    );
    expect(failure("/badwords add ko-kr '골드 판매")).toBe(
      "unclosed quote at character 21 ('골드 판매): end the phrase with a ' that ends a word, or type \\' for a plain '",
    );
  });

  it("reads a command's switch (--open) alone, or with =yes or =no, anywhere", () => {
    expect(parsed("reports --open")).toEqual({
      command: "reports",
      args: { open: "yes" },
      switches: [],
    });
    expect(parsed("reports --open gamer-42 20").args).toEqual({
      open: "yes",
      gamer_id: "gamer-42",
      limit: "20",
    });
    expect(parsed("reports 20 --open=no").args).toEqual({ open: "no", gamer_id: "20" });
    expect(parsed("reports --open --json").switches).toEqual(["json"]);
  });

  it("collects the surface's switches apart from the arguments", () => {
    expect(parsed("bans --json")).toEqual({ command: "bans", args: {}, switches: ["json"] });
    expect(parsed("channels delete g n --yes").switches).toEqual(["yes"]);
  });

  it("explains what is wrong", () => {
    expect(failure("")).toBe("Type a command; help lists them.");
    expect(failure("kick g")).toBe(
      'Unknown command "kick". Commands: announce, badwords, ban, bans, channels, dismiss, filter, help, history, report, reports, stats, take, unban.',
    );
    expect(failure("channels")).toBe("channels needs a subcommand: create, delete, list.");
    expect(failure("channels rename a b")).toBe(
      'channels has no subcommand "rename"; choose one of create, delete, list.',
    );
    expect(failure("bnas")).toBe(
      'Unknown command "bnas" (did you mean bans?). Commands: announce, badwords, ban, bans, channels, dismiss, filter, help, history, report, reports, stats, take, unban.',
    );
    expect(failure("/chanels list")).toContain(
      'Unknown command "chanels" (did you mean channels?).',
    );
    expect(failure("channels crate kr x 5")).toBe(
      'channels has no subcommand "crate" (did you mean create?); choose one of create, delete, list.',
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
