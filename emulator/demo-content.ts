// The demo's people and what they get reported for, shared by the demo seed and the report
// generator. Like real chat it is partly Korean and partly hostile: names and messages carry
// @everyone, role mentions, markdown and HTML, so every demo shows the bot's escaping at work.
import type { Player } from "../src/chat-api/schemas.js";
import type { ReportInput } from "./state.js";

type NonEmpty<Item> = readonly [Item, ...Item[]];

export const DEMO_PLAYERS: NonEmpty<Player> = [
  { gamer_id: "10001", gamer_name: "김민수" },
  { gamer_id: "10002", gamer_name: "달빛기사" },
  { gamer_id: "10003", gamer_name: "ShadowFox" },
  { gamer_id: "10004", gamer_name: "xX_Sniper_Xx" },
  { gamer_id: "10005", gamer_name: "@everyone" },
  { gamer_id: "10006", gamer_name: "**BoldKing**" },
  { gamer_id: "10007", gamer_name: "하늘바라기" },
  { gamer_id: "10008", gamer_name: "MoonWalker" },
  { gamer_id: "10009", gamer_name: "<@&123456789012345678>" },
  { gamer_id: "10010", gamer_name: "불꽃전사" },
  { gamer_id: "10011", gamer_name: "PixelPaladin" },
  { gamer_id: "10012", gamer_name: "__under__score__" },
  { gamer_id: "10013", gamer_name: "소환사123" },
  { gamer_id: "10014", gamer_name: "NightOwl" },
  { gamer_id: "10015", gamer_name: "<!channel> & <b>co</b>" },
  { gamer_id: "10016", gamer_name: "탱커장인" },
  { gamer_id: "10017", gamer_name: "GoldSeller_77" },
  { gamer_id: "10018", gamer_name: "힐러누나" },
  { gamer_id: "10019", gamer_name: "`rm -rf /`" },
  {
    gamer_id: "10020",
    gamer_name: "A_Really_Long_Player_Name_That_Goes_On_And_On_And_On_Until_It_Hurts",
  },
];

interface ReportCategory {
  keyword: string;
  reasons: NonEmpty<string>;
  messages: NonEmpty<string>;
}

/** Keywords as the samples spell them; the spec does not list the allowed values. */
export const REPORT_CATEGORIES: NonEmpty<ReportCategory> = [
  {
    keyword: "INAPPROPRIATE",
    reasons: ["비속어 및 성적 발언", "Sexual language in public chat", "부적절한 닉네임"],
    messages: [
      "XXXXXXXXXXXXXXXXXX",
      "너 진짜 바보냐 ㅋㅋㅋ",
      "**look at this** ||spoiler|| <img src=x onerror=alert(1)>",
      "ㅗㅗㅗㅗ",
    ],
  },
  {
    keyword: "SPAM",
    reasons: ["도배 및 광고", "Gold seller spam", "같은 말 반복"],
    messages: [
      "싸게 골드 팝니다!! www.gold-cheap.example 카톡 gold77",
      "@everyone FREE SKINS at free-skins.example **LIMITED**",
      "BUY GOLD BUY GOLD BUY GOLD BUY GOLD BUY GOLD",
      "[이벤트 당첨] 아래 링크 확인하세요 <https://phish.example/login>",
    ],
  },
  {
    keyword: "CHEATING",
    reasons: ["핵 사용 의심", "Speed hack, teleported across the map", "오토 사냥 프로그램 사용"],
    messages: [
      "wallhack on lol gg ez",
      "ㅋㅋ 나 에임봇 씀 신고해봐",
      "teleport bug again, sry not sry",
      "매크로 돌리는 중이니까 말 걸지 마셈",
    ],
  },
  {
    keyword: "HARASSMENT",
    reasons: ["욕설 및 괴롭힘", "Follows me into every channel and insults me", "특정 유저 저격"],
    messages: [
      "접어라 진짜 못한다 너 같은 건 게임하지 마",
      "I know where you live <@&123456789012345678>",
      "**uninstall** the game ~~please~~ now @here",
      "계속 따라다니면서 욕함 > 신고 좀",
    ],
  },
];

/**
 * A second ShadowFox: names are not unique, so `ban ShadowFox` must ask which one is meant. He
 * sits in a channel and reports the first one for taking his name.
 */
export const NAMESAKE: Player = { gamer_id: "20017", gamer_name: "ShadowFox" };

/**
 * Players whose name is the attack: a right-to-left override that makes "nimda" read "admin", an
 * ANSI colour escape, a name far past every display limit, and one posing as the operator.
 */
export const HOSTILE_PLAYERS = {
  rightToLeft: { gamer_id: "10021", gamer_name: "GM_\u202enimda" },
  ansi: { gamer_id: "10022", gamer_name: "\u001b[31mRedDragon\u001b[0m" },
  longName: {
    gamer_id: "10023",
    gamer_name: "xX_The_Eternal_Shadow_Lord_Of_The_Northern_Realms_Who_Never_Logs_Off_Xx",
  },
  korean: { gamer_id: "10024", gamer_name: "운영자_공식계정" },
} as const satisfies Record<string, Player>;

/** Over every platform's limit: Discord's 2,000 for a message, Slack's 3,000 for a section. */
export const LONG_MESSAGE = `${"골드 싸게 팝니다 BUY CHEAP GOLD ".repeat(125)}끝`;

