// The hostile corpus on every platform (issue 9, item 8): player text with bidirectional
// overrides, ANSI escapes, NUL, a bare URL, Slack and Discord formatting, mentions, Korean and
// emoji, put in every slot of a view and rendered for Discord, Slack and the terminal; then sent
// for real, as report cards, through discord.js to the fake Discord and through bolt to the fake
// Slack. What is checked is what a moderator would check by looking: no control or bidi
// character reaches the platform, nothing is a live link, mention or formatting, and the words
// still read as the player wrote them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWideTextWidths } from "../../adapters/console/display-width.js";
import { renderView as renderConsole } from "../../adapters/console/render.js";
import { type DiscordMessage, renderView as renderDiscord } from "../../adapters/discord/render.js";
import { renderView as renderSlack, type SlackMessage } from "../../adapters/slack/render.js";
import type { View } from "../../src/view/view.js";
import { type DiscordHarness, REPORT_CHANNEL, startDiscordHarness } from "./discord/harness.js";
import { controlIn } from "./inert-checks.js";
import {
  REPORT_CHANNEL as SLACK_REPORT_CHANNEL,
  type SlackHarness,
  startSlackHarness,
} from "./slack/harness.js";

// The product renders through withTextWidths, which loads string-width when a text needs it;
// these tests call the renderers directly, on text that does.
await loadWideTextWidths();

interface Hostile {
  name: string;
  text: string;
  /** What must still be readable; the whole text when it has nothing to neutralise. */
  reads: string[];
}

/** 🔥 and a family: three people joined by zero-width joiners, which must stay. */
const FAMILY = "\u{1F525}\u{1F468}\u200d\u{1F469}\u200d\u{1F467}";

const CORPUS: Hostile[] = [
  { name: "right-to-left override", text: "gift\u202etxt.exe", reads: ["gift", "txt.exe"] },
  { name: "bidi isolates and marks", text: "\u2067a\u200fb\u2069", reads: ["a", "b"] },
  { name: "ANSI colour", text: "\u001b[31mred\u001b[0m", reads: ["[31mred", "[0m"] },
  { name: "C1 CSI and DEL", text: "\u009b2Jwipe\u007f", reads: ["2Jwipe"] },
  { name: "NUL", text: "a\u0000b", reads: ["a", "b"] },
  {
    name: "bare URL",
    text: "https://example.com/free-gold",
    reads: ["https://example.com/free-gold"],
  },
  {
    name: "formatting",
    text: "*bold* _it_ ~strike~ `code` **b** __u__ ~~s~~ ||x|| > q",
    reads: ["*bold* _it_ ~strike~ `code` **b** __u__ ~~s~~ ||x|| > q"],
  },
  { name: "@everyone", text: "@everyone @here", reads: ["@everyone @here"] },
  { name: "Slack broadcast", text: "<!channel> <@U123>", reads: ["<!channel> <@U123>"] },
  { name: "Discord role", text: "<@&123>", reads: ["<@&123>"] },
  { name: "Korean", text: "욕설 신고합니다", reads: ["욕설 신고합니다"] },
  { name: "emoji", text: `gg ${FAMILY}`, reads: [`gg ${FAMILY}`] },
];

/** Every hostile slot of one view, so that every kind of text is exercised. */
function hostileView(text: string): View {
  return {
    outcome: "warning",
    title: `Report against ${text}`,
    description: `said: ${text}\nreason: ${text}`,
    fields: [
      { label: "Reported", value: text, inline: true },
      { label: text, value: `${text}\n${text}` },
    ],
    table: {
      columns: [
        { key: "by", label: "By" },
        { key: "message", label: "Message" },
      ],
      rows: [{ by: text, message: text }],
      emptyText: "none",
    },
    notices: [`note: ${text}`],
    actions: [{ id: "cw:x", kind: "page", label: text, style: "primary" }],
    visibility: "public",
  };
}

