// A Korean Discord client shows chatwarden's commands in Korean: every command, subcommand,
// option and choice carries a `ko` name (Discord's naming rule for localized names: lower case
// where the script has case, no spaces, at most 32 characters, unique among its siblings) and
// every command, subcommand and option a `ko` description of 1-100 characters. The fake Discord
// refuses localizations Discord refuses (test/fakes/discord/command-check.ts cites the rules).
import type { APIApplicationCommandOption } from "discord.js";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CommandDefinition,
  commandDefinitions,
} from "../../../adapters/discord/definitions.js";
import { createCatalogue } from "../../../src/command-list.js";
import { loadLocales } from "../../../src/i18n/translate.js";
import { checkCommands } from "../../fakes/discord/command-check.js";

const settings = {
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
};
/** Discord's rule for names, localized ones too (the docs' regex), and lower case. */
const NAMING_RULE = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const HANGUL = /\p{Script=Hangul}/u;

let definitions: CommandDefinition[];
beforeAll(async () => {
  await loadLocales(["ko"]);
  definitions = commandDefinitions(createCatalogue(settings));
});

interface Named {
  name: string;
  name_localizations?: Record<string, string | null> | null;
  description?: string;
  description_localizations?: Record<string, string | null> | null;
}

/** Every named thing of the definitions with where it is, its siblings grouped. */
function siblingGroups(): { where: string; members: Named[]; described: boolean }[] {
  const groups: { where: string; members: Named[]; described: boolean }[] = [
    { where: "commands", members: definitions, described: true },
  ];
  const visit = (where: string, options: readonly APIApplicationCommandOption[] | undefined) => {
    if (!options?.length) return;
    groups.push({ where, members: [...options], described: true });
    for (const option of options) {
      const at = `${where} ${option.name}`;
      if ("options" in option) visit(at, option.options);
      if ("choices" in option && option.choices?.length) {
        groups.push({ where: `${at} choices`, members: [...option.choices], described: false });
      }
    }
  };
  for (const definition of definitions) visit(`/${definition.name}`, definition.options);
  return groups;
}

describe("Discord's Korean localizations", () => {
  it("are accepted by the fake Discord, which holds them to Discord's rules", () => {
    expect(checkCommands(definitions).problems).toEqual([]);
  });

  it("name and describe every command, subcommand, option and choice in Korean", () => {
    for (const { where, members, described } of siblingGroups()) {
      const names = members.map((member) => member.name_localizations?.ko ?? "");
      for (const [index, name] of names.entries()) {
        const what = `${where}: ${members[index]?.name}`;
        expect(name, what).toMatch(NAMING_RULE);
        expect(name, what).toBe(name.toLowerCase());
        expect(name, what).toMatch(HANGUL);
      }
      expect(new Set(names).size, `${where}: ${names.join(", ")}`).toBe(names.length);
      if (!described) continue;
      for (const member of members) {
        const description = member.description_localizations?.ko ?? "";
        expect(description.length, `${where}: ${member.name}`).toBeGreaterThanOrEqual(1);
        expect(description.length, `${where}: ${member.name}`).toBeLessThanOrEqual(100);
        expect(description, `${where}: ${member.name}`).toMatch(HANGUL);
      }
    }
  });

  it("keep the command itself as it is: /ban is 채팅금지 to a Korean client", () => {
    const ban = definitions.find((definition) => definition.name === "ban");
    expect(ban?.name_localizations).toEqual({ ko: "채팅금지" });
    expect(ban?.description_localizations).toEqual({ ko: "플레이어의 채팅을 며칠 동안 금지" });
    expect(ban?.options?.map((option) => option.name_localizations?.ko)).toEqual([
      "플레이어",
      "일수",
      "사유",
    ]);
    const stats = definitions.find((definition) => definition.name === "stats");
    const period = stats?.options?.[0];
    expect(period && "choices" in period ? period.choices : []).toEqual([
      { name: "24h", value: "24h", name_localizations: { ko: "24시간" } },
      { name: "7d", value: "7d", name_localizations: { ko: "7일" } },
      { name: "30d", value: "30d", name_localizations: { ko: "30일" } },
    ]);
  });
});

describe("the fake Discord's checks of localizations", () => {
  const command = (localized: object) => [
    { name: "ban", description: "Ban a player", type: 1, ...localized },
  ];

  it("refuses a localized name with capitals, a space or over 32 characters", () => {
    for (const name of ["Ban", "채팅 금지", "채".repeat(33)]) {
      expect(checkCommands(command({ name_localizations: { ko: name } })).problems).toEqual([
        "/ban: name_localizations.ko: invalid name",
      ]);
    }
  });

  it("refuses a description of more than 100 characters and a locale Discord does not have", () => {
    expect(
      checkCommands(command({ description_localizations: { ko: "가".repeat(101) } })).problems,
    ).toEqual(["/ban description_localizations.ko: description must be 1-100 characters"]);
    expect(
      checkCommands(command({ name_localizations: { "ko-KR": "채팅금지" } })).problems,
    ).toEqual(['/ban: "ko-KR" is not a Discord locale']);
  });
});
