// Starting data. "empty" is what a fresh deployment has: no channels, no bans, the `all` word list
// with no words, no reports. "demo" is a lived-in game: three channel groups (one channel full
// and autoscaled, one full and not), bans (one about to end), three word lists and a few dozen
// reports. Everything is derived from the state's clock, so a fixed clock gives fixed data.
import { DEMO_PLAYERS, NAMESAKE, plausibleReport, seededRandom } from "./demo-content.js";
import type { EmulatorState, ReportInput } from "./state.js";

export type SeedName = "demo" | "empty";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export function applySeed(state: EmulatorState, seed: SeedName): void {
  if (seed === "demo") seedDemo(state);
  // "empty" is the state as constructed: it already holds the `all` list the spec requires.
}

export function seedDemo(state: EmulatorState): void {
  const now = state.now().getTime();
  const minutesAgo = (minutes: number) => new Date(now - minutes * MINUTE_MS);
  const daysAgo = (days: number) => new Date(now - days * DAY_MS);
  seedChannels(state, minutesAgo, daysAgo);
  seedBans(state, now, daysAgo);
  seedBadWords(state);
  seedReports(state, minutesAgo);
}

type Ago = (amount: number) => Date;

function seedChannels(state: EmulatorState, minutesAgo: Ago, daysAgo: Ago): void {
  const channel = (
    group: string,
    name: string,
    maxCount: number,
    isDefault: boolean,
    autoscale = true,
  ) =>
    state.createChannel(
      { channel_group: group, channel_name: name, max_count: maxCount, is_default: isDefault },
      { isAutoscaling: autoscale, at: daysAgo(30) },
    );
  /** Joins DEMO_PLAYERS by index; the channel number the last one lands in chatted last. */
  const fill = (group: string, name: string, chattedMinutesAgo: number, ...indexes: number[]) => {
    for (const index of indexes) {
      const player = DEMO_PLAYERS[index];
      const joined = player && state.joinPlayer(group, name, player);
      if (joined?.outcome === "joined") {
        state.recordChat(group, joined.channel.channel_id, minutesAgo(chattedMinutesAgo));
      }
    }
  };

  channel("global", "server-1", 50, true);
  fill("global", "server-1", 2, 0, 1, 2, 3, 4, 5, 6, 7);
  // Nobody has chatted here yet: last_chat_time is "".
  channel("global", "server-2", 50, false);
  // Four seats, five players: the fourth fills number one and another number appears.
  channel("global", "lobby", 4, false);
  fill("global", "lobby", 11, 8, 9, 10, 11, 12);

  channel("kr", "서버-1", 30, true);
  fill("kr", "서버-1", 1, 0, 1, 6, 9, 12, 15, 17);
  // Exactly full: the next number is already there, empty.
  channel("kr", "거래", 3, false);
  fill("kr", "거래", 45, 1, 9, 16);

  channel("en", "general", 50, true);
  fill("en", "general", 6, 2, 3, 4, 5, 10, 11, 13, 14, 15, 18, 19);
  // The first ShadowFox (index 2) is here too: one name, two players in one channel.
  state.joinPlayer("en", "general", NAMESAKE);
  // Full and fixed-size: nobody else gets in and no number is added.
  channel("en", "staff", 2, false, false);
  fill("en", "staff", 180, 10, 11);
}

function seedBans(state: EmulatorState, now: number, daysAgo: Ago): void {
  state.ban("10017", 7, "extend", daysAgo(2));
  // A repeat offender: three bans, the last one running.
  state.ban("10004", 1, "extend", daysAgo(40));
  state.ban("10004", 3, "extend", daysAgo(20));
  state.ban("10004", 30, "extend", daysAgo(5));
  // Ends two minutes after the seed, so a demo shows a ban leaving the list.
  state.ban("10009", 1, "extend", new Date(now - DAY_MS + 2 * MINUTE_MS));
  state.ban("10006", 3650, "extend", daysAgo(100));
  // Already over: not listed, but a new ban of this user counts 2.
  state.ban("10012", 3, "extend", daysAgo(10));
}

function seedBadWords(state: EmulatorState): void {
  state.putBadWords("all", ["GM", "MASTER", "운영자", "admin"], "replace");
  state.putBadWords("ko-kr", ["지엠", "마스터", "바보", "ㅗ", "ㅂㅅ"], "replace");
  state.putBadWords(
    "en-us",
    ["noob", "idiot", "gold seller", "free skins", "@everyone", "**"],
    "replace",
  );
}

