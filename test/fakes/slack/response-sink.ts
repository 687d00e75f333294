// Where response_urls point: every POST is recorded with the URL it went to and when it arrived,
// so a test can wait for the answer to one command and check it came after the ack.
import type { IncomingMessage, ServerResponse } from "node:http";
import { blocksAreValid } from "./blocks.js";
import { Recorder } from "./recorder.js";

export const RESPONSE_PATH = "/respond/";

export interface PostedResponse {
  url: string;
  body: ResponseBody;
  at: number;
}

/** What the adapter posts to a response_url; only the fields tests read. */
export interface ResponseBody {
  response_type?: "in_channel" | "ephemeral";
  replace_original?: boolean;
  delete_original?: boolean;
  text?: string;
  blocks?: Array<Record<string, unknown>>;
}

export class ResponseSink {
  readonly posts = new Recorder<PostedResponse>();
  /** Posts Slack would refuse (`invalid_blocks`), which were answered 400 and not kept. */
  readonly refused: PostedResponse[] = [];
  private next = 1;
  private failures: number[] = [];

  constructor(private readonly origin: () => string) {}

  /** A fresh response_url, as Slack gives one per command or click. */
  newUrl(): string {
    return `${this.origin()}${RESPONSE_PATH}${this.next++}`;
  }

  /** The next `times` POSTs are answered with this HTTP status (an expired response_url). */
  failNext(status: number, times = 1): void {
    for (let time = 0; time < times; time++) this.failures.push(status);
  }

  handle(request: IncomingMessage, response: ServerResponse, raw: string): void {
    const url = `${this.origin()}${request.url ?? ""}`;
    const body = JSON.parse(raw) as ResponseBody;
    if (!blocksAreValid(body.blocks)) {
      this.refused.push({ url, body, at: performance.now() });
      response.writeHead(400, { "content-type": "text/plain" });
      response.end("invalid_blocks");
      return;
    }
    this.posts.add({ url, body, at: performance.now() });
    const status = this.failures.shift() ?? 200;
    response.writeHead(status, { "content-type": "text/plain" });
    response.end(status === 200 ? "ok" : "expired_url");
  }

  /** The `index`-th answer (0: the first) posted to `url`. */
  answer(url: string, index = 0): Promise<PostedResponse> {
    return this.posts.waitFor(
      (post) => post.url === url && this.postsTo(url).indexOf(post) === index,
      `answer ${index + 1} at ${url}`,
    );
  }

  postsTo(url: string): PostedResponse[] {
    return this.posts.items.filter((post) => post.url === url);
  }
}
