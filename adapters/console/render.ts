// Views for a terminal. A title line marked by its outcome, then the description, fields as
// `Label: value`, the table in aligned columns, notices, where a long list is, and the actions
// as numbered choices (a menu's options after them, choices.ts). Every piece of text passes
// terminal-text.ts first: views carry user content, and user content must never drive the
// operator's terminal.
import { type Outcome, t, type View, type ViewField } from "../../src/index.js";
import { choicesOf } from "./choices.js";
import { type Paint, painter, type Style } from "./colour.js";
import { type AnsweredView, answerDocument, jsonText } from "./json-output.js";
import { renderTable } from "./render-table.js";
import { safeLine, safeLines } from "./terminal-text.js";
import { valueText } from "./value-text.js";

export interface RenderOptions {
  /** The moment relative times are measured from; default: the clock. */
  now?: Date;
  /** ANSI colour; decide with shouldColour(stream). Default off. */
  colour?: boolean;
  /**
   * Line width tables are fitted to: the terminal's (see tableWidth). Without one, every value
   * is shown whole, for a file or a pipe.
   */
  width?: number;
  /** List the actions as numbered choices; off where nobody can choose (the one-shot CLI). */
  actions?: boolean;
}

/** The width of a terminal that does not say how wide it is. */
export const DEFAULT_WIDTH = 120;
const INDENT = "  ";

/**
 * The width to fit tables to on `stream`: its own at a terminal (read at each render: the operator
 * may resize it), none elsewhere, where whole values serve better than cut ones.
 */
export function tableWidth(stream: { isTTY?: boolean; columns?: number }): number | undefined {
  if (stream.isTTY !== true) return undefined;
  return stream.columns !== undefined && stream.columns > 0 ? stream.columns : DEFAULT_WIDTH;
}

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
  const showActions = (options.actions ?? true) && choicesOf(view).length > 0;

  const isShort =
    description.length <= 1 && !view.fields?.length && !view.table && !view.page && !showActions;
  const lines = isShort && description[0] !== undefined ? [`${title}: ${description[0]}`] : [title];
  if (!isShort) lines.push(...description.map((line) => INDENT + line));
  for (const field of view.fields ?? []) lines.push(...fieldLines(field, now, paint));
  if (view.table) {
    lines.push(...renderTable(view.table, { width: options.width, indent: INDENT, paint, now }));
  }
  for (const notice of view.notices ?? []) lines.push(INDENT + paint("dim", safeLine(notice)));
  if (view.page) {
    const { number, count } = view.page;
    lines.push(INDENT + paint("dim", t("common.page", { initial: "lower", number, count })));
  }
  if (showActions) lines.push(...actionChoices(view, paint));
  return `${lines.join("\n")}\n`;
}

/**
 * `[1] Confirm  [2] Cancel`: the numbers the REPL asks the operator to choose from (choices.ts);
 * a menu's options follow under its placeholder, one a line (a report's line is long).
 */
function actionChoices(view: View, paint: Paint): string[] {
  const choices = choicesOf(view);
  const numbered = (index: number) =>
    `${paint("bold", `[${index + 1}]`)} ${safeLine(choices[index]?.label ?? "")}`;
  const buttons = view.actions?.length ?? 0;
  const lines =
    buttons > 0
      ? [
          INDENT +
            choices
              .slice(0, buttons)
              .map((_, index) => numbered(index))
              .join("  "),
        ]
      : [];
  if (choices.length > buttons) {
    lines.push(INDENT + safeLine(view.menu?.placeholder ?? ""));
    for (let index = buttons; index < choices.length; index++)
      lines.push(INDENT + INDENT + numbered(index));
  }
  return lines;
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

/** `--json`: the view as the document scripts read (see json-output.ts). */
export function renderJson(view: AnsweredView): string {
  return jsonText(answerDocument(view));
}
