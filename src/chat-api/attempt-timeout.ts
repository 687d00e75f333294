// One attempt's time limit, in the shape of the signal undici's `request` takes. undici accepts
// an EventEmitter with `aborted` as well as an AbortSignal ("signal: AbortSignal |
// events.EventEmitter | null", node_modules/undici/docs/docs/api/Dispatcher.md, request options)
// and listens to it the same way: before the answer, the request is aborted; while the body
// streams, the body is destroyed. On Node 20 an AbortController and its EventTarget listeners
// cost about 60 µs a call, a quarter of a small GET on loopback; an EventEmitter costs nothing
// measurable.
import { EventEmitter } from "node:events";

export class AttemptTimeout extends EventEmitter {
  /** Read by undici before it listens, and by the client to tell a timeout from a failure. */
  aborted = false;
  readonly #timer: NodeJS.Timeout;

  constructor(ms: number) {
    super();
    this.#timer = setTimeout(() => {
      this.aborted = true;
      this.emit("abort");
    }, ms);
  }

  /** The attempt ended (answered or failed): the timer goes, so it keeps no process alive. */
  clear(): void {
    clearTimeout(this.#timer);
  }
}
