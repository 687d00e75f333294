// The one `words` option of /badwords add and remove, read as every surface reads words: quoted
// phrases, apostrophes inside words, backslash escapes, and commas between phrases.
import { afterAll, beforeAll, expect, it } from "vitest";
import { OUTCOME_COLOURS } from "../../../adapters/discord/render.js";
import { embedOf } from "./answers.js";
import { admin, type DiscordHarness, startDiscordHarness } from "./harness.js";

let h: DiscordHarness;
beforeAll(async () => {
  h = await startDiscordHarness({ audit: false });
});
afterAll(() => h.close());

it.each([
  // A language of its own for each case, so that each list holds exactly what was added.
  ["fr-fr", '"gold seller"', ["gold seller"]],
  ["de-de", "gold seller,", ["gold seller"]],
  ["es-es", '"gold seller", scam', ["gold seller", "scam"]],
  ["it-it", '"gold, seller" scam', ["gold, seller", "scam"]],
  ["pt-br", String.raw`"\"gold seller\"", scam`, ['"gold seller"', "scam"]],
  ["fr-ca", "don't, l'idiot connard", ["don't", "l'idiot connard"]],
  ["ko-kr", '"골드 판매" 사기꾼\'s', ["골드 판매", "사기꾼's"]],
])("badwords add %s with words %s adds %j", async (language, typed, words) => {
  const sent = h.discord.slash(admin, "badwords add", { language, words: typed });
  expect(embedOf(await sent.edit()).color).toBe(OUTCOME_COLOURS.success);
  const list = h.emulator.state.listBadWords().find((entry) => entry.language === language);
  expect(list?.filters).toEqual(words);
});
