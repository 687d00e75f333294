// The log as a person at a terminal reads it: one line per record, time, level, the part of the
// bot that speaks, the message, then the fields the call site added, briefly:
//   12:03:41 WARN  discord  Discord gateway down (close 1006); reconnecting
// It formats pino's own JSON line, so redaction (done by pino before the line exists) holds here
// exactly as in the JSON format.
import { styleText } from "node:util";

type Style = Parameters<typeof styleText>[0];

export interface PrettyOptions {
  /** Colours the level; for a terminal only (and not with NO_COLOR). */
  colour: boolean;
  /** An error's stack under its line; otherwise its message alone. */
  stacks: boolean;
}

const LEVELS: Record<number, { label: string; style: Style }> = {
  10: { label: "TRACE", style: "gray" },
  20: { label: "DEBUG", style: "gray" },
  30: { label: "INFO", style: "green" },
  40: { label: "WARN", style: "yellow" },
  50: { label: "ERROR", style: "red" },
  60: { label: "FATAL", style: "red" },
};

/** Fields every line has, or that the line shows in its own place. */
const SHOWN_ELSEWHERE = new Set(["level", "time", "msg", "pid", "hostname", "app", "err"]);
/** Longer field values are cut: a line stays a line. */
const MAX_VALUE_LENGTH = 120;

/** One pino JSON line (with or without its newline) as one human line, newline included. */
export function prettyLine(json: string, options: PrettyOptions): string {
  let record: unknown;
  try {
    record = JSON.parse(json);
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
  if (!isRecord(record)) return `${json.trimEnd()}\n`;

  const paint = (style: Style, text: string) =>
    options.colour ? styleText(style, text, { validateStream: false }) : text;
  const level = LEVELS[Number(record.level)] ?? { label: "LOG", style: "white" as const };
  const time = typeof record.time === "number" ? clock(new Date(record.time)) : "--:--:--";
  // The part of the bot: the feed says component, an adapter says adapter; bolt's lines say both.
  const part = text(record.component ?? record.adapter);
  const message = oneLine(text(record.msg));

  const words = [paint("dim", time), paint(level.style, level.label.padEnd(5))];
  if (part) words.push(`${part} `);
  if (message) words.push(message);
  const fields = Object.entries(record)
    .filter(([key]) => !SHOWN_ELSEWHERE.has(key) && key !== "component" && key !== "adapter")
    .filter(([, value]) => !saidIn(message, value))
    .map(([key, value]) => `${key}=${brief(value)}`);
  const error = errorOf(record.err);
  if (error) fields.push(`err=${brief(error.message)}`);
  let line = [...words, ...fields].join(" ");
  if (error?.stack && options.stacks) line += `\n${indent(error.stack)}`;
  return `${line}\n`;
}

/** Local wall-clock time: what the reader's own clock says. */
function clock(date: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/**
 * A field whose value the message already says ("back after 42 s" and downSeconds=42) is not
 * repeated: JSON keeps it for machines, the reader has it once.
 */
function saidIn(message: string, value: unknown): boolean {
  if (typeof value !== "string" && typeof value !== "number") return false;
  const said = String(value);
  if (said === "") return false;
  const escaped = said.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\w])${escaped}($|[^\\w])`).test(message);
}

function brief(value: unknown): string {
  let shown: string;
  if (typeof value === "string") {
    shown = /^[^\s"=]+$/.test(value) ? value : JSON.stringify(oneLine(value));
  } else if (value === null || typeof value !== "object") {
    shown = String(value);
  } else {
    shown = JSON.stringify(value);
  }
  return shown.length > MAX_VALUE_LENGTH ? `${shown.slice(0, MAX_VALUE_LENGTH - 1)}…` : shown;
}

function errorOf(value: unknown): { message: string; stack: string | undefined } | undefined {
  if (!isRecord(value)) return undefined;
  const message = text(value.message) || text(value.type) || "error";
  return { message, stack: typeof value.stack === "string" ? value.stack : undefined };
}

function text(value: unknown): string {
  return typeof value === "string" ? value : value === undefined ? "" : String(value);
}

function oneLine(value: string): string {
  return value.replace(/\s*\n\s*/g, " ");
}

function indent(block: string): string {
  return block
    .split("\n")
    .map((line) => `    ${line.trim()}`)
    .join("\n");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
