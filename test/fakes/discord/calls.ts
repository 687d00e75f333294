// Every REST call the fake receives, in order, and a way to wait for one: tests assert on what
// the bot sent (and in what order) and wait on events, never on sleeps.
import { EventEmitter } from "node:events";

export interface RecordedCall {
  /** Position in the order of arrival, across every route. */
  seq: number;
  method: string;
  /** Decoded, without the /api/v10 prefix and the query: `/webhooks/1/abc/messages/@original`. */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body (a multipart body's payload_json); undefined when there was none. */
  body: unknown;
  /** The files of a multipart body, without their bytes (FakeDiscord.attachmentBytes has them). */
  files?: { placeholder: string; filename: string; contentType: string; size: number }[];
  /** What the fake answered. */
  status: number;
}

export type CallMatch = (call: RecordedCall) => boolean;

export class CallLog {
  readonly calls: RecordedCall[] = [];
  private readonly events = new EventEmitter();

  record(call: Omit<RecordedCall, "seq">): RecordedCall {
    const recorded = { ...call, seq: this.calls.length + 1 };
    this.calls.push(recorded);
    this.events.emit("call", recorded);
    return recorded;
  }

  /** Calls that match, in order. */
  filter(match: CallMatch): RecordedCall[] {
    return this.calls.filter(match);
  }

  /**
   * The first call after `afterSeq` that matches: one already received, or the next to arrive.
   * Fails after `timeoutMs` listing what did arrive, which is what a failing test needs to say.
   */
  waitFor(
    match: CallMatch,
    options: { afterSeq?: number; timeoutMs?: number } = {},
  ): Promise<RecordedCall> {
    const afterSeq = options.afterSeq ?? 0;
    const already = this.calls.find((call) => call.seq > afterSeq && match(call));
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.events.off("call", listener);
        const seen = this.calls
          .filter((call) => call.seq > afterSeq)
          .map((call) => `${call.method} ${call.path} → ${call.status}`);
        reject(
          new Error(
            `no matching Discord call within ${options.timeoutMs ?? 5000} ms; received: ${seen.join(", ") || "nothing"}`,
          ),
        );
      }, options.timeoutMs ?? 5000);
      const listener = (call: RecordedCall) => {
        if (call.seq <= afterSeq || !match(call)) return;
        clearTimeout(timer);
        this.events.off("call", listener);
        resolve(call);
      };
      this.events.on("call", listener);
    });
  }
}