// --- Discord: what the client renders ------------------------------------------------------

/** Discord shows `\x` as x for any ASCII punctuation; zero-width spaces are invisible. */
function discordReads(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/g, "$1").replaceAll("\u200b", "");
}

const DISCORD_MARKUP = new Set(["*", "_", "~", "`", "|", "[", "]"]);

/** Problems a moderator would see in one piece of Discord markdown. */
function discordProblems(markdown: string, botBold: number): string[] {
  const problems: string[] = [];
  let raw = 0;
  for (let index = 0; index < markdown.length; index += 1) {
    const char = markdown.charAt(index);
    if (char === "\\" && /[!-/:-@[-`{-~]/.test(markdown.charAt(index + 1))) {
      index += 1;
    } else if (DISCORD_MARKUP.has(char)) {
      raw += 1;
    }
  }
  // The adapter's own `**Label:**` are the only markup characters left unescaped.
  if (raw !== botBold * 4) problems.push(`${raw - botBold * 4} live markup characters`);
  // A scheme directly followed by :// is an autolink (Discord's url rule is
  // /^(https?:\/\/[^\s<]+[^<.,:;"')\]\s])/, simple-markdown's).
  if (/[a-z0-9+.-]:\/\//i.test(markdown)) problems.push("a live link");
  if (/@(everyone|here)/.test(markdown)) problems.push("a live @everyone/@here");
  // Mentions, channels, roles, commands, emoji; the adapter's own timestamps are <t:…:R>.
  if (/<(?!t:\d+:R>)[@#!&/:t]/.test(markdown)) problems.push("a live <…> mention or token");
  if (/^\s*(#{1,3} |-# |> |[-+] |\d+\. )/m.test(markdown))
    problems.push("a heading, quote or list");
  return problems;
}

interface DiscordPiece {
  where: string;
  text: string;
  markdown: boolean;
  multiLine: boolean;
  botBold: number;
}

function discordPieces(message: Pick<DiscordMessage, "embeds" | "components">): DiscordPiece[] {
  const pieces: DiscordPiece[] = [];
  for (const embed of message.embeds) {
    const add = (where: string, text: string | undefined, multiLine: boolean, botBold = 0) => {
      if (text !== undefined) pieces.push({ where, text, markdown: true, multiLine, botBold });
    };
    add("title", embed.title, false);
    add("description", embed.description, true);
    for (const [index, field] of (embed.fields ?? []).entries()) {
      add(`field ${index} name`, field.name, false);
      const labels = field.value.match(/^\*\*[^\n]*?:\*\* /gm)?.length ?? 0;
      add(`field ${index} value`, field.value, true, labels);
    }
    if (embed.footer) {
      // The footer renders no markdown and no links: only controls and mentions matter.
      pieces.push({
        where: "footer",
        text: embed.footer.text,
        markdown: false,
        multiLine: true,
        botBold: 0,
      });
    }
  }
  for (const row of message.components) {
    for (const button of row.components) {
      pieces.push({
        where: "button",
        text: button.label ?? "",
        markdown: false,
        multiLine: false,
        botBold: 0,
      });
    }
  }
  return pieces;
}

function expectDiscordInert(message: Pick<DiscordMessage, "embeds" | "components">, item: Hostile) {
  const pieces = discordPieces(message);
  for (const piece of pieces) {
    const where = `${item.name}: Discord ${piece.where} ${JSON.stringify(piece.text)}`;
    expect(controlIn(piece.text, piece.multiLine), where).toBeUndefined();
    if (piece.markdown) {
      expect(discordProblems(piece.text, piece.botBold), where).toEqual([]);
    } else {
      expect(piece.text, where).not.toMatch(/@(everyone|here)|<[@#!&]/);
    }
  }
  const shown = pieces
    .map((piece) => (piece.markdown ? discordReads(piece.text) : piece.text))
    .join("\n");
  for (const words of item.reads) expect(shown, `${item.name}: Discord reads`).toContain(words);
}

// --- Slack: what the client renders --------------------------------------------------------

/** A date token with a format Slack cannot render shows its fallback, unformatted. */
const DATE_TOKEN = /<!date\^\d+\^[^|>]*\|([^>]*)>/g;

function slackReads(text: string): string {
  return text
    .replace(DATE_TOKEN, "$1")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&")
    .replace(/[\u00ad\u200b]/g, "");
}

/**
 * Slack's `*`, `_`, `~` and backtick only act at a break between words (jsx-slack's "exact
 * mode" notes); a backtick acts anywhere. Counts the ones that could act.
 */
function liveSlackMarks(text: string): number {
  const chars = [...text.replace(DATE_TOKEN, "")];
  const word = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
  let live = 0;
  for (const [index, char] of chars.entries()) {
    if (char === "`") live += 1;
    else if ("*_~".includes(char) && !(word(chars[index - 1]) && word(chars[index + 1]))) live += 1;
  }
  return live;
}

interface SlackPiece {
  where: string;
  text: string;
  mrkdwn: boolean;
  verbatim: boolean;
  multiLine: boolean;
  botBold: number;
}

function slackPieces(message: SlackMessage): SlackPiece[] {
  const pieces: SlackPiece[] = [
    {
      where: "fallback text",
      text: message.text,
      mrkdwn: true,
      verbatim: false,
      multiLine: true,
      botBold: 0,
    },
  ];
  const textObject = (where: string, object: unknown, multiLine: boolean, botBold = 0) => {
    const { type, text, verbatim } = object as { type: string; text: string; verbatim?: boolean };
    pieces.push({
      where,
      text,
      mrkdwn: type === "mrkdwn",
      verbatim: verbatim === true,
      multiLine,
      botBold,
    });
  };
  for (const [index, block] of message.blocks.entries()) {
    const where = `block ${index} (${block.type})`;
    if (block.type === "header") textObject(where, block.text, false);
    if (block.type === "section") {
      if (block.text) {
        // Table rows label each cell `*Label:*`; a field's label opens it `*Label*\n`.
        const labels =
          (block.text.text.match(/(^| {2}· {2})\*[^*]+:\* /g)?.length ?? 0) +
          (/^\*[^\n]*\*\n/.test(block.text.text) ? 1 : 0);
        textObject(where, block.text, true, labels);
      }
      for (const field of block.fields ?? []) {
        textObject(`${where} field`, field, true, /^\*[^\n]*\*\n/.test(field.text) ? 1 : 0);
      }
    }
    if (block.type === "context") {
      for (const element of block.elements) textObject(`${where} element`, element, true);
    }
    if (block.type === "actions") {
      for (const element of block.elements) {
        if (element.type === "button") textObject(`${where} button`, element.text, false);
      }
    }
  }
  return pieces;
}

function expectSlackInert(message: SlackMessage, item: Hostile) {
  const pieces = slackPieces(message);
  for (const piece of pieces) {
    const where = `${item.name}: Slack ${piece.where} ${JSON.stringify(piece.text)}`;
    expect(controlIn(piece.text, piece.multiLine), where).toBeUndefined();
    // The only tokens left are the bot's date tokens: no mention, broadcast or link.
    expect(piece.text.replace(DATE_TOKEN, ""), where).not.toContain("<");
    if (!piece.mrkdwn) continue;
    // Blocks are verbatim: Slack does not turn their bare URLs into links (see mrkdwn.ts).
    if (piece.where !== "fallback text") expect(piece.verbatim, where).toBe(true);
    expect(liveSlackMarks(piece.text), where).toBe(piece.botBold * 2);
    expect(piece.text, where).not.toMatch(/^\s*&gt;/m);
  }
  const shown = pieces.map((piece) => slackReads(piece.text)).join("\n");
  for (const words of item.reads) expect(shown, `${item.name}: Slack reads`).toContain(words);
}

// --- The terminal --------------------------------------------------------------------------

function expectTerminalInert(output: string, item: Hostile) {
  expect(controlIn(output, true), `${item.name}: terminal`).toBeUndefined();
  for (const words of item.reads) expect(output, `${item.name}: terminal reads`).toContain(words);
}

describe("the hostile corpus through each renderer", () => {
  for (const item of CORPUS) {
    it(`${item.name}: Discord`, () =>
      expectDiscordInert(renderDiscord(hostileView(item.text)), item));
    it(`${item.name}: Slack`, () => expectSlackInert(renderSlack(hostileView(item.text)), item));
    it(`${item.name}: terminal`, () =>
      expectTerminalInert(renderConsole(hostileView(item.text), { now: new Date() }), item));
  }
});

/** The feed paces posts to each platform's rate limits: a dozen cards take over ten seconds. */
const PACED_MS = 30_000;

/** One report per corpus entry, every player text of it hostile. */
function injectCorpus(state: DiscordHarness["emulator"]["state"]): void {
  for (const [index, item] of CORPUS.entries()) {
    state.injectReport({
      to_gamer_id: `hostile-${index}`,
      to_gamer_name: item.text,
      from_gamer_id: `reporter-${index}`,
      from_gamer_name: item.text,
      keyword: item.text,
      reason: item.text,
      message: item.text,
    });
  }
}

describe("report cards with the hostile corpus, through discord.js to the fake Discord", () => {
  let discord: DiscordHarness;
  beforeAll(async () => {
    discord = await startDiscordHarness({ audit: false });
    // The first poll (of an empty chat API) is over, so every corpus report is new, none backfill.
    await discord.feed.pollNow();
    injectCorpus(discord.emulator.state);
  });
  afterAll(() => discord?.close());

  it("posts every card inert, nobody pinged", async () => {
    await discord.feed.pollNow();
    const posts = await waitFor(() => {
      const found = discord.discord.log.filter(
        (call) => call.method === "POST" && call.path === `/channels/${REPORT_CHANNEL}/messages`,
      );
      return found.length >= CORPUS.length ? found : undefined;
    }, PACED_MS);
    for (const [index, item] of CORPUS.entries()) {
      const post = posts.find((call) => JSON.stringify(call.body).includes(`(hostile-${index})`));
      expect(post, item.name).toBeDefined();
      const body = post?.body as DiscordMessage & { allowed_mentions: unknown };
      expect(body.allowed_mentions, item.name).toEqual({ parse: [] });
      expectDiscordInert(body, item);
    }
  }, 40_000);
});

describe("report cards with the hostile corpus, through bolt to the fake Slack", () => {
  let slack: SlackHarness;
  beforeAll(async () => {
    // Socket Mode: the cards go out through the Web API either way.
    slack = await startSlackHarness({ mode: "socket", reportChannelId: SLACK_REPORT_CHANNEL });
    await slack.feed.pollNow();
    injectCorpus(slack.core.emulator.state);
  });
  afterAll(() => slack?.close());

  it("posts every card inert, nobody pinged", async () => {
    await slack.feed.pollNow();
    const posted = await waitFor(() => {
      const found = slack.fake.api.messages(SLACK_REPORT_CHANNEL);
      return found.length >= CORPUS.length ? found : undefined;
    }, PACED_MS);
    for (const [index, item] of CORPUS.entries()) {
      const message = posted.find((candidate) => candidate.text.includes(`(hostile-${index})`));
      expect(message, item.name).toBeDefined();
      const blocks = (message?.blocks ?? []) as SlackMessage["blocks"];
      expectSlackInert({ text: message?.text ?? "", blocks }, item);
    }
  }, 40_000);
});

async function waitFor<Value>(probe: () => Value | undefined, timeoutMs = 10_000): Promise<Value> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
