// `stats` through Slack, with the real bolt app against the fake Slack: its own slash command,
// answered to the moderator alone with the figures; a period it does not take is refused with
// the ones it does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLocalTimestamp } from "../../../src/chat-api/time.js";
import { madeReport, onNewCard } from "../../helpers/stored-reports.js";
import { type SlackHarness, startSlackHarness, textsOf, users } from "./harness.js";

let s: SlackHarness;
beforeAll(async () => {
  s = await startSlackHarness({ mode: "http" });
  // A cheating report made two hours ago on the chat API's clock (UTC here), on an open card.
  const made = formatLocalTimestamp(new Date(Date.now() - 2 * 3_600_000), "UTC");
  await onNewCard(s.core.core, [madeReport(8001, "sl-stats", "cheating", made)], new Date());
});
afterAll(() => s.close());

describe("stats on Slack", () => {
  it("has its own slash command, answered to the moderator alone", async () => {
    expect(s.adapter.slashCommands).toContain("stats");
    const answer = await s.answer(await s.driver.slash(users.moderator, "/stats", "24h"));
    expect(answer.body.response_type).toBe("ephemeral");
    const text = textsOf(answer.body).join("\n");
    expect(text).toContain("Moderation statistics: last 24 hours");
    expect(text).toContain("CHEATING 1");
    expect(text).toContain("1 card; the oldest is card 1, against sl-stats");
    expect(text).toContain("Days are days in UTC (CHAT_TIMEZONE)");
  });

  it("refuses a period it does not take, naming the ones it does", async () => {
    const answer = await s.answer(await s.driver.slash(users.moderator, "/stats", "5d"));
    expect(textsOf(answer.body).join("\n")).toContain("period must be 24h, 7d or 30d");
  });

  it("is for moderators, and takes the last 7 days when no period is given", async () => {
    const week = await s.answer(await s.driver.slash(users.moderator, "/stats", ""));
    expect(textsOf(week.body).join("\n")).toContain("Moderation statistics: last 7 days");
    const answer = await s.answer(await s.driver.slash(users.player, "/stats", ""));
    expect(textsOf(answer.body).join("\n")).toContain("stats needs the moderator role");
  });
});
