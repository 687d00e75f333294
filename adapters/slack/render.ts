// Views as Block Kit: a header, the description, fields, the table one row per section, a context
// line for notices and the page, the buttons, and a menu as a static_select. Everything a view
// carries is made inert on the way in (see mrkdwn.ts: no control or bidi character, no mention,
// no formatting, no link), the adapter's own bold labels are added around it, and everything is
// cut to Slack's limits on the way out, because Slack rejects the whole message when one block is
// too long or there are too many.
import type { types } from "@slack/bolt";
import {
  type ActionStyle,
  type Outcome,
  t,
  type View,
  type ViewAction,
  type ViewField,
  type ViewMenu,
  type ViewTable,
} from "../../src/index.js";
import {
  cutMarkup,
  escapeLineWithin,
  mrkdwnLineWithin,
  mrkdwnWithin,
  valueMarkup,
  valuePlain,
} from "./mrkdwn.js";

type Block = types.KnownBlock;
type Button = types.Button;
type StaticSelect = types.StaticSelect;

/** Slack's published limits for messages and blocks. */
export const SLACK_LIMITS = {
  blocks: 50,
  sectionText: 3000,
  fieldText: 2000,
  fieldsPerSection: 10,
  headerText: 150,
  buttonText: 75,
  buttonValue: 2000,
  actionId: 255,
  /**
   * A static_select's options (at most 100), its placeholder (150), and each option's text (75)
   * and value (150): https://docs.slack.dev/reference/block-kit/block-elements/select-menu-element#static_select,
   * https://docs.slack.dev/reference/block-kit/composition-objects/option-object.
   */
  selectOptions: 100,
  selectPlaceholder: 150,
  optionText: 75,
  elementsPerActions: 25,
  contextElements: 10,
  /** The notification text has a far higher limit; a fallback this long is never useful. */
  fallbackText: 3000,
} as const;

/** Long enough for a chat message or a reason; short enough that rows stay rows. */
const CELL_LIMIT = 1000;

const MARKS: Record<Outcome, string> = {
  success: "✅",
  info: "ℹ️",
  warning: "⚠️",
  error: "❌",
  denied: "🚫",
  confirm: "❓",
};

export interface SlackMessage {
  /** The plain fallback Slack shows in notifications and to clients without blocks. */
  text: string;
  blocks: Block[];
}

export interface RenderOptions {
  /** Buttons the adapter adds after the view's own, e.g. "fill in a form". */
  extraButtons?: Button[];
}

export function renderView(view: View, options: RenderOptions = {}): SlackMessage {
  const content = [
    header(view),
    ...description(view.description),
    ...fieldSections(view.fields ?? []),
    ...(view.table ? tableSections(view.table) : []),
  ];
  const buttons = [...(view.actions ?? []).map(actionButton), ...(options.extraButtons ?? [])];
  const actions = chunk(buttons, SLACK_LIMITS.elementsPerActions).map(
    (elements): Block => ({ type: "actions", elements }),
  );
  // The menu, in an actions block after the buttons'.
  const menu = view.menu && view.menu.options.length > 0 ? view.menu : undefined;
  if (menu) actions.push({ type: "actions", elements: [staticSelect(menu)] });
  const notes = [
    ...(view.notices ?? []).map((notice) => mrkdwnWithin(notice, SLACK_LIMITS.fieldText)),
    ...(view.page ? [t("common.page", { initial: "capital", ...view.page })] : []),
  ];

  // The high-priority alert's one mention, the configured user group, written as Slack documents
  // it (https://api.slack.com/reference/surfaces/formatting#mentioning-groups): first, in the
  // notification's text and in a section of its own; everything else stays inert.
  const groupId = view.mention?.slackUserGroupId;
  const mention = groupId ? `<!subteam^${groupId}>` : undefined;
  const lead = mention ? [section(mention)] : [];

  // The buttons and notices matter most (a confirmation without its buttons is useless), so
  // the cut falls on the content, and says so.
  const room = SLACK_LIMITS.blocks - actions.length - 1 - lead.length;
  const shown = content.length > room ? content.slice(0, room) : content;
  if (shown.length < content.length) {
    notes.push(
      t("slack.notShown", { count: content.length - shown.length, limit: SLACK_LIMITS.blocks }),
    );
  }
  const context: Block[] =
    notes.length > 0
      ? [
          {
            type: "context",
            elements: limitNotes(notes).map((text) => ({ type: "mrkdwn", text, verbatim: true })),
          },
        ]
      : [];
  const text = mention
    ? `${mention} ${fallbackText(view, SLACK_LIMITS.fallbackText - mention.length - 1)}`
    : fallbackText(view);
  return { text, blocks: [...lead, ...shown, ...context, ...actions] };
}

