// A view's table as aligned columns. Widths are measured in terminal columns (a Hangul syllable
// takes two), and when a row would not fit the line, the widest columns of free text give way
// first and their cells end in …, so one long chat message cannot wrap the whole table into a
// mess. Numbers and times are cut only when free text alone cannot make room: half a time
// says nothing.
import type { ViewTable, ViewValue } from "../../src/moderation/view.js";
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
  const natural = naturalWidths(headers, cells);
  const rigid = table.columns.map(({ key }) => table.rows.every((row) => isStructured(row[key])));
  const widths = fitWidths(natural, available, (index) => !rigid[index]);

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

/** Numbers, times and empty cells: values that a cut would make meaningless. */
function isStructured(value: ViewValue | undefined): boolean {
  return value === undefined || value === "" || typeof value !== "string";
}

/**
 * Narrows the widest column one terminal column at a time until the row fits: first among the
 * columns `preferred` picks, then among all of them.
 */
function fitWidths(
  natural: number[],
  available: number,
  preferred: (index: number) => boolean,
): number[] {
  const widths = [...natural];
  let excess = widths.reduce((sum, width) => sum + width, 0) - available;
  for (const eligible of [preferred, () => true]) {
    while (excess > 0) {
      const candidates = widths
        .map((width, index) => ({ width, index }))
        .filter(({ width, index }) => eligible(index) && width > NARROWEST_COLUMN);
      const widest = candidates.reduce<{ width: number; index: number } | undefined>(
        (best, candidate) => (best && best.width >= candidate.width ? best : candidate),
        undefined,
      );
      if (!widest) break;
      widths[widest.index] = widest.width - 1;
      excess -= 1;
    }
  }
  return widths;
}
