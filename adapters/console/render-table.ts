// A view's table as aligned columns. Widths are measured in terminal columns (a Hangul syllable
// takes two), and when a row would not fit the line, the widest columns give way first and
// their cells end in …, so one long chat message cannot wrap the whole table into a mess.
import type { ViewTable } from "../../src/moderation/view.js";
import type { Paint } from "./colour.js";
import { cutToWidth, displayWidth, padToWidth } from "./display-width.js";
import { safeLine } from "./terminal-text.js";
import { valueText } from "./value-text.js";

export interface TableLayout {
  /** The whole line, indent included. */
  width: number;
  indent: string;
  paint: Paint;
  now: Date;
}

const GAP = "  ";
/** A column is never squeezed below this, so every column still says something. */
const NARROWEST_COLUMN = 6;

export function renderTable(table: ViewTable, layout: TableLayout): string[] {
  const { indent, paint } = layout;
  if (table.rows.length === 0) return [indent + paint("dim", safeLine(table.emptyText))];

  const headers = table.columns.map((column) => safeLine(column.label));
  const cells = table.rows.map((row) =>
    table.columns.map((column) => {
      const value = row[column.key];
      return value === undefined ? "" : safeLine(valueText(value, layout.now));
    }),
  );
  const available = layout.width - displayWidth(indent) - GAP.length * (headers.length - 1);
  const widths = fitWidths(naturalWidths(headers, cells), available);

  const line = (texts: string[], style?: "bold") =>
    indent +
    texts
      .map((text, index) => {
        const width = widths[index] ?? 0;
        const cut = padToWidth(cutToWidth(text, width), width);
        return style ? paint(style, cut) : cut;
      })
      .join(GAP)
      .trimEnd();
  const rule = indent + paint("dim", widths.map((width) => "─".repeat(width)).join(GAP));
  return [line(headers, "bold"), rule, ...cells.map((row) => line(row))];
}

function naturalWidths(headers: string[], cells: string[][]): number[] {
  return headers.map((header, index) =>
    Math.max(displayWidth(header), ...cells.map((row) => displayWidth(row[index] ?? ""))),
  );
}

/** Takes columns from the widest down, one column of text at a time, until the row fits. */
function fitWidths(natural: number[], available: number): number[] {
  const widths = [...natural];
  let excess = widths.reduce((sum, width) => sum + width, 0) - available;
  while (excess > 0) {
    const widest = widths.indexOf(Math.max(...widths));
    const width = widths[widest] ?? 0;
    if (width <= NARROWEST_COLUMN) break;
    widths[widest] = width - 1;
    excess -= 1;
  }
  return widths;
}
