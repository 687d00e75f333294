// Views as Discord messages: one embed coloured by outcome, with the title, the description,
// the fields, the table's rows as fields (so times inside them render as <t:…:R>), and the
// notices and page in the footer; the view's actions as buttons whose custom id is the action id,
// and its menu as a string select in a row of its own, each option's value an action id.
// Every text is made inert first (text.ts) and the whole is cut to Discord's limits, so no
// content can ping anyone, become a link, carry a control or bidi character, break the
// formatting, or get the message refused.
import {
  type APIActionRowComponent,
  type APIButtonComponentWithCustomId,
  type APIEmbed,
  type APIEmbedField,
  type APIStringSelectComponent,
  type AttachmentPayload,
  ButtonStyle,
  ComponentType,
  type MessageMentionOptions,
} from "discord.js";
import type {
  ActionStyle,
  Outcome,
  View,
  ViewAction,
  ViewColumn,
  ViewImage,
  ViewMenu,
  ViewTable,
  ViewValue,
} from "../../src/index.js";
import { t } from "../../src/index.js";
import { fitEmbed } from "./fit-embed.js";
import { LIMITS } from "./limits.js";
import { cut, inert, inertOneLine, plainLine, plainText } from "./text.js";
import { valueText } from "./value-text.js";

export interface DiscordMessage {
  /** Only on the high-priority alert: the configured role's mention, and nothing else. */
  content?: string;
  embeds: APIEmbed[];
  /** Always present, empty when there are no actions: an edit must remove old buttons. */
  components: APIActionRowComponent<APIButtonComponentWithCustomId | APIStringSelectComponent>[];
  allowedMentions: MessageMentionOptions;
  /** The view's image, uploaded with the message (multipart) and shown in the embed. */
  files?: AttachmentPayload[];
}

/** Nobody is ever pinged by anything the bot posts. */
export const NO_MENTIONS: MessageMentionOptions = { parse: [] };

export const OUTCOME_COLOURS: Record<Outcome, number> = {
  success: 0x57f287,
  info: 0x5865f2,
  warning: 0xfee75c,
  error: 0xed4245,
  denied: 0x992d22,
  confirm: 0xe67e22,
};

const BUTTON_STYLES: Record<ActionStyle, APIButtonComponentWithCustomId["style"]> = {
  primary: ButtonStyle.Primary,
  danger: ButtonStyle.Danger,
  secondary: ButtonStyle.Secondary,
};

/** Field names may not be empty; this is what an empty cell or label shows. */
const BLANK = "—";

export function renderView(view: View): DiscordMessage {
  const footer = footerText(view);
  const embed = fitEmbed({
    color: OUTCOME_COLOURS[view.outcome],
    title: cut(inertOneLine(view.title), LIMITS.embedTitle),
    description:
      view.description === undefined
        ? undefined
        : cut(inert(view.description), LIMITS.embedDescription),
    fields: [...(view.fields ?? []).map(plainField), ...tableFields(view.table)],
    footer: footer === undefined ? undefined : { text: cut(footer, LIMITS.embedFooter) },
  });
  if (view.image) embed.image = { url: `attachment://${view.image.filename}` };
  const roleId = view.mention?.discordRoleId;
  return {
    // Mentions notify from the content only, never from an embed; the content is the mention
    // alone, and exactly that role may be mentioned
    // (https://discord.com/developers/docs/resources/message#allowed-mentions-object).
    ...(roleId ? { content: `<@&${roleId}>` } : {}),
    embeds: [embed],
    components: componentRows(view),
    allowedMentions: roleId ? { parse: [], roles: [roleId] } : NO_MENTIONS,
    ...(view.image ? { files: [imageFile(view.image)] } : {}),
  };
}

/**
 * The image as a file of the message: the embed refers to it as `attachment://filename`
 * (https://discord.com/developers/docs/reference#uploading-files), and its description is the
 * alt text screen readers say.
 */
function imageFile(image: ViewImage): AttachmentPayload {
  return {
    attachment: Buffer.from(image.png),
    name: image.filename,
    description: cut(plainLine(image.alt), LIMITS.attachmentDescription),
  };
}

