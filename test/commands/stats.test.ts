// `stats` over a known week (test/helpers/stats-week.ts: handled, dismissed, banned outside
// chatwarden, never handled, a report across midnight in Paris), on SQLite and PostgreSQL: every
// figure against a hand count. Then the periods it takes and the one it refuses.
import { afterEach, describe, expect, it } from "vitest";
import type { View } from "../../src/view/view.js";
import { type Harness, moderator, startHarness } from "../helpers/core.js";
import { aKnownWeek, WEEK_END, WEEK_ZONE } from "../helpers/stats-week.js";
import { onNewCard, madeReport as report } from "../helpers/stored-reports.js";
import { freshStoreLocation, STORE_KINDS } from "../helpers/stores.js";

const ZONE = WEEK_ZONE;
const NOW = WEEK_END;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A harness whose clock is `clock.now`, on a fresh store of `kind`. */
async function harness(kind: (typeof STORE_KINDS)[number], clock: { now: Date }) {
  const { databaseUrl } = await freshStoreLocation(kind);
  h = await startHarness({
    databaseUrl,
    now: () => clock.now,
    config: { chatTimeZone: ZONE },
  });
  return h;
}

describe.each(STORE_KINDS)("stats on %s", (kind) => {
  it("counts a known week as a moderator would by hand", async () => {
    const clock = { now: NOW };
    const h = await harness(kind, clock);
    await aKnownWeek(h, clock);

    const view = await h.run("stats", {});
    expect(view.outcome).toBe("info");
    expect(view.title).toBe("Moderation statistics: last 7 days");
    expect(await h.run("stats", { period: "7d" })).toEqual(view);
    expect(view.data).toEqual({
      period: "7d",
      since: "2026-11-19T10:00:00.000Z",
      until: "2026-11-26T10:00:00.000Z",
      time_zone: ZONE,
      reports: {
        total: 7,
        by_category: [
          { category: "SPAM", reports: 3 },
          { category: "CHEATING", reports: 2 },
          { category: "(none)", reports: 1 },
          { category: "HARASSMENT", reports: 1 },
        ],
      },
      // The ban made elsewhere is a case, not a settlement: its player's card stays waiting.
      cards_handled: { handled: 2, banned: 1, dismissed: 1 },
      // 30 min, 1 h, 2 h, 3 h, 4 h: the third and the fifth of five; two still waiting.
      time_to_action: { acted_on: 5, median_seconds: 7200, p90_seconds: 14400, waiting: 2 },
      actions_by_moderator: [
        { actor_name: "Mina", platform: "discord", actions: 2, bans: 2, dismissals: 0 },
        { actor_name: "Sam", platform: "slack", actions: 1, bans: 0, dismissals: 1 },
        {
          actor_name: "chat API (outside chatwarden)",
          platform: "chat-api",
          actions: 1,
          bans: 1,
          dismissals: 0,
        },
      ],
      backlog: {
        open_cards: 3,
        oldest: {
          card_id: 1,
          gamer_id: "p-old",
          player: "p-old",
          opened_at: "2026-11-18T11:05:00.000Z",
        },
      },
      most_reported: [
        { gamer_id: "p-ban", player: "Bandit (p-ban)", reports: 2 },
        { gamer_id: "p-else", player: "p-else", reports: 2 },
        { gamer_id: "p-wait", player: "p-wait", reports: 2 },
        { gamer_id: "p-dis", player: "p-dis", reports: 1 },
      ],
      bans_by_length: [
        { days: 1, bans: 1 },
        { days: 3, bans: 1 },
        { days: 7, bans: 1 },
      ],
      days: [
        day("2026-11-19", 0, []),
        day("2026-11-20", 2, [{ category: "CHEATING", reports: 2 }], [2, 3600, 7200]),
        day("2026-11-21", 1, [{ category: "SPAM", reports: 1 }], [1, 1800, 1800]),
        day(
          "2026-11-22",
          2,
          [
            { category: "(none)", reports: 1 },
            { category: "HARASSMENT", reports: 1 },
          ],
          [2, 10800, 14400],
        ),
        day("2026-11-23", 0, []),
        day("2026-11-24", 1, [{ category: "SPAM", reports: 1 }]),
        day("2026-11-25", 1, [{ category: "SPAM", reports: 1 }]),
        day("2026-11-26", 0, []),
      ],
      chart: {
        days: [
          "2026-11-19",
          "2026-11-20",
          "2026-11-21",
          "2026-11-22",
          "2026-11-23",
          "2026-11-24",
          "2026-11-25",
          "2026-11-26",
        ],
        reports_per_day: [0, 2, 1, 2, 0, 1, 1, 0],
        time_to_action_median_seconds: [null, 3600, 1800, 10800, null, null, null, null],
        time_to_action_p90_seconds: [null, 7200, 1800, 14400, null, null, null, null],
      },
    });
    // The same figures in words.
    expect(fieldText(view)).toEqual({
      From: "2026-11-19T10:00:00.000Z",
      To: "2026-11-26T10:00:00.000Z",
      "Reports received": "7",
      "Reports per day": "▁█▅█▁▅▅▁  0 2 1 2 0 1 1 0",
      "By category": "SPAM 3, CHEATING 2, (none) 1, HARASSMENT 1",
      "Cards handled": "2: 1 banned, 1 dismissed",
      "Time to first action":
        "median 2 h 0 min, 90th percentile 4 h 0 min, over 5 reports acted on; 2 reports not acted on yet",
      "Open backlog now": "3 cards; the oldest is card 1, against p-old",
      "Oldest waiting since": "2026-11-18T11:05:00.000Z",
      "Most reported":
        "Bandit (p-ban): 2 reports\np-else: 2 reports\np-wait: 2 reports\np-dis: 1 report",
      "Bans by length": "1 day: 1, 3 days: 1, 7 days: 1",
      "Actions per moderator":
        "Mina (discord): 2 (2 bans, 0 dismissals)\nSam (slack): 1 (0 bans, 1 dismissal)\nchat API (outside chatwarden) (chat-api): 1 (1 ban, 0 dismissals)",
    });
    expect(view.table?.rows[1]).toEqual({
      day: "2026-11-20",
      reports: 2,
      categories: "CHEATING 2",
      median: "1 h 0 min",
      p90: "2 h 0 min",
    });
    expect(view.notices?.join("\n")).toContain("Days are days in Europe/Paris (CHAT_TIMEZONE)");
  });

  it("takes 24h and 30d, and refuses another period naming the ones it takes", async () => {
    const h = await harness(kind, { now: NOW });
    await onNewCard(
      h.core,
      [
        report(1, "p-1", "spam", "2026-11-26 09:00:00"),
        report(2, "p-1", "spam", "2026-11-20 09:00:00"),
        report(3, "p-1", "spam", "2026-10-30 09:00:00"),
      ],
      new Date("2026-11-26T08:01:00Z"),
    );
    const total = (view: View) => (view.data as { reports: { total: number } }).reports.total;
    const day = await h.run("stats", { period: "24h" });
    expect(day.title).toBe("Moderation statistics: last 24 hours");
    expect(total(day)).toBe(1);
    expect(total(await h.run("stats", { period: "7d" }))).toBe(2);
    const month = await h.run("stats", { period: "30D" });
    expect(month.title).toBe("Moderation statistics: last 30 days");
    expect(total(month)).toBe(3);
    expect((month.data as { days: unknown[] }).days).toHaveLength(31);

    const refused = await h.run("stats", { period: "5d" });
    expect(refused.outcome).toBe("error");
    expect(refused.description).toContain("period must be 24h, 7d or 30d");
  });

  it("is for moderators only", async () => {
    const h = await harness(kind, { now: NOW });
    const refused = await h.run("stats", {}, { ...moderator, role: "anyone" });
    expect(refused.outcome).toBe("denied");
  });
});

/** One day's figures as `--json` gives them; time to action as [acted on, median, p90] (s). */
function day(
  date: string,
  reports: number,
  byCategory: { category: string; reports: number }[],
  time: [number, number, number] | undefined = undefined,
) {
  return {
    day: date,
    reports,
    by_category: byCategory,
    time_to_action: {
      acted_on: time?.[0] ?? 0,
      median_seconds: time?.[1] ?? null,
      p90_seconds: time?.[2] ?? null,
    },
  };
}

function fieldText(view: View): Record<string, string> {
  return Object.fromEntries(
    (view.fields ?? []).map((field) => [
      field.label,
      typeof field.value === "object" && "time" in field.value
        ? field.value.time.toISOString()
        : String(field.value),
    ]),
  );
}
