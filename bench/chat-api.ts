// chat/v1 client overhead against raw undici, both fetching the same bytes from a server in
// another process (body-server.ts), in the same run:
// 1. GET /block_user_list with 100 bans: ChatApiClient.listBans() vs a raw Pool request + JSON.parse.
// 2. A 100,000-report GET /report_list: listReports() (fetch + zod validation) vs fetch + JSON.parse.
import { Pool } from "undici";
import { ChatApiClient } from "../src/chat-api/client.js";
import { startBodyServer } from "./body-server.js";
import { megabytesOf, syntheticBans, syntheticReports } from "./data.js";
import { type Comparison, compare } from "./measure.js";

const TOKEN = "bench-token";
const HEADERS = {
  "content-type": "application/json; charset=utf8",
  authorization: `Bearer ${TOKEN}`,
};

export async function benchChatApi(): Promise<Comparison[]> {
  const server = await startBodyServer();
  const client = new ChatApiClient({ baseUrl: server.baseUrl, token: TOKEN, timeoutMs: 60_000 });
  // The same pool settings as the client's, so the comparison is of what happens per call.
  const raw = new Pool(server.origin, { connections: 16, keepAliveTimeout: 30_000 });
  const basePath = new URL(server.baseUrl).pathname;
  const rawGet = async (path: string) => {
    const response = await raw.request({ method: "GET", path: basePath + path, headers: HEADERS });
    return JSON.parse(await response.body.text());
  };

  try {
    await server.store("bans", JSON.stringify(syntheticBans(100)));
    await server.serve("/block_user_list", "bans");
    if ((await client.listBans()).length !== 100)
      throw new Error("the client did not read 100 bans");
    const smallList = await compare({
      name: "GET /block_user_list (100 bans): client vs raw undici",
      baseline: () => rawGet("/block_user_list"),
      subject: () => client.listBans(),
      iterations: 200,
      rounds: 15,
      target: 1.2,
      cpu: true,
    });

    const body = Buffer.from(JSON.stringify(syntheticReports(100_000)));
    await server.store("reports", body);
    await server.serve("/report_list", "reports");
    const bigList = await compare({
      name: `GET /report_list (100,000 reports, ${megabytesOf(body)}): fetch+validate vs fetch+JSON.parse`,
      baseline: () => rawGet("/report_list"),
      subject: () => client.listReports(),
      iterations: 1,
      rounds: 9,
      target: 1.5,
      cpu: true,
    });
    return [smallList, bigList];
  } finally {
    await raw.close();
    await client.close();
    await server.close();
  }
}
