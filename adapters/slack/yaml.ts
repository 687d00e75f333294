// Just enough YAML to write a Slack app manifest: block maps and lists of scalars or maps, with
// comment lines. A dependency would parse and write all of YAML; the manifest needs a few dozen
// lines of one fixed shape, and the binary stays small.
//
// Strings are written plain only when nothing in them could read as YAML syntax; anything else
// is double-quoted with JSON's escapes, which YAML's double-quoted style reads the same way.

export type YamlScalar = string | number | boolean;
export type YamlValue = YamlScalar | Commented | readonly YamlValue[] | YamlMap;
export interface YamlMap {
  readonly [key: string]: YamlValue;
}

/** A value with comment lines written just above it (above its key, in a map). */
export class Commented {
  constructor(
    readonly comment: readonly string[],
    readonly value: YamlValue,
  ) {}
}

const INDENT = "  ";

/** The document: a map at the top level, each line ending in a newline. */
export function toYaml(document: YamlMap | Commented): string {
  const { comment, value } = unwrap(document);
  if (!isMap(value)) throw new Error("a YAML document here is a map");
  return [...commentLines(comment, ""), ...mapLines(value, "")].map((line) => `${line}\n`).join("");
}

function mapLines(map: YamlMap, indent: string): string[] {
  const lines: string[] = [];
  for (const [key, entry] of Object.entries(map)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`unexpected YAML key "${key}"`);
    const { comment, value } = unwrap(entry);
    lines.push(...commentLines(comment, indent));
    if (isScalar(value)) {
      lines.push(`${indent}${key}: ${scalar(value)}`);
    } else if (isEmpty(value)) {
      lines.push(`${indent}${key}: ${Array.isArray(value) ? "[]" : "{}"}`);
    } else {
      lines.push(`${indent}${key}:`);
      const inner = indent + INDENT;
      lines.push(...(isList(value) ? listLines(value, inner) : mapLines(asMap(value), inner)));
    }
  }
  return lines;
}

/** Items at `indent`; a map item starts on the dash's line and continues two columns in. */
function listLines(list: readonly YamlValue[], indent: string): string[] {
  const lines: string[] = [];
  for (const item of list) {
    const { comment, value } = unwrap(item);
    lines.push(...commentLines(comment, indent));
    if (isScalar(value)) {
      lines.push(`${indent}- ${scalar(value)}`);
    } else if (isMap(value) && !isEmpty(value)) {
      const inner = mapLines(value, indent + INDENT);
      // Comments above the first key go above the dash; the key itself shares the dash's line.
      const key = inner.findIndex((line) => !line.trimStart().startsWith("#"));
      const comments = inner.slice(0, key).map((line) => line.slice(INDENT.length));
      const first = inner[key]?.slice(indent.length + INDENT.length) ?? "";
      lines.push(...comments, `${indent}- ${first}`, ...inner.slice(key + 1));
    } else {
      throw new Error("a YAML list here holds scalars and non-empty maps only");
    }
  }
  return lines;
}

function commentLines(comment: readonly string[], indent: string): string[] {
  return comment.map((line) => (line === "" ? `${indent}#` : `${indent}# ${line}`));
}

export function scalar(value: YamlScalar): string {
  if (typeof value !== "string") return String(value);
  return isPlainSafe(value) ? value : JSON.stringify(value);
}

/**
 * Plain when it starts with a letter or a slash, holds only letters, digits, spaces and
 * `.,'()/:_-`, has no `: ` and no trailing colon or space, and is no word YAML reads as a
 * boolean or null.
 */
function isPlainSafe(text: string): boolean {
  return (
    /^[A-Za-z/][A-Za-z0-9 .,'()/:_-]*$/.test(text) &&
    !/:( |$)/.test(text) &&
    !text.endsWith(" ") &&
    !/^(true|false|yes|no|on|off|y|n|null)$/i.test(text)
  );
}

function unwrap(value: YamlValue): { comment: readonly string[]; value: YamlValue } {
  return value instanceof Commented ? value : { comment: [], value };
}

function isScalar(value: YamlValue): value is YamlScalar {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

function isList(value: YamlValue): value is readonly YamlValue[] {
  return Array.isArray(value);
}

function isMap(value: YamlValue): value is YamlMap {
  return typeof value === "object" && !Array.isArray(value) && !(value instanceof Commented);
}

function asMap(value: YamlValue): YamlMap {
  if (!isMap(value)) throw new Error("a comment is given once, on the outer value");
  return value;
}

function isEmpty(value: YamlValue): boolean {
  return typeof value === "object" && Object.keys(value).length === 0;
}
