// A fake Slack on one local port: the Web API under /api/ (SLACK_API_URL), the response_url sink
// under /respond/, and the Socket Mode websocket that apps.connections.open hands out.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { UPLOAD_PATH } from "./files.js";
import { messageChoicePayload, messageClickPayload } from "./message-click.js";
import type { SlackTestUser } from "./payloads.js";
import { RESPONSE_PATH, ResponseSink } from "./response-sink.js";
import { FakeSocketMode, SOCKET_PATH } from "./socket-mode.js";
import { FakeWebApi, type FakeWebApiOptions } from "./web-api.js";

export type FakeSlackOptions = FakeWebApiOptions;

/** A click on a stored message, ready to deliver (HTTP or Socket Mode) as `interactive`. */
export interface MessageClick {
  payload: Record<string, unknown>;
  /** Where the app's answer to this click goes; see `responses.answer`. */
  responseUrl: string;
}

export interface FakeSlack {
  origin: string;
  /** SLACK_API_URL, with the trailing slash the Web API client needs. */
  apiUrl: string;
  api: FakeWebApi;
  responses: ResponseSink;
  socketMode: FakeSocketMode;
  /**
   * `user` pressing the button labelled (or with action id) `button` on the message `ts` in
   * `channel`, as the fake holds it now; throws when the message has no such button.
   */
  clickOn(options: {
    channel: string;
    ts: string;
    button: string;
    user: SlackTestUser;
  }): MessageClick;
  /**
   * `user` choosing the option `value` in the menu `menu` (its action_id) on the message `ts`,
   * as the fake holds it now; throws when the message shows no such menu or option.
   */
  chooseOn(options: {
    channel: string;
    ts: string;
    menu: string;
    value: string;
    user: SlackTestUser;
  }): MessageClick;
  close(): Promise<void>;
}

const API_PATH = "/api/";

export async function startFakeSlack(options: FakeSlackOptions = {}): Promise<FakeSlack> {
  let origin = "";
  const socketMode = new FakeSocketMode();
  const api = new FakeWebApi(
    () => `${origin.replace(/^http/, "ws")}${SOCKET_PATH}?ticket=fake`,
    options,
  );
  const responses = new ResponseSink(() => origin);

  const server = createServer(async (request, response) => {
    const bytes = await readBody(request);
    const raw = bytes.toString("utf8");
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    if (request.method === "POST" && path.startsWith(UPLOAD_PATH)) {
      // Step 2 of an upload (files.ts): the bytes, raw. Slack answers 200 with a short text.
      const received = api.files.receive(path.slice(UPLOAD_PATH.length), new Uint8Array(bytes));
      response.writeHead(received ? 200 : 404, { "content-type": "text/plain" });
      response.end(received ? `OK - ${bytes.length}` : "not found\n");
      return;
    }
    if (request.method === "POST" && path.startsWith(API_PATH)) {
      return api.handle(path.slice(API_PATH.length), request, response, raw);
    }
    if (request.method === "POST" && path.startsWith(RESPONSE_PATH)) {
      return responses.handle(request, response, raw);
    }
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found\n");
  });
  server.on("upgrade", (request, socket, head) => {
    if ((request.url ?? "").startsWith(SOCKET_PATH)) socketMode.upgrade(request, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.origin = origin;

  return {
    origin,
    apiUrl: `${origin}${API_PATH}`,
    api,
    responses,
    socketMode,
    clickOn({ channel, ts, button, user }) {
      const message = api.channels.find(channel, ts);
      if (!message) throw new Error(`no message ${ts} in ${channel}`);
      const responseUrl = responses.newUrl();
      const payload = messageClickPayload({ channel, message, button, user, responseUrl });
      return { payload, responseUrl };
    },
    chooseOn({ channel, ts, menu, value, user }) {
      const message = api.channels.find(channel, ts);
      if (!message) throw new Error(`no message ${ts} in ${channel}`);
      const responseUrl = responses.newUrl();
      const payload = messageChoicePayload({
        channel,
        message,
        actionId: menu,
        value,
        user,
        responseUrl,
      });
      return { payload, responseUrl };
    },
    close: () =>
      new Promise((resolve) => {
        api.releaseHeld();
        socketMode.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
