// An SVG approximation of how Discord's dark theme shows a message the Discord adapter built: the
// bot's name, one embed (colour bar, title, description, inline and full-width fields, footer)
// and its buttons. The input is the adapter's own DiscordMessage, so every word, colour, field
// and button is the bot's; only the drawing is approximate: no font engine is at hand, so text is
// wrapped by an estimate of its width, and the little markdown the adapter writes is read here as
// Discord reads it (a backslash escape shows the character, **bold**, <t:…:R> as a relative time).
import { type APIEmbed, ComponentType } from "discord.js";
import { displayWidth } from "../../adapters/console/display-width.js";
import type { DiscordMessage } from "../../adapters/discord/render.js";
import { escapeXml } from "./xml.js";

const WIDTH = 620;
const MESSAGE_LEFT = 72;
const EMBED_WIDTH = 520;
const EMBED_PADDING = 16;
const TEXT_WIDTH = EMBED_WIDTH - 2 * EMBED_PADDING - 4;
/** Average advance of one narrow character at 14 px in Discord's sans-serif, a wide one twice. */
const CHARACTER_WIDTH = 7.3;
const FONT = "'gg sans', 'Noto Sans', 'Helvetica Neue', Helvetica, Arial, sans-serif";

const BUTTON_COLOURS: Record<number, string> = {
  1: "#5865f2",
  2: "#4e5058",
  3: "#248046",
  4: "#da373c",
};

interface Run {
  text: string;
  bold: boolean;
}