function plainField(field: NonNullable<View["fields"]>[number]): APIEmbedField {
  return {
    name: cut(inertOneLine(field.label) || BLANK, LIMITS.embedFieldName),
    value: cut(valueText(field.value) || BLANK, LIMITS.embedFieldValue),
    inline: field.inline ?? false,
  };
}

/**
 * One field per row: the first column's value names it, the others are `Label: value` lines.
 * Discord has no tables, and a code block would show <t:…> timestamps as raw text.
 */
function tableFields(table: ViewTable | undefined): APIEmbedField[] {
  if (!table) return [];
  if (table.rows.length === 0) {
    return [{ name: BLANK, value: cut(inert(table.emptyText), LIMITS.embedFieldValue) }];
  }
  const [first, ...rest] = table.columns;
  return table.rows.map((row) => {
    const lines = rest.flatMap((column) => {
      const value = row[column.key];
      if (value === undefined || value === "") return [];
      const text = valueText(value);
      return [column.label ? `**${inertOneLine(column.label)}:** ${text}` : text];
    });
    return {
      name: cut(rowName(first, row) || BLANK, LIMITS.embedFieldName),
      value: cut(lines.join("\n") || BLANK, LIMITS.embedFieldValue),
    };
  });
}

/** `gamer-42` for a Player column; a symbol label such as `#` is kept: `#12`. */
function rowName(column: ViewColumn | undefined, row: Record<string, ViewValue>): string {
  const value = column ? row[column.key] : undefined;
  if (!column || value === undefined) return "";
  if (typeof value === "object") return valueText(value);
  const symbol = /^[^\p{L}\p{N}]+$/u.test(column.label) ? column.label : "";
  return inertOneLine(`${symbol}${value}`);
}

/**
 * The footer renders neither markdown nor mentions nor links, but a copy-paste must not ping
 * either, and no control or bidi character may reach it.
 */
function footerText(view: View): string | undefined {
  const parts = [
    ...(view.notices ?? []),
    ...(view.page ? [t("common.page", { initial: "capital", ...view.page })] : []),
  ];
  return parts.length === 0 ? undefined : plainText(parts.join(" · "));
}

/** The buttons' rows, then the menu's: a row holding a select holds nothing else. */
function componentRows(view: View): DiscordMessage["components"] {
  const menu = view.menu && view.menu.options.length > 0 ? view.menu : undefined;
  const buttonRowsLeft = LIMITS.rowsPerMessage - (menu ? 1 : 0);
  const rows = buttonRows(view.actions ?? [], buttonRowsLeft);
  if (menu) rows.push({ type: ComponentType.ActionRow, components: [stringSelect(menu)] });
  return rows;
}

/**
 * The menu as a string select: the option's action id as its value, which Discord sends back
 * when it is chosen (buttons.ts presses it). At most 25 options, labels cut to 100, as the
 * labels of buttons are made inert (no markdown or links render there; no mention may either).
 */
function stringSelect(menu: ViewMenu): APIStringSelectComponent {
  return {
    type: ComponentType.StringSelect,
    custom_id: menu.id,
    placeholder: cut(plainLine(menu.placeholder), LIMITS.selectPlaceholder),
    options: menu.options.slice(0, LIMITS.selectOptions).map((option) => ({
      label: cut(plainLine(option.label), LIMITS.selectOptionText),
      value: option.id,
    })),
  };
}

function buttonRows(
  actions: readonly ViewAction[],
  rowsLeft: number,
): DiscordMessage["components"] {
  const buttons = actions
    .map(
      (action): APIButtonComponentWithCustomId => ({
        type: ComponentType.Button,
        // Every kind of action id, forms included, is made by the core within Discord's 100.
        custom_id: action.id,
        // A label renders no markdown or links; controls and mentions are still neutralised.
        label: cut(plainLine(action.label), LIMITS.buttonLabel),
        style: BUTTON_STYLES[action.style],
      }),
    )
    .slice(0, LIMITS.buttonsPerRow * rowsLeft);
  const rows: DiscordMessage["components"] = [];
  for (let start = 0; start < buttons.length; start += LIMITS.buttonsPerRow) {
    rows.push({
      type: ComponentType.ActionRow,
      components: buttons.slice(start, start + LIMITS.buttonsPerRow),
    });
  }
  return rows;
}