/** Ids run 1 to 40 with gaps: a client must not assume they are dense. */
const MISSING_REPORT_IDS = new Set([13, 27, 28, 34]);
const DEMO_REPORT_IDS = Array.from({ length: 40 }, (_, index) => index + 1).filter(
  (id) => !MISSING_REPORT_IDS.has(id),
);

function seedReports(state: EmulatorState, minutesAgo: Ago): void {
  const random = seededRandom(20_240_617);
  const spacingMinutes = 23;
  for (const [index, reportId] of DEMO_REPORT_IDS.entries()) {
    const createdMinutesAgo = (DEMO_REPORT_IDS.length - index) * spacingMinutes;
    // Some reports were already dealt with on the vendor's dashboard (statuses other than 1).
    const status = index % 9 === 4 ? 3 : index % 5 === 2 ? 2 : 1;
    state.injectReport({
      ...plausibleReport(random),
      ...hostileReport(index),
      ...repeatOffenderReport(DEMO_REPORT_IDS.length - 1 - index),
      report_id: reportId,
      status,
      createdAt: minutesAgo(createdMinutesAgo),
      updatedAt: minutesAgo(status === 1 ? createdMinutesAgo : createdMinutesAgo - 17),
    });
  }
  // The newest: one ShadowFox reports the other, so the report feed learns both by that name.
  const shadowFox = DEMO_PLAYERS[2] ?? DEMO_PLAYERS[0];
  state.injectReport({
    report_id: (DEMO_REPORT_IDS.at(-1) ?? 0) + 1,
    to_gamer_id: shadowFox.gamer_id,
    to_gamer_name: shadowFox.gamer_name,
    from_gamer_id: NAMESAKE.gamer_id,
    from_gamer_name: NAMESAKE.gamer_name,
    message: "I am the real ShadowFox, this one took my name",
    keyword: "INAPPROPRIATE",
    reason: "Impersonation: uses my name",
    status: 1,
    createdAt: minutesAgo(4),
  });
}

/**
 * The newest reports are fixed too, so that every demo shows priorities and the ladder at work:
 * two players report the repeat offender 10004 (banned three times: seedBans) for cheating, the
 * heaviest category, and one reports 10017 (banned once, running) for spam, the lightest.
 * `newestFirst` counts from the newest report (0).
 */
function repeatOffenderReport(newestFirst: number): ReportInput {
  const cheating = {
    to_gamer_id: "10004",
    to_gamer_name: "xX_Sniper_Xx",
    keyword: "CHEATING",
    reason: "Speed hack, teleported across the map",
    message: "ㅋㅋ 나 에임봇 씀 신고해봐",
  };
  if (newestFirst === 0) {
    return { ...cheating, from_gamer_id: "10014", from_gamer_name: "NightOwl" };
  }
  if (newestFirst === 1) {
    return { ...cheating, from_gamer_id: "10008", from_gamer_name: "MoonWalker" };
  }
  if (newestFirst === 2) {
    return {
      to_gamer_id: "10017",
      to_gamer_name: "GoldSeller_77",
      from_gamer_id: "10011",
      from_gamer_name: "PixelPaladin",
      keyword: "SPAM",
      reason: "Gold seller spam",
      message: "싸게 골드 팝니다!! www.gold-cheap.example 카톡 gold77",
    };
  }
  return {};
}

/** The first reports are fixed so that mentions and markdown are in every demo, not by chance. */
function hostileReport(index: number): ReportInput {
  if (index === 0) {
    return {
      to_gamer_id: "10005",
      to_gamer_name: "@everyone",
      from_gamer_id: "10001",
      from_gamer_name: "김민수",
      message: "**FREE GOLD** for everyone <@&123> @here click <https://phish.example>",
      keyword: "SPAM",
      reason: "도배 및 광고",
    };
  }
  if (index === 1) {
    return {
      to_gamer_id: "10006",
      to_gamer_name: "**BoldKing**",
      from_gamer_id: "10015",
      from_gamer_name: "<!channel> & <b>co</b>",
      message: "너 같은 건 `접어라` ~~진심~~ <script>alert('x')</script>",
      keyword: "HARASSMENT",
      reason: "욕설 및 괴롭힘",
    };
  }
  return {};
}
