// A view's table as aligned columns, fitted to the terminal. Widths are terminal columns (a Hangul
// syllable takes two). When a row is wider than the line, what says least gives way first:
//   1. the widest columns of free text and names are cut, ending in …, to a roomy width;
//   2. free text is cut to a comfortable width;
//   3. times lose their relative part, "(in 3 days)", the first time column first: in a row of
//      times the last is usually the one that matters (Since, Until);
//   4. names are cut to a comfortable width, and keep their id: `A_Really_Lo… (10020)`;
//   5. free text is cut further, down to a few columns;
//   6. columns of free text are left out, the rightmost first, and named under the table;
//   7. with no free text left, names are cut further, down to a few letters and their id.
// The widest column gives first, and among equals the rightmost. Never cut: headers, numbers,
// ids, the minute of a time, and the first column, which says which row it is (a report number,
// a player, a command). When those alone are wider than the line, the line is wider. Without a
// width (off a terminal: a file, a pipe) every value is whole.
//
// Only what can be shown is measured: a cell holding a 50,000-word list is read as far as the
// line reaches, not to its end.
import { t, type ViewTable, type ViewValue } from "../../src/index.js";
import type { Paint } from "./colour.js";
import { cutToWidth, displayWidth, padToWidth, widthWithin } from "./display-width.js";
import { safeLine } from "./terminal-text.js";
import { formatTime } from "./time-text.js";

export interface TableLayout {
  /** The whole line, indent included; undefined: no limit, every value whole. */
  width: number | undefined;
  indent: string;
  paint: Paint;
  now: Date;
}

const GAP = "  ";
/** Free text and names are cut this far before anything else gives way. */
const ROOMY_COLUMN = 32;
/** And this far before times and then names give way. */
const COMFORTABLE_COLUMN = 20;
/** Free text narrower than this says too little: its column is left out instead. */
const NARROWEST_TEXT = 10;
/** The least of a name shown before its id: `Nig… (10014)`. */
const NARROWEST_NAME = 4;
/** How views write a player: the name, then the id in parentheses (`하늘바라기 (10007)`). */
const ID_SUFFIX = /^\([^\s()]{1,64}\)$/;

interface Measured {
  text: string;
  /** Display width; for a text longer than the line, some width above the line's. */
  width: number;
}

interface Cell {
  whole: Measured;
  /** A time without its relative part. */
  minute?: Measured;
  /** A player's name and id, the id kept whole when the name is cut. */
  name?: { name: string; id: Measured };
}

type Kind = "fixed" | "time" | "name" | "text";

interface Column {
  header: Measured;
  kind: Kind;
  cells: Cell[];
  /** As wide as its header and every whole cell. */
  natural: number;
  /** As wide as its header and every cell without its relative time. */
  minute: number;
  /** The narrowest it may be cut to. */
  floor: number;
  /** Where free text and names stop in the first rounds of cuts. */
  roomy: number;
  comfortable: number;
}

export function renderTable(table: ViewTable, layout: TableLayout): string[] {
  const { indent, paint } = layout;
  if (table.rows.length === 0) return [indent + paint("dim", safeLine(table.emptyText))];

  const available = layout.width === undefined ? undefined : layout.width - displayWidth(indent);
  const columns = table.columns.map((column, index) =>
    columnOf(
      column.label,
      table.rows.map((row) => row[column.key]),
      index === 0,
      layout.now,
      available,
    ),
  );
  const fitted =
    available === undefined
      ? { shown: columns, widths: columns.map((column) => column.natural), minuteOnly: [] }
      : fitColumns(columns, available);
  const { shown, widths } = fitted;

  const line = (cells: (Cell | undefined)[], style?: "bold") =>
    indent +
    cells
      .map((cell, index) => {
        const text = cell ? cellText(cell, widths[index] ?? 0, fitted.minuteOnly[index]) : "";
        return style ? paint(style, text) : text;
      })
      .join(GAP)
      .trimEnd();
  const lines = [
    line(
      shown.map((column) => ({ whole: column.header })),
      "bold",
    ),
    indent + paint("dim", widths.map((width) => "─".repeat(width)).join(GAP)),
    ...table.rows.map((_, row) => line(shown.map((column) => column.cells[row]))),
  ];
  const left = columns.filter((column) => !shown.includes(column));
  if (left.length > 0) {
    const columnNames = left.map((column) => column.header.text).join(", ");
    const note = t("terminal.table.leftOut", { width: String(layout.width), columns: columnNames });
    lines.push(indent + paint("dim", note));
  }
  return lines;
}

/** The cell at `width` columns, padded to them. */
function cellText(cell: Cell, width: number, minuteOnly = false): string {
  const shown = (minuteOnly && cell.minute) || cell.whole;
  if (shown.width <= width) return padToWidth(shown.text, width, shown.width);
  const cut = cell.name
    ? cutToWidth(cell.name.name, width - cell.name.id.width) + cell.name.id.text
    : cutToWidth(shown.text, width);
  return padToWidth(cut, width);
}