export function discordMessageSvg(
  message: DiscordMessage,
  options: { botName: string; now: Date; title: string; description: string },
): string {
  const embed = message.embeds[0];
  if (!embed) throw new Error("discord-message-svg: the message has no embed");
  const parts: string[] = [];
  let y = 20;
  // The author line: avatar, name, the APP tag.
  parts.push(`<circle cx="36" cy="${y + 20}" r="20" fill="#5865f2"/>`);
  parts.push(
    `<text x="36" y="${y + 26}" fill="#ffffff" font-size="18" font-weight="bold" text-anchor="middle">cw</text>`,
  );
  parts.push(
    `<text x="${MESSAGE_LEFT}" y="${y + 14}" fill="#f2f3f5" font-size="16" font-weight="600">${escapeXml(options.botName)}</text>`,
  );
  const tagX = MESSAGE_LEFT + options.botName.length * 10 + 10;
  parts.push(`<rect x="${tagX}" y="${y + 1}" width="32" height="16" rx="3" fill="#5865f2"/>`);
  parts.push(
    `<text x="${tagX + 16}" y="${y + 13}" fill="#ffffff" font-size="10" font-weight="bold" text-anchor="middle">APP</text>`,
  );
  y += 26;

  const embedTop = y;
  const body: string[] = [];
  let cursor = embedTop + EMBED_PADDING;
  const left = MESSAGE_LEFT + 4 + EMBED_PADDING;
  if (embed.title) {
    cursor = paragraph(body, embed.title, left, cursor, TEXT_WIDTH, options.now, {
      size: 16,
      colour: "#f2f3f5",
      bold: true,
    });
    cursor += 6;
  }
  if (embed.description) {
    cursor = paragraph(body, embed.description, left, cursor, TEXT_WIDTH, options.now, {
      size: 14,
      colour: "#dbdee1",
    });
    cursor += 8;
  }
  cursor = fields(body, embed, left, cursor, options.now);
  if (embed.footer?.text) {
    cursor += 4;
    cursor = paragraph(body, embed.footer.text, left, cursor, TEXT_WIDTH, options.now, {
      size: 12,
      colour: "#b5bac1",
    });
  }
  const embedHeight = cursor - embedTop + EMBED_PADDING - 4;
  parts.push(
    `<rect x="${MESSAGE_LEFT}" y="${embedTop}" width="${EMBED_WIDTH}" height="${embedHeight}" rx="4" fill="#2b2d31"/>`,
  );
  parts.push(
    `<rect x="${MESSAGE_LEFT}" y="${embedTop}" width="4" height="${embedHeight}" rx="2" fill="${colourOf(embed)}"/>`,
  );
  parts.push(...body);
  y = embedTop + embedHeight + 8;

  for (const row of message.components) {
    let x = MESSAGE_LEFT;
    for (const button of row.components) {
      // A select menu is drawn as what it shows before it opens: its placeholder, full width.
      if (button.type !== ComponentType.Button) {
        parts.push(
          `<rect x="${x}" y="${y}" width="${EMBED_WIDTH}" height="32" rx="4" fill="#1e1f22"/>`,
          `<text x="${x + 12}" y="${y + 21}" fill="#949ba4" font-size="14">${escapeXml(button.placeholder ?? "")}</text>`,
        );
        continue;
      }
      const label = button.label ?? "";
      const width = Math.round(textWidth(label) + 32);
      parts.push(
        `<rect x="${x}" y="${y}" width="${width}" height="32" rx="4" fill="${BUTTON_COLOURS[button.style] ?? BUTTON_COLOURS[2]}"/>`,
      );
      parts.push(
        `<text x="${x + width / 2}" y="${y + 21}" fill="#ffffff" font-size="14" font-weight="600" text-anchor="middle">${escapeXml(label)}</text>`,
      );
      x += width + 8;
    }
    y += 40;
  }
  const height = y + 12;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="title desc">
  <title id="title">${escapeXml(options.title)}</title>
  <desc id="desc">${escapeXml(options.description)}</desc>
  <rect width="${WIDTH}" height="${height}" rx="8" fill="#313338"/>
  <g font-family="${FONT}">
    ${parts.join("\n    ")}
  </g>
</svg>
`;
}

/** Inline fields side by side, three to a row as Discord lays them out; the others full width. */
function fields(body: string[], embed: APIEmbed, left: number, top: number, now: Date): number {
  let cursor = top;
  let inlineRow: NonNullable<APIEmbed["fields"]> = [];
  const flush = () => {
    if (inlineRow.length === 0) return;
    const columnWidth = (TEXT_WIDTH - 8 * (inlineRow.length - 1)) / inlineRow.length;
    let bottom = cursor;
    inlineRow.forEach((field, index) => {
      const x = left + index * (columnWidth + 8);
      bottom = Math.max(bottom, drawField(body, field, x, cursor, columnWidth, now));
    });
    cursor = bottom + 8;
    inlineRow = [];
  };
  for (const field of embed.fields ?? []) {
    if (field.inline) {
      inlineRow.push(field);
      if (inlineRow.length === 3) flush();
      continue;
    }
    flush();
    cursor = drawField(body, field, left, cursor, TEXT_WIDTH, now) + 8;
  }
  flush();
  return cursor;
}

function drawField(
  body: string[],
  field: { name: string; value: string },
  x: number,
  top: number,
  width: number,
  now: Date,
): number {
  const afterName = paragraph(body, field.name, x, top, width, now, {
    size: 14,
    colour: "#f2f3f5",
    bold: true,
  });
  return paragraph(body, field.value, x, afterName + 2, width, now, {
    size: 14,
    colour: "#dbdee1",
  });
}

/** Draws text wrapped to `width` from `top`; returns the y below it. */
function paragraph(
  body: string[],
  markdown: string,
  x: number,
  top: number,
  width: number,
  now: Date,
  style: { size: number; colour: string; bold?: boolean },
): number {
  const lineHeight = Math.round(style.size * 1.375);
  let y = top;
  for (const line of markdown.split("\n")) {
    for (const wrapped of wrap(readMarkdown(line, now), width * (14 / style.size))) {
      y += lineHeight;
      const spans = wrapped
        .map(
          (run) =>
            `<tspan${run.bold || style.bold ? ' font-weight="bold"' : ""}>${escapeXml(run.text)}</tspan>`,
        )
        .join("");
      body.push(
        `<text x="${x}" y="${y - 5}" fill="${style.colour}" font-size="${style.size}" xml:space="preserve">${spans}</text>`,
      );
    }
  }
  return y;
}

/** The adapter's markdown as Discord shows it: escapes, **bold**, timestamps, no zero-width spaces. */
function readMarkdown(text: string, now: Date): Run[] {
  const runs: Run[] = [];
  let bold = false;
  let current = "";
  const push = () => {
    if (current !== "") runs.push({ text: current, bold });
    current = "";
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? "";
    if (char === "\\" && /[^0-9A-Za-z\s]/.test(text[index + 1] ?? "a")) {
      current += text[index + 1];
      index += 1;
    } else if (text.startsWith("**", index)) {
      push();
      bold = !bold;
      index += 1;
    } else if (text.startsWith("<t:", index)) {
      const match = /^<t:(\d+):([A-Za-z])>/.exec(text.slice(index));
      if (!match) current += char;
      else {
        current += relativeTime(new Date(Number(match[1]) * 1000), now);
        index += match[0].length - 1;
      }
    } else if (char !== "\u200b") current += char;
  }
  push();
  return runs;
}

function relativeTime(time: Date, now: Date): string {
  const seconds = (time.getTime() - now.getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat("en", { numeric: "always" });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["year", 31_536_000],
    ["month", 2_592_000],
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds), "second");
}

/** Runs broken into lines at spaces, by estimated width; a word longer than a line anywhere, as Discord breaks it. */
function wrap(runs: readonly Run[], width: number): Run[][] {
  const lines: Run[][] = [[]];
  let used = 0;
  for (const run of runs) {
    for (const word of run.text.split(/(?<= )/).flatMap((piece) => pieces(piece, width))) {
      const wordWidth = textWidth(word);
      if (used + wordWidth > width && used > 0) {
        lines.push([]);
        used = 0;
      }
      const line = lines[lines.length - 1] ?? [];
      const last = line[line.length - 1];
      if (last && last.bold === run.bold) last.text += word;
      else line.push({ text: word, bold: run.bold });
      used += wordWidth;
    }
  }
  return lines;
}

/** A word cut into pieces that each fit a line. */
function pieces(word: string, width: number): string[] {
  if (textWidth(word) <= width) return [word];
  const cut: string[] = [""];
  for (const char of word) {
    const last = cut[cut.length - 1] ?? "";
    if (textWidth(last + char) > width) cut.push(char);
    else cut[cut.length - 1] = last + char;
  }
  return cut;
}

function textWidth(text: string): number {
  return displayWidth(text) * CHARACTER_WIDTH;
}

function colourOf(embed: APIEmbed): string {
  return `#${(embed.color ?? 0x1e1f22).toString(16).padStart(6, "0")}`;
}
