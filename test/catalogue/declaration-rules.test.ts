// A bad command declaration is refused when the catalogue is built, naming the command and the
// rule, with no platform configured: the checks live in the core, not in an adapter.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type ArgumentSpec,
  freeTextArgument,
  gamerIdArgument,
  optional,
  positiveIntegerArgument,
  reasonArgument,
  wordsArgument,
} from "../../src/catalogue/arguments.js";
import { type ArgumentSpecs, defineCommand } from "../../src/catalogue/command.js";
import { DeclarationError } from "../../src/catalogue/declaration-rules.js";
import { createCatalogue } from "../../src/command-list.js";
import { createCore } from "../../src/core.js";
import { silentLogger } from "../../src/log.js";

const settings = {
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
};

/** A command that would run: only its name, summary or arguments vary between cases. */
function declared(name: string, args: ArgumentSpecs, summary = "Does a thing to a player") {
  return defineCommand({
    name,
    summary,
    args,
    role: "moderator",
    mutates: false,
    async handle() {
      return { outcome: "info", title: "done", visibility: "private" };
    },
  });
}

const days = positiveIntegerArgument("days", "how many days", "3", 30);
const freeText = freeTextArgument("message", "what to say", "hello", 100);

const bad: [string, ReturnType<typeof declared>, string][] = [
  ["an upper-case name", declared("Mute", {}), '"Mute": name "Mute" must be lower-case'],
  ["a name with a space too many", declared("a b c", {}), '"a b c": a name is one word'],
  [
    "a 33-character name",
    declared("m".repeat(33), {}),
    `"${"m".repeat(33)}": name "${"m".repeat(33)}" is 33 characters; use 1 to 32`,
  ],
  [
    "a subcommand with a quote",
    declared("channels don't", {}),
    `"channels don't": subcommand "don't" must be lower-case`,
  ],
  ["an empty summary", declared("mute", {}, "  "), '"mute": summary is empty'],
  [
    "a summary longer than Discord's 100",
    declared("mute", {}, "x".repeat(101)),
    '"mute": summary is 101 characters; Discord allows 100',
  ],
  [
    "an argument name Discord refuses",
    declared("mute", { GamerId: gamerIdArgument("the player") }),
    '"mute": argument name "GamerId" must be lower-case',
  ],
  [
    "an argument name the text parser reads as an option",
    declared("mute", { "-x": gamerIdArgument("the player") }),
    '"mute": argument name "-x" must be lower-case letters, digits, - or _, starting with a letter',
  ],
  [
    "an argument description longer than a Slack form's hint",
    declared("mute", { gamer_id: { ...gamerIdArgument("p"), description: "p".repeat(2001) } }),
    '"mute": argument "gamer_id": description is 2001 characters; Slack allows 2000',
  ],
  [
    "an empty argument description",
    declared("mute", { gamer_id: { ...gamerIdArgument("p"), description: " " } }),
    '"mute": argument "gamer_id": description is empty',
  ],
  [
    "an argument with no example",
    declared("mute", { gamer_id: { ...gamerIdArgument("the player"), example: "" } }),
    '"mute": argument "gamer_id": example is empty',
  ],
  [
    "a required argument after an optional one",
    declared("ban", { days: optional(days), reason: { ...gamerIdArgument("why") } }),
    '"ban": argument "reason" is required but follows optional "days"',
  ],
  [
    "a variadic argument that is not last",
    declared("tag", { words: wordsArgument(), gamer_id: gamerIdArgument("the player") }),
    '"tag": variadic argument "words" must be the last positional one, not "gamer_id"',
  ],
  [
    "two variadic arguments",
    declared("tag", { words: wordsArgument(), more: wordsArgument() }),
    '"tag": has 2 variadic arguments ("words", "more"); at most one',
  ],
  [
    "a variadic flag",
    declared("tag", { gamer_id: gamerIdArgument("the player"), words: flagged(wordsArgument()) }),
    '"tag": argument "words" is a flag and variadic',
  ],
  [
    "a free-text argument that is not last",
    declared("say", { message: freeText, gamer_id: gamerIdArgument("the player") }),
    '"say": free-text argument "message" must be the last positional one, not "gamer_id"',
  ],
  [
    "a free-text argument beside a variadic one",
    declared("say", { words: wordsArgument(), message: freeText }),
    '"say": has 2 arguments that take the rest of the line ("words", "message"); at most one',
  ],
  [
    "a free-text flag",
    declared("say", { gamer_id: gamerIdArgument("the player"), message: flagged(freeText) }),
    '"say": argument "message" is a flag and free text',
  ],
  [
    "more than Discord's 25 arguments",
    declared(
      "many",
      Object.fromEntries(
        Array.from({ length: 26 }, (_, i) => [`a${i}`, optional(gamerIdArgument("a player"))]),
      ),
    ),
    '"many": has 26 arguments; Discord allows 25 options',
  ],
  [
    "a name the catalogue already has",
    declared("ban", { gamer_id: gamerIdArgument("the player") }),
    '"ban": is declared twice',
  ],
  [
    "a command that is also a group",
    declared("channels", {}),
    '"channels": is a command and also the group of "channels …" subcommands',
  ],
];