/** One way user content attacks the places it is shown, as a report would carry it. */
export interface HostileSample {
  /** What it tries, for tests and for whoever reads the demo's stream. */
  kind: string;
  keyword: string;
  reason: string;
  message: string;
  /** Set when the name is the attack; otherwise the reported player is picked at random. */
  reported?: Player;
}

/** The generator sends these in turn: a demo left running for about ten minutes shows them all. */
export const HOSTILE_SAMPLES: NonEmpty<HostileSample> = [
  {
    kind: "@everyone",
    keyword: "SPAM",
    reason: "Pings the whole server",
    message: "@everyone @here free gold for the first 100, whisper me",
  },
  {
    kind: "role mention",
    keyword: "HARASSMENT",
    reason: "Calls the moderators on everyone who beats him",
    message: "<@&123> ban this noob, he is cheating <@&123>",
  },
  {
    kind: "Slack broadcast",
    keyword: "SPAM",
    reason: "Raid call spam",
    message: "<!channel> <!here> raid at 9, bring gold & potions <b>now</b>",
  },
  {
    kind: "markdown",
    keyword: "INAPPROPRIATE",
    reason: "Formatting spam",
    message: "**bold** __underline__ ~~strike~~ `code` ||spoiler|| > quote *BUY* _GOLD_",
  },
  {
    kind: "bare URL",
    keyword: "SPAM",
    reason: "Phishing link",
    message: "free gold here https://example.com/free-gold claim it before the GM sees",
  },
  {
    kind: "right-to-left override",
    keyword: "INAPPROPRIATE",
    reason: "Name pretends to be staff",
    message: "I am staff, send me your password \u202egnp.exe",
    reported: HOSTILE_PLAYERS.rightToLeft,
  },
  {
    kind: "ANSI escape",
    keyword: "HARASSMENT",
    reason: "Messages that mess up the chat log",
    message: "\u001b[31mYOU ARE BANNED\u001b[0m \u001b[2J\u001b]0;pwned\u0007 gg",
    reported: HOSTILE_PLAYERS.ansi,
  },
  {
    kind: "long message",
    keyword: "SPAM",
    reason: "도배 및 광고",
    message: LONG_MESSAGE,
  },
  {
    kind: "long name",
    keyword: "INAPPROPRIATE",
    reason: "부적절한 닉네임",
    message: "my name is longer than yours lol",
    reported: HOSTILE_PLAYERS.longName,
  },
  {
    kind: "Korean",
    keyword: "HARASSMENT",
    reason: "운영자 사칭 및 욕설",
    message: "운영자입니다. 계정 정지 전에 비밀번호를 알려주세요 ㅋㅋ 바보들",
    reported: HOSTILE_PLAYERS.korean,
  },
];

/** Deterministic numbers in [0, 1) (mulberry32), so the demo looks the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<Item>(random: () => number, items: NonEmpty<Item>): Item {
  return items[Math.floor(random() * items.length)] ?? items[0];
}

/** One player reporting another for something that category of report usually says. */
export function plausibleReport(random: () => number): ReportInput {
  const reporter = pick(random, DEMO_PLAYERS);
  let reported = pick(random, DEMO_PLAYERS);
  while (reported.gamer_id === reporter.gamer_id) reported = pick(random, DEMO_PLAYERS);
  const category = pick(random, REPORT_CATEGORIES);
  return reportBetween(reporter, reported, {
    message: pick(random, category.messages),
    keyword: category.keyword,
    reason: pick(random, category.reasons),
    value: random() < 0.8 ? 0 : 1,
  });
}

/** `reporter` reporting `reported` for `what`: a new report, open (status 1). */
function reportBetween(
  reporter: Player,
  reported: Player,
  what: { message: string; keyword: string; reason: string; value: number },
): ReportInput {
  return {
    to_gamer_id: reported.gamer_id,
    to_gamer_name: reported.gamer_name,
    from_gamer_id: reporter.gamer_id,
    from_gamer_name: reporter.gamer_name,
    ...what,
    status: 1,
  };
}

/** The sample as a report, from a demo player who is not the one reported. */
export function hostileReport(random: () => number, sample: HostileSample): ReportInput {
  const reported = sample.reported ?? pick(random, DEMO_PLAYERS);
  const reporter = pickOther(random, DEMO_PLAYERS, reported);
  return reportBetween(reporter, reported, {
    message: sample.message,
    keyword: sample.keyword,
    reason: sample.reason,
    value: 0,
  });
}

/** A flood: several players report one player for the same thing within the same moment. */
export function floodOfReports(random: () => number, size: number): ReportInput[] {
  const reported = pick(random, DEMO_PLAYERS);
  const category = pick(random, REPORT_CATEGORIES);
  const others = DEMO_PLAYERS.filter((player) => player.gamer_id !== reported.gamer_id);
  // Each reporter once: a flood is many people, not one person pressing report again and again.
  return pickDistinct(random, others, size).map((reporter) =>
    reportBetween(reporter, reported, {
      message: pick(random, category.messages),
      keyword: category.keyword,
      reason: pick(random, category.reasons),
      value: 0,
    }),
  );
}

function pickDistinct<Item>(random: () => number, items: readonly Item[], count: number): Item[] {
  const pool = [...items];
  const chosen: Item[] = [];
  while (chosen.length < count && pool.length > 0) {
    chosen.push(...pool.splice(Math.floor(random() * pool.length), 1));
  }
  return chosen;
}

function pickOther(random: () => number, items: NonEmpty<Player>, not: Player): Player {
  const others = items.filter((item) => item.gamer_id !== not.gamer_id);
  return others[Math.floor(random() * others.length)] ?? items[0];
}