function columnOf(
  label: string,
  values: (ViewValue | undefined)[],
  first: boolean,
  now: Date,
  available: number | undefined,
): Column {
  const measure = (text: string): Measured => ({
    text,
    width: available === undefined ? displayWidth(text) : widthWithin(text, available),
  });
  const cells = values.map((value): Cell => {
    if (value === undefined) return { whole: { text: "", width: 0 } };
    if (typeof value === "number") return { whole: measure(String(value)) };
    if (typeof value === "object" && "url" in value)
      return { whole: measure(safeLine(value.text)) };
    if (typeof value !== "string") {
      return {
        whole: measure(formatTime(value.time, now)),
        minute: measure(formatTime(value.time, now, { relative: false })),
      };
    }
    return { whole: measure(safeLine(value)) };
  });
  const names = cells.map((cell) => nameAndId(cell.whole.text));
  const kind: Kind = values.some((value) => typeof value === "object" && "time" in value)
    ? "time"
    : first || values.every((value) => value === undefined || typeof value === "number")
      ? "fixed"
      : cells.every((cell, row) => names[row] || cell.whole.width === 0)
        ? "name"
        : "text";
  // Only in a column of names: elsewhere `(lol)` at the end of a message is no id.
  if (kind === "name") {
    for (const [row, cell] of cells.entries()) cell.name = names[row];
  }
  const header = measure(safeLine(label));
  const widest = (width: (cell: Cell) => number) =>
    Math.max(header.width, ...cells.map((cell) => width(cell)));
  const natural = widest((cell) => cell.whole.width);
  const minute = widest((cell) => (cell.minute ?? cell.whole).width);
  const floor =
    kind === "name"
      ? widest((cell) =>
          cell.name
            ? Math.min(cell.whole.width - cell.name.id.width, NARROWEST_NAME) + cell.name.id.width
            : 0,
        )
      : kind === "text"
        ? widest((cell) => Math.min(cell.whole.width, NARROWEST_TEXT))
        : minute;
  const roomy = Math.max(floor, Math.min(natural, ROOMY_COLUMN));
  const comfortable = Math.max(floor, Math.min(natural, COMFORTABLE_COLUMN));
  return { header, kind, cells, natural, minute, floor, roomy, comfortable };
}

/** `하늘바라기 (10007)` → the name, and ` (10007)` to keep whole. */
function nameAndId(text: string): Cell["name"] {
  if (!text.endsWith(")")) return undefined;
  const open = text.lastIndexOf(" (");
  if (open <= 0 || !ID_SUFFIX.test(text.slice(open + 1))) return undefined;
  const id = text.slice(open);
  return { name: text.slice(0, open), id: { text: id, width: displayWidth(id) } };
}

interface Fitted {
  shown: Column[];
  widths: number[];
  /** Per shown column: its times without the relative part. */
  minuteOnly: boolean[];
}

/** The columns that fit, at their widths: free text is left out, the rightmost first, until they do. */
function fitColumns(columns: Column[], available: number): Fitted {
  let shown = columns;
  for (;;) {
    const attempt = fitWidths(shown, available - GAP.length * (shown.length - 1));
    const leaving = shown.findLast((column) => column.kind === "text");
    if (attempt.excess <= 0 || !leaving) return { shown, ...attempt };
    shown = shown.filter((column) => column !== leaving);
  }
}

function fitWidths(
  columns: Column[],
  available: number,
): { widths: number[]; minuteOnly: boolean[]; excess: number } {
  const widths = columns.map((column) => column.natural);
  const minuteOnly = columns.map(() => false);
  let excess = widths.reduce((sum, width) => sum + width, 0) - available;
  const indexes = (...kinds: Kind[]) =>
    columns.flatMap((column, index) => (kinds.includes(column.kind) ? [index] : []));

  const cut = (kinds: Kind[], to: "roomy" | "comfortable" | "floor") => {
    excess = narrow(widths, indexes(...kinds), (index) => columns[index]?.[to] ?? 0, excess);
  };
  cut(["text", "name"], "roomy");
  cut(["text"], "comfortable");
  for (const index of indexes("time")) {
    if (excess <= 0) break;
    const column = columns[index] as Column;
    minuteOnly[index] = true;
    excess -= column.natural - column.minute;
    widths[index] = column.minute;
  }
  cut(["name"], "comfortable");
  cut(["text"], "floor");
  // Names go below a comfortable width only when no free text is left to give way instead.
  if (indexes("text").length === 0) cut(["name"], "floor");
  return { widths, minuteOnly, excess };
}

/**
 * Narrows the widest of the `eligible` columns one terminal column at a time, never below its
 * floor, until the row fits or none can give more; among equals the rightmost gives first.
 * Returns what is still too much.
 */
function narrow(
  widths: number[],
  eligible: number[],
  floor: (index: number) => number,
  excess: number,
): number {
  let left = excess;
  while (left > 0) {
    let widest: number | undefined;
    for (const index of eligible) {
      const width = widths[index] ?? 0;
      if (width > floor(index) && (widest === undefined || width >= (widths[widest] ?? 0))) {
        widest = index;
      }
    }
    if (widest === undefined) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
    left -= 1;
  }
  return left;
}