function header(view: View): Block {
  return {
    type: "header",
    text: {
      type: "plain_text",
      // plain_text: Slack applies no formatting to it; controls and entities still matter.
      text: escapeLineWithin(`${MARKS[view.outcome]} ${view.title}`, SLACK_LIMITS.headerText),
      emoji: true,
    },
  };
}

function section(text: string): Block {
  return { type: "section", text: { type: "mrkdwn", text, verbatim: true } };
}

function description(text: string | undefined): Block[] {
  if (text === undefined || text.trim() === "") return [];
  return [section(mrkdwnWithin(text, SLACK_LIMITS.sectionText))];
}

/** Inline fields share sections, side by side; the others get a section each, full width. */
function fieldSections(fields: ViewField[]): Block[] {
  const blocks: Block[] = [];
  let inline: types.MrkdwnElement[] = [];
  const flush = () => {
    for (const group of chunk(inline, SLACK_LIMITS.fieldsPerSection)) {
      blocks.push({ type: "section", fields: group });
    }
    inline = [];
  };
  for (const field of fields) {
    if (field.inline) {
      inline.push({
        type: "mrkdwn",
        text: labelled(field, SLACK_LIMITS.fieldText),
        verbatim: true,
      });
    } else {
      flush();
      blocks.push(section(labelled(field, SLACK_LIMITS.sectionText)));
    }
  }
  flush();
  return blocks;
}

function labelled(field: ViewField, max: number): string {
  const label = field.label ? `*${mrkdwnLineWithin(field.label, 200)}*\n` : "";
  return label + valueMarkup(field.value, max - label.length);
}

/** One section per row: `Label: value · Label: value`, readable on a phone as on a desktop. */
function tableSections(table: ViewTable): Block[] {
  if (table.rows.length === 0) return [section(mrkdwnWithin(table.emptyText, 3000))];
  return table.rows.map((row) => {
    const cells = table.columns.flatMap((column) => {
      const value = row[column.key];
      if (value === undefined || value === "") return [];
      const shown = valueMarkup(value, CELL_LIMIT);
      return column.label ? [`*${mrkdwnLineWithin(column.label, 200)}:* ${shown}`] : [shown];
    });
    return section(cutMarkup(cells.join("  ·  ") || " ", SLACK_LIMITS.sectionText));
  });
}

const BUTTON_STYLES: Record<ActionStyle, Button["style"]> = {
  primary: "primary",
  danger: "danger",
  // Slack's default look; it has no "secondary" style.
  secondary: undefined,
};

/**
 * The view's action id goes out as the button's action_id (and value) and comes back when
 * pressed; a form's id opens its form (form.ts). The core keeps every id within 100 characters,
 * under Slack's 255 for an action_id and 2000 for a value.
 */
export function actionButton(action: ViewAction): Button {
  const style = BUTTON_STYLES[action.style];
  return {
    type: "button",
    action_id: action.id,
    value: action.id,
    text: {
      type: "plain_text",
      text: escapeLineWithin(action.label, SLACK_LIMITS.buttonText),
      emoji: true,
    },
    ...(style ? { style } : {}),
  };
}

/**
 * The menu as a static_select: each option's value is its action id, which Slack sends back as
 * `selected_option.value` when it is chosen (interactions.ts presses it). The core keeps those ids
 * within 100 characters, under the option value's 150. Texts are plain_text, made inert and cut.
 */
function staticSelect(menu: ViewMenu): StaticSelect {
  return {
    type: "static_select",
    action_id: menu.id,
    placeholder: {
      type: "plain_text",
      text: escapeLineWithin(menu.placeholder, SLACK_LIMITS.selectPlaceholder),
      emoji: true,
    },
    options: menu.options.slice(0, SLACK_LIMITS.selectOptions).map((option) => ({
      text: {
        type: "plain_text",
        text: escapeLineWithin(option.label, SLACK_LIMITS.optionText),
        emoji: true,
      },
      value: option.id,
    })),
  };
}

/** Context blocks hold ten elements; extra notices are joined into the last one. */
function limitNotes(notes: string[]): string[] {
  const max = SLACK_LIMITS.contextElements;
  if (notes.length <= max) return notes;
  const rest = notes.slice(max - 1).join(" · ");
  return [...notes.slice(0, max - 1), cutMarkup(rest, SLACK_LIMITS.fieldText)];
}

/**
 * `title: description`, or the first fields. Slack reads a message's `text` as mrkdwn, and it is
 * what notifications show: player text in it gets the same rule as in the blocks.
 */
function fallbackText(view: View, room: number = SLACK_LIMITS.fallbackText): string {
  const detail =
    view.description ??
    (view.fields ?? [])
      .slice(0, 3)
      .map((field) => `${field.label}: ${valuePlain(field.value)}`)
      .join(", ");
  const raw = detail ? `${view.title}: ${detail}` : view.title;
  return mrkdwnWithin(raw, room);
}

function chunk<Item>(items: Item[], size: number): Item[][] {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}
