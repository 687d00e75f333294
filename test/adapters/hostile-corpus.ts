// The hostile corpus (issue 9, item 8): player text with bidirectional overrides, ANSI escapes,
// NUL, a bare URL, Slack and Discord formatting, mentions, Korean and emoji, put in every slot of
// a view; and what a moderator would check by looking at it on each platform: no control or bidi
// character reaches the platform, nothing is a live link, mention or formatting, and the words
// still read as the player wrote them. Used by hostile-corpus.test.ts (the renderers, and cards
// sent through bolt) and discord/hostile-cards.test.ts (cards sent through discord.js).
import { expect } from "vitest";
import type { DiscordMessage } from "../../adapters/discord/render.js";
import type { SlackMessage } from "../../adapters/slack/render.js";
import type { RunningEmulator } from "../../emulator/server.js";
import type { View } from "../../src/view/view.js";
import { controlIn } from "./inert-checks.js";

export interface Hostile {
  name: string;
  text: string;
  /** What must still be readable; the whole text when it has nothing to neutralise. */
  reads: string[];
}

/** 🔥 and a family: three people joined by zero-width joiners, which must stay. */
const FAMILY = "\u{1F525}\u{1F468}\u200d\u{1F469}\u200d\u{1F467}";

export const CORPUS: Hostile[] = [
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
export function hostileView(text: string): View {
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
    menu: { id: "cw:menu", placeholder: text, options: [{ id: "cw:y", label: text }] },
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
      // A select menu's placeholder and options read like buttons (no markdown, no links).
      const labels =
        "options" in button
          ? [button.placeholder ?? "", ...button.options.map((option) => option.label)]
          : [button.label ?? ""];
      pieces.push(
        ...labels.map((text) => ({
          where: "button",
          text,
          markdown: false,
          multiLine: false,
          botBold: 0,
        })),
      );
    }
  }
  return pieces;
}

export function expectDiscordInert(
  message: Pick<DiscordMessage, "embeds" | "components">,
  item: Hostile,
) {
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
        if (element.type === "static_select") {
          if (element.placeholder) textObject(`${where} menu`, element.placeholder, false);
          for (const option of element.options ?? []) {
            textObject(`${where} menu option`, option.text, false);
          }
        }
      }
    }
  }
  return pieces;
}

export function expectSlackInert(message: SlackMessage, item: Hostile) {
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

export function expectTerminalInert(output: string, item: Hostile) {
  expect(controlIn(output, true), `${item.name}: terminal`).toBeUndefined();
  for (const words of item.reads) expect(output, `${item.name}: terminal reads`).toContain(words);
}

/** One report per corpus entry, every player text of it hostile. */
export function injectCorpus(state: RunningEmulator["state"]): void {
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
