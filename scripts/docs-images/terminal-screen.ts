// A terminal screen just large enough for what the console writes: text, line feeds, carriage
// returns, the cursor and erase sequences node:readline uses to redraw its prompt (CSI G, K, J
// and the cursor moves), and the SGR colours of node:util's styleText. Its stream says it is a
// TTY, so the real REPL writes to it exactly what it writes to a terminal; what ends up on the
// screen is what a person would see.
import { PassThrough } from "node:stream";
import { displayWidth } from "../../adapters/console/display-width.js";

export interface CellStyle {
  colour?: string;
  bold?: boolean;
  dim?: boolean;
}

export interface Cell {
  text: string;
  style: CellStyle;
  /** The right half of a wide character, drawn by the cell before it. */
  continuation?: boolean;
}

const SGR_COLOURS: Record<number, string> = {
  31: "red",
  32: "green",
  33: "yellow",
  34: "blue",
  35: "magenta",
  36: "cyan",
  37: "white",
};

export class TerminalScreen {
  /** What the program writes to: a terminal of `columns` columns, as far as it can tell. */
  readonly stream: PassThrough & { isTTY: true; columns: number };
  readonly rows: Cell[][] = [[]];
  private row = 0;
  private column = 0;
  private style: CellStyle = {};
  private pending = "";
  /** Everything written, for waiting on what the program printed. */
  written = "";
  private readonly watchers = new Set<() => void>();

  constructor(readonly columns: number) {
    this.stream = Object.assign(new PassThrough(), { isTTY: true as const, columns });
    this.stream.setEncoding("utf8");
    this.stream.on("data", (text: string) => {
      this.written += text;
      this.interpret(this.pending + text);
      for (const watcher of this.watchers) watcher();
    });
  }

  /** Resolves once `ready()` holds after a write (or at once). */
  until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!ready()) return;
        this.watchers.delete(check);
        resolve();
      };
      this.watchers.add(check);
    });
  }

  /** The screen's lines, without trailing blank lines. */
  lines(): Cell[][] {
    const lines = this.rows.map((row) => trimRight(row));
    while (lines.length > 0 && lines[lines.length - 1]?.length === 0) lines.pop();
    return lines;
  }

  private interpret(text: string): void {
    this.pending = "";
    let index = 0;
    while (index < text.length) {
      const char = text[index] ?? "";
      if (char === "\x1b") {
        // After ESC, a control sequence: `[`, numbers, a letter.
        const match = /^\[([0-9;]*)([A-Za-z])/.exec(text.slice(index + 1));
        if (!match) {
          // A sequence cut between two writes: keep it for the next one.
          this.pending = text.slice(index);
          return;
        }
        this.control(match[1] ?? "", match[2] ?? "");
        index += 1 + match[0].length;
        continue;
      }
      const codePoint = text.codePointAt(index) ?? 0;
      const glyph = String.fromCodePoint(codePoint);
      index += glyph.length;
      if (glyph === "\r") this.column = 0;
      // A terminal's line discipline turns a line feed into a new line at column 0 (ONLCR).
      else if (glyph === "\n") this.moveTo(this.row + 1, 0);
      else this.put(glyph);
    }
  }

  private control(parameters: string, command: string): void {
    const numbers = parameters === "" ? [] : parameters.split(";").map(Number);
    const count = numbers[0] ?? 1;
    switch (command) {
      case "m":
        this.setStyle(numbers.length === 0 ? [0] : numbers);
        return;
      case "G":
        this.column = Math.max(0, count - 1);
        return;
      case "A":
        this.moveTo(Math.max(0, this.row - count), this.column);
        return;
      case "B":
        this.moveTo(this.row + count, this.column);
        return;
      case "C":
        this.column += count;
        return;
      case "D":
        this.column = Math.max(0, this.column - count);
        return;
      case "K":
        this.currentRow().splice(this.column);
        return;
      case "J":
        this.currentRow().splice(this.column);
        this.rows.splice(this.row + 1);
        return;
      default:
        throw new Error(`terminal-screen: no support for CSI ${parameters}${command}`);
    }
  }

  private setStyle(codes: readonly number[]): void {
    for (const code of codes) {
      if (code === 0) this.style = {};
      else if (code === 1) this.style = { ...this.style, bold: true };
      else if (code === 2) this.style = { ...this.style, dim: true };
      else if (code === 22) this.style = { ...this.style, bold: false, dim: false };
      else if (code === 39) this.style = { ...this.style, colour: undefined };
      else if (SGR_COLOURS[code] !== undefined)
        this.style = { ...this.style, colour: SGR_COLOURS[code] };
    }
  }

  private put(glyph: string): void {
    const width = displayWidth(glyph);
    if (width === 0) return;
    if (this.column + width > this.columns) this.moveTo(this.row + 1, 0);
    const row = this.currentRow();
    while (row.length < this.column) row.push({ text: " ", style: {} });
    row[this.column] = { text: glyph, style: this.style };
    if (width === 2) row[this.column + 1] = { text: "", style: this.style, continuation: true };
    this.column += width;
  }

  private moveTo(row: number, column: number): void {
    while (this.rows.length <= row) this.rows.push([]);
    this.row = row;
    this.column = column;
  }

  private currentRow(): Cell[] {
    return this.rows[this.row] ?? [];
  }
}

function trimRight(row: readonly Cell[]): Cell[] {
  let end = row.length;
  while (end > 0 && row[end - 1]?.text === " " && !row[end - 1]?.style.colour) end -= 1;
  return row.slice(0, end);
}
