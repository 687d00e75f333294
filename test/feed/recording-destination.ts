// A destination that keeps what it is sent, for tests of the platform-free feed: the platforms'
// own destinations are tested against the fake Discord and Slack. Failures are queued by tests.
import { EventEmitter } from "node:events";
import type {
  Destination,
  DestinationName,
  FailureVerdict,
  Pace,
} from "../../src/feed/destination.js";
import type { View } from "../../src/view/view.js";

export class RetryableFailure extends Error {
  constructor(readonly afterMs?: number) {
    super("platform unavailable");
  }
}

export class RecordingDestination implements Destination {
  readonly messages = new Map<string, { view: View; key: string; edits: number }>();
  readonly posts: string[] = [];
  readonly events = new EventEmitter();
  private readonly failures: Error[] = [];
  private next = 1;

  constructor(
    readonly name: DestinationName,
    readonly pace: Pace | undefined = undefined,
  ) {}

  failNext(...errors: Error[]): void {
    this.failures.push(...errors);
  }

  async post(view: View, deliveryKey: string): Promise<string> {
    const failure = this.failures.shift();
    if (failure) throw failure;
    const ref = `m${this.next++}`;
    this.messages.set(ref, { view, key: deliveryKey, edits: 0 });
    this.posts.push(ref);
    this.events.emit("change");
    return ref;
  }

  async edit(ref: string, view: View): Promise<void> {
    const failure = this.failures.shift();
    if (failure) throw failure;
    const message = this.messages.get(ref);
    if (!message) throw new Error(`no message ${ref}`);
    this.messages.set(ref, { ...message, view, edits: message.edits + 1 });
    this.events.emit("change");
  }

  async findPosted(deliveryKey: string): Promise<string | undefined> {
    for (const [ref, message] of this.messages) if (message.key === deliveryKey) return ref;
    return undefined;
  }

  classify(error: unknown): FailureVerdict {
    if (error instanceof RetryableFailure) {
      return { retry: true, afterMs: error.afterMs, reason: error.message };
    }
    return { retry: false, reason: error instanceof Error ? error.message : String(error) };
  }

  /** Views in the order they were first posted, as they read now. */
  views(): View[] {
    return this.posts.map((ref) => this.messages.get(ref)?.view).filter((v) => v !== undefined);
  }

  /** Resolves once `check` holds, re-checked on every post and edit; bounded. */
  until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.events.off("change", listener);
        reject(new Error(`${this.name}: condition not met within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.events.off("change", listener);
        resolve();
      };
      this.events.on("change", listener);
    });
  }
}