function flagged<Value>(spec: ArgumentSpec<Value>): ArgumentSpec<Value> {
  return { ...spec, flag: true };
}

describe("a bad declaration", () => {
  it.each(bad)("is refused: %s", (_, command, message) => {
    expect(() => createCatalogue(settings, [command])).toThrow(DeclarationError);
    expect(() => createCatalogue(settings, [command])).toThrow(`catalogue: ${message}`);
  });

  it("names every problem, one per line", () => {
    const twice = declared("Tag", { words: wordsArgument(), gamer_id: gamerIdArgument("x") }, "");
    expect(() => createCatalogue(settings, [twice])).toThrow(
      [
        'catalogue: "Tag": summary is empty',
        'catalogue: "Tag": name "Tag" must be lower-case letters, digits, - or _, starting with a letter or digit',
        'catalogue: "Tag": variadic argument "words" must be the last positional one, not "gamer_id"',
      ].join("\n"),
    );
  });
});

describe("a good declaration", () => {
  it("the real catalogue passes, with and without REQUIRE_REASON", () => {
    expect(createCatalogue(settings).all.length).toBeGreaterThan(10);
    expect(createCatalogue({ ...settings, requireReason: true }).all.length).toBeGreaterThan(10);
  });

  it("a required flag may follow optional positionals: it is named, not placed", () => {
    const command = declared("note", {
      gamer_id: optional(gamerIdArgument("the player")),
      reason: reasonArgument(true),
    });
    expect(createCatalogue(settings, [command]).all.at(-1)?.name).toBe("note");
  });

  it("a variadic last positional may have a flag after it", () => {
    const command = declared("tag", { words: wordsArgument(), reason: reasonArgument() });
    expect(createCatalogue(settings, [command]).all.at(-1)?.name).toBe("tag");
  });
});

describe("createCore", () => {
  it("refuses a bad extra command before it opens the store", async () => {
    const parent = mkdtempSync(join(tmpdir(), "chatwarden-rules-"));
    const dataDir = join(parent, "data");
    try {
      const create = () =>
        createCore({
          config: {
            chatApiTimeoutMs: 2_000,
            chatTimeZone: "UTC",
            dataDir,
            maxBanDays: 3650,
            confirmBanDaysOver: 30,
            requireReason: false,
          },
          // Never called: the catalogue is refused first.
          api: { baseUrl: "http://127.0.0.1:9/chat/v1", token: "test-token-not-real" },
          logger: silentLogger,
          extraCommands: [declared("Shout", {})],
        });
      await expect(create()).rejects.toThrow('catalogue: "Shout": name "Shout" must be lower-case');
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
