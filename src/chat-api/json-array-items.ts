// A JSON array's items, found in the bytes the body arrived in, each decoded and parsed alone when
// asked for. The feed's poll reads 100,000 reports this way: decoding the whole body makes a string
// of twice its bytes (text with Korean in it is UTF-16), and parsing it whole makes every report at
// once, so that text, values and the bytes together held four times the body; item by item, only
// the bytes stay (issue 19, item 5).
// One pass over the bytes notes where each item begins and ends, following only what can hide a
// comma or a bracket: strings (a quote not escaped) and nesting. It does not judge the items:
// JSON.parse does, item by item. What the pass finds wrong (no array, a bracket out of place, an
// empty item, anything after the array) makes it answer undefined.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** JSON's white space: space, tab, line feed, carriage return. */
function isWhiteSpace(byte: number): boolean {
  return byte <= 0x20 && (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09);
}

export class JsonArrayItems {
  private constructor(
    private readonly chunks: readonly Buffer[],
    /** Where each chunk begins in the body. */
    private readonly chunkStarts: readonly number[],
    /** Where each item begins and ends (exclusive) in the body, in bytes. */
    private readonly starts: readonly number[],
    private readonly ends: readonly number[],
  ) {}

  /** The items of the array the chunks spell, or undefined when they spell no well-formed array. */
  static find(chunks: readonly Buffer[]): JsonArrayItems | undefined {
    const starts: number[] = [];
    const ends: number[] = [];
    // Empty chunks are left out: each byte is then in exactly one chunk, found by its start.
    const held = chunks.filter((chunk) => chunk.length > 0);
    const chunkStarts: number[] = [];
    // 0 before the array and after it, 1 between its items, more inside an item.
    let depth = 0;
    let closed = false;
    let inString = false;
    // A backslash ended the last chunk: the next byte is escaped.
    let escaped = false;
    let itemStart = -1;
    let afterComma = false;
    let base = 0;
    for (const chunk of held) {
      chunkStarts.push(base);
      // Read through a plain Uint8Array: V8 indexes it faster than a Buffer.
      const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
      const length = bytes.length;
      let at = escaped ? 1 : 0;
      escaped = false;
      while (at < length) {
        if (inString) {
          // Most of a list is text: its bytes are passed over in a loop of their own.
          while (at < length) {
            const byte = bytes[at] as number;
            if (byte === QUOTE) {
              inString = false;
              at += 1;
              break;
            }
            if (byte === BACKSLASH) {
              at += 2;
              if (at > length) escaped = true;
            } else {
              at += 1;
            }
          }
          continue;
        }
        const byte = bytes[at] as number;
        at += 1;
        if (isWhiteSpace(byte)) continue;
        if (depth === 0) {
          if (closed || byte !== OPEN_ARRAY) return undefined;
          depth = 1;
          continue;
        }
        if (depth === 1) {
          if (byte === COMMA || byte === CLOSE_ARRAY) {
            if (itemStart >= 0) {
              starts.push(itemStart);
              ends.push(base + at - 1);
            } else if (byte === COMMA || afterComma) {
              return undefined;
            }
            itemStart = -1;
            afterComma = byte === COMMA;
            if (byte === CLOSE_ARRAY) {
              depth = 0;
              closed = true;
            }
            continue;
          }
          if (byte === CLOSE_OBJECT) return undefined;
          if (itemStart < 0) itemStart = base + at - 1;
        }
        if (byte === QUOTE) inString = true;
        else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) depth += 1;
        else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth -= 1;
      }
      base += length;
    }
    return closed ? new JsonArrayItems(held, chunkStarts, starts, ends) : undefined;
  }

  get count(): number {
    return this.starts.length;
  }

  /** The item's JSON text, as the body spells it (with any white space before the next comma). */
  text(index: number): string {
    const start = this.starts[index];
    const end = this.ends[index];
    if (start === undefined || end === undefined) throw new RangeError(`no item ${index}`);
    let chunk = this.chunkHolding(start);
    let base = this.chunkStarts[chunk] ?? 0;
    const first = this.chunks[chunk] as Buffer;
    if (end <= base + first.length) return first.toString("utf8", start - base, end - base);
    // Across chunks: only this item's bytes are copied together.
    const parts: Buffer[] = [];
    for (let from = start; from < end; chunk++) {
      const bytes = this.chunks[chunk] as Buffer;
      base = this.chunkStarts[chunk] ?? 0;
      const to = Math.min(end, base + bytes.length);
      parts.push(bytes.subarray(from - base, to - base));
      from = to;
    }
    return Buffer.concat(parts).toString("utf8");
  }

  /** The index of the chunk that holds the body's byte `offset`. */
  private chunkHolding(offset: number): number {
    let low = 0;
    let high = this.chunkStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.chunkStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
