// One redaction for every secret the bot holds (the chat API token, the Discord and Slack
// tokens, the signing secret, the metrics token): the chat API client scrubs what servers say,
// and the case store scrubs what it keeps, so a secret echoed by a hostile or buggy server
// reaches no view, no case, no audit post and no `history --json`.

export const REDACTED = "[redacted]";

export class Redactor {
  /** Hides nothing: for stores and clients built without secrets (tests, tools). */
  static readonly none = new Redactor([]);

  // A private field: no dump or serialisation of the redactor shows what it hides.
  readonly #secrets: readonly string[];

  constructor(secrets: Iterable<string | undefined>) {
    const distinct = new Set<string>();
    for (const secret of secrets) if (secret) distinct.add(secret);
    // Longest first, so that a secret containing another is hidden whole.
    this.#secrets = [...distinct].sort((a, b) => b.length - a.length);
  }

  text(text: string): string {
    let result = text;
    for (const secret of this.#secrets) {
      if (result.includes(secret)) result = result.split(secret).join(REDACTED);
    }
    return result;
  }

  /**
   * A JSON-like value with every string in it redacted, object keys included. The value itself
   * comes back when it holds no secret, so the common case copies nothing.
   */
  value<T>(value: T): T {
    return this.#secrets.length === 0 ? value : (this.walk(value) as T);
  }

  private walk(value: unknown): unknown {
    if (typeof value === "string") return this.text(value);
    if (Array.isArray(value)) {
      const items = value.map((item) => this.walk(item));
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    if (!isPlainObject(value)) return value;
    let changed = false;
    const entries = Object.entries(value).map(([key, child]) => {
      const entry = [this.text(key), this.walk(child)] as const;
      if (entry[0] !== key || entry[1] !== child) changed = true;
      return entry;
    });
    return changed ? Object.fromEntries(entries) : value;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
