// A terminal screen as an SVG: monospace text on a dark window, one <text> per line and one
// <tspan> per run of one style. Each run is given the width of its cells (textLength), so that
// wide characters (Hangul) keep the columns aligned whatever font the viewer falls back to.
import type { Cell, CellStyle, TerminalScreen } from "./terminal-screen.js";
import { escapeXml } from "./xml.js";

const CELL_WIDTH = 8.4;
const LINE_HEIGHT = 19;
const FONT_SIZE = 14;
const PADDING = 16;
const TITLE_BAR = 28;

/** The palette of a common dark terminal theme. */
const COLOURS: Record<string, string> = {
  default: "#d4d4d4",
  red: "#f14c4c",
  green: "#23d18b",
  yellow: "#f5f543",
  blue: "#3b8eea",
  magenta: "#d670d6",
  cyan: "#29b8db",
  white: "#e5e5e5",
};

export function terminalSvg(screen: TerminalScreen, title: string, description: string): string {
  const lines = screen.lines();
  const width = Math.ceil(screen.columns * CELL_WIDTH + 2 * PADDING);
  const height = Math.ceil(TITLE_BAR + lines.length * LINE_HEIGHT + 2 * PADDING);
  const text = lines
    .map((line, index) => {
      const y = TITLE_BAR + PADDING + (index + 1) * LINE_HEIGHT - 5;
      return `  <text y="${y}">${runs(line).join("")}</text>`;
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title desc">
  <title id="title">${escapeXml(title)}</title>
  <desc id="desc">${escapeXml(description)}</desc>
  <rect width="${width}" height="${height}" rx="8" fill="#1e1e1e"/>
  <rect width="${width}" height="${TITLE_BAR}" rx="8" fill="#323233"/>
  <rect y="${TITLE_BAR - 8}" width="${width}" height="8" fill="#323233"/>
  <circle cx="18" cy="14" r="6" fill="#ff5f57"/>
  <circle cx="38" cy="14" r="6" fill="#febc2e"/>
  <circle cx="58" cy="14" r="6" fill="#28c840"/>
  <text x="${width / 2}" y="19" fill="#9d9d9d" font-family="sans-serif" font-size="13" text-anchor="middle">${escapeXml(title)}</text>
  <g font-family="'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace" font-size="${FONT_SIZE}" fill="${COLOURS.default}" xml:space="preserve">
${text}
  </g>
</svg>
`;
}

/** A line's runs of one style, each placed at its first cell and stretched over its cells. */
function runs(line: readonly Cell[]): string[] {
  const spans: string[] = [];
  let start = 0;
  while (start < line.length) {
    const style = line[start]?.style ?? {};
    let end = start + 1;
    while (end < line.length && sameStyle(line[end]?.style ?? {}, style)) end += 1;
    const cells = line.slice(start, end);
    const text = cells.map((cell) => cell.text).join("");
    if (text.trim() !== "") {
      const x = (PADDING + start * CELL_WIDTH).toFixed(1);
      const length = (cells.length * CELL_WIDTH).toFixed(1);
      spans.push(
        `<tspan x="${x}" textLength="${length}" lengthAdjust="spacingAndGlyphs"${attributes(style)}>${escapeXml(text)}</tspan>`,
      );
    }
    start = end;
  }
  return spans;
}

function attributes(style: CellStyle): string {
  const parts: string[] = [];
  if (style.colour) parts.push(` fill="${COLOURS[style.colour] ?? COLOURS.default}"`);
  if (style.bold) parts.push(` font-weight="bold"`);
  if (style.dim) parts.push(` opacity="0.6"`);
  return parts.join("");
}

function sameStyle(a: CellStyle, b: CellStyle): boolean {
  return (
    a.colour === b.colour &&
    Boolean(a.bold) === Boolean(b.bold) &&
    Boolean(a.dim) === Boolean(b.dim)
  );
}
