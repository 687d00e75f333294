// What the client makes of an answer's body: the value its schema describes, or the ChatApiError
// that says what was wrong with it. A body is decoded once, parsed once and checked once, by a
// compiled schema where that pays (compiled-schemas.ts); the feed's report list item by item,
// each item from the body's bytes (json-array-items.ts). Server-supplied text is redacted before
// it reaches a message, and a value that could hold the token is scrubbed of it, because answers
// end up in views, `--json` and cases, and a hostile or buggy server may echo `Bearer <token>`.
import type { z } from "zod";
import { Redactor } from "../redact.js";
import { itemCount, schemaFor } from "./compiled-schemas.js";
import {
  type ChatApiCall,
  ChatApiCredentialsError,
  type ChatApiError,
  ChatApiHttpError,
  ChatApiNotJsonError,
  ChatApiSchemaError,
} from "./errors.js";
import { formatIssuePath } from "./issue-path.js";
import { JsonArrayItems } from "./json-array-items.js";
import { ItemsInBody } from "./list-items.js";
import { excerptOf } from "./page-text.js";
import { apiErrorBodySchema, CREDENTIALS_ERROR_CODE } from "./schemas.js";

/** The character each short JSON escape stands for (`\uXXXX` may stand for any). */
const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/** The body's bytes as text; one chunk is decoded where it lies, several are joined first. */
export function decodeBody(chunks: readonly Buffer[]): string {
  if (chunks.length === 1) return (chunks[0] as Buffer).toString("utf8");
  return Buffer.concat(chunks).toString("utf8");
}

export class AnswerBodyReader {
  // Private fields: no dump or serialisation of the reader shows the token.
  readonly #token: string;
  readonly #redactor: Redactor;

  constructor(token: string) {
    this.#token = token;
    this.#redactor = new Redactor([token]);
  }

  /** The value of a 2xx answer's body; for any other status, the error the body describes. */
  read<Schema extends z.ZodType>(
    call: ChatApiCall,
    status: number,
    text: string,
    schema: Schema,
  ): z.output<Schema> {
    const json = this.parse(call, status, text);
    if (status < 200 || status >= 300) throw this.failure(call, status, json);
    const parsed = schemaFor(schema, itemCount(json)).safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ChatApiSchemaError(
        call,
        issue ? formatIssuePath(issue.path) : "(body)",
        this.redact(issue?.message ?? "unexpected shape"),
      );
    }
    return this.scrub(text, parsed.data);
  }

  /**
   * A 2xx list read item by item from the bytes it arrived in, never decoded or parsed whole (the
   * feed's poll of a list of 100,000 reports): a malformed item does not hide the others, and an
   * item is redacted alone, when its own text could hold the token. A body that is not an array
   * fails as any answer would, not JSON or not a list; one whose items are found but one of them
   * is not JSON fails as not JSON when that item is reached.
   */
  itemsInBody<Item>(
    call: ChatApiCall,
    chunks: readonly Buffer[],
    itemSchema: z.ZodType<Item>,
    noun: string,
    idField: string,
  ): ItemsInBody<Item> {
    const items = JsonArrayItems.find(chunks);
    if (items === undefined) {
      // Read whole, the body says what is wrong with it, in the words any answer would get.
      this.parse(call, 200, decodeBody(chunks));
      throw new ChatApiSchemaError(call, "(body)", `expected an array of ${noun}s`);
    }
    const value = (index: number): unknown => {
      const text = items.text(index);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw this.notJson(call, 200, decodeBody(chunks));
      }
      return this.scrub(text, json);
    };
    return new ItemsInBody(items.count, value, itemSchema, noun, idField);
  }

  /** Server-supplied text goes into messages; a hostile or buggy server must not echo the token. */
  redact(text: string): string {
    return this.#redactor.text(text);
  }

  private parse(call: ChatApiCall, status: number, text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      throw this.notJson(call, status, text);
    }
  }

  private notJson(call: ChatApiCall, status: number, text: string): ChatApiNotJsonError {
    return new ChatApiNotJsonError(call, status, this.redact(excerptOf(text)));
  }

  private failure(call: ChatApiCall, status: number, json: unknown): ChatApiError {
    const documented = apiErrorBodySchema.safeParse(json);
    if (documented.success && documented.data.code === CREDENTIALS_ERROR_CODE) {
      return new ChatApiCredentialsError(call);
    }
    return new ChatApiHttpError(
      call,
      status,
      documented.success ? documented.data.code : undefined,
      documented.success ? this.redact(documented.data.message) : undefined,
    );
  }

  /**
   * `value` without the token. Only a value that can hold it is walked (a walk of 100,000 reports
   * costs about 200 ms); the rest cost a scan of the text.
   */
  private scrub<T>(text: string, value: T): T {
    return this.mayHoldToken(text) ? this.#redactor.value(value) : value;
  }

  /**
   * Whether the value parsed from `text` (valid JSON) can hold the token: the text holds it as it
   * is, or an escape decodes to one of its characters (`\u0041` to anything, `\/` to a slash).
   * The escapes most text has, `\"` and `\n` in messages, decode to characters no token has.
   */
  private mayHoldToken(text: string): boolean {
    if (text.includes(this.#token)) return true;
    // Backslashes occur in valid JSON only as escapes; each escape is skipped whole, so the
    // second backslash of `\\` never starts one.
    for (let at = text.indexOf("\\"); at !== -1; at = text.indexOf("\\", at + 2)) {
      const escaped = text[at + 1] ?? "";
      if (escaped === "u") return true;
      const character = SHORT_ESCAPES[escaped];
      if (character === undefined || this.#token.includes(character)) return true;
    }
    return false;
  }
}
