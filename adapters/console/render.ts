// Views for a terminal. A title line marked by its outcome, then the description, fields as
// `Label: value`, the table in aligned columns, notices, where a long list is, and the actions
// as numbered choices. Every piece of text passes terminal-text.ts first: views carry user
// content, and user content must never drive the operator's terminal.
import type { Outcome, View, ViewField } from "../../src/moderation/view.js";
import { type Paint, painter, type Style } from "./colour.js";
import { renderTable } from "./render-table.js";
import { safeLine, safeLines } from "./terminal-text.js";
import { valueText } from "./value-text.js";

export interface RenderOptions {
  /** The moment relative times are measured from; default: the clock. */
  now?: Date;
  /** ANSI colour; decide with shouldColour(stream). Default off. */
  colour?: boolean;
  /** Line width tables are fitted to. */
  width?: number;
  /** List the actions as numbered choices; off where nobody can choose (the one-shot CLI). */
  actions?: boolean;
}

export const DEFAULT_WIDTH = 120;
const INDENT = "  ";

const MARKS: Record<Outcome, { mark: string; style: Style }> = {
  success: { mark: "✔", style: "green" },
  info: { mark: "ℹ", style: "cyan" },
  warning: { mark: "⚠", style: "yellow" },
  error: { mark: "✖", style: "red" },
  denied: { mark: "✖", style: "red" },
  confirm: { mark: "?", style: "magenta" },
};

/** The view as terminal text, ending in a newline. */
export function renderView(view: View, options: RenderOptions = {}): string {
  const paint = painter(options.colour ?? false);
  const now = options.now ?? new Date();
  const { mark, style } = MARKS[view.outcome];
  const title = `${paint(style, mark)} ${paint("bold", safeLine(view.title))}`;
  const description = view.description === undefined ? [] : safeLines(view.description);
  const showActions = (options.actions ?? true) && (view.actions?.length ?? 0) > 0;

  const isShort =
    description.length <= 1 && !view.fields?.length && !view.table && !view.page && !showActions;
  const lines = isShort && description[0] !== undefined ? [`${title}: ${description[0]}`] : [title];
  if (!isShort) lines.push(...description.map((line) => INDENT + line));
  for (const field of view.fields ?? []) lines.push(...fieldLines(field, now, paint));
  if (view.table) {
    const width = options.width ?? DEFAULT_WIDTH;
    lines.push(...renderTable(view.table, { width, indent: INDENT, paint, now }));
  }
  for (const notice of view.notices ?? []) lines.push(INDENT + paint("dim", safeLine(notice)));
  if (view.page)
    lines.push(INDENT + paint("dim", `page ${view.page.number} of ${view.page.count}`));
  if (showActions) lines.push(INDENT + actionChoices(view, paint));
  return `${lines.join("\n")}\n`;
}

/** `[1] Confirm  [2] Cancel`: the numbers the REPL asks the operator to choose from. */
function actionChoices(view: View, paint: Paint): string {
  return (view.actions ?? [])
    .map((action, index) => `${paint("bold", `[${index + 1}]`)} ${safeLine(action.label)}`)
    .join("  ");
}

/** One line, or a label over indented lines when the value has several. */
function fieldLines(field: ViewField, now: Date, paint: Paint): string[] {
  const label = paint("bold", `${safeLine(field.label)}:`);
  const value = safeLines(valueText(field.value, now));
  if (value.length === 1) return [`${INDENT}${label} ${value[0]}`];
  return [INDENT + label, ...value.map((line) => INDENT + INDENT + line)];
}

/** The view in one line, for failures on stderr: `title: description (notices)`. */
export function renderOneLine(view: View): string {
  const parts = [safeLine(view.title)];
  if (view.description) parts.push(safeLines(view.description).join(" "));
  const notices = (view.notices ?? []).map(safeLine);
  return parts.join(": ") + (notices.length > 0 ? ` (${notices.join("; ")})` : "");
}

/**
 * Characters JSON.stringify leaves raw that a terminal would still obey or reorder (C1 controls,
 * bidi overrides, line separators). Escaped, the document parses to the same value.
 */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `--json`: the view's data with its outcome and title, for scripts. */
export function renderJson(view: View): string {
  const document = { outcome: view.outcome, title: view.title, data: view.data ?? null };
  const text = JSON.stringify(document, null, 2).replace(
    RAW_IN_JSON,
    (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`,
  );
  return `${text}\n`;
}
