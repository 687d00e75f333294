// chat/v1 client overhead, against raw undici on the same emulator endpoint in the same run:
// 1. GET /block_user_list with 100 bans: ChatApiClient.listBans() vs a raw Pool request + JSON.parse.
// 2. A 100,000-report GET /report_list: listReports() (fetch + zod validation) vs fetch + JSON.parse.
import { Pool } from "undici";
import { ChatApiClient } from "../src/chat-api/client.js";
import { startEmulator } from "../src/emulator/server.js";
import { type Comparison, compare } from "./measure.js";

const TOKEN = "bench-token";
const HEADERS = {
  "content-type": "application/json; charset=utf8",
  authorization: `Bearer ${TOKEN}`,
};

function syntheticReports(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    report_id: i + 1,
    to_gamer_id: `gamer-${i % 5000}`,
    to_gamer_name: `플레이어${i % 5000}`,
    from_gamer_id: `gamer-${(i * 7) % 5000}`,
    from_gamer_name: `reporter${(i * 7) % 5000}`,
    message: `message number ${i} with some words 비속어 포함`,
    keyword: ["INAPPROPRIATE", "SPAM", "CHEATING"][i % 3],
    reason: "비속어 및 성적 발언",
    status: i % 2,
    value: 0,
    update_at: "2024-06-17 09:50:23",
    create_at: "2024-06-17 09:50:23",
  }));
}

export async function benchChatApi(): Promise<Comparison[]> {
  const emulator = await startEmulator({ token: TOKEN, seed: "empty" });
  const client = new ChatApiClient({ baseUrl: emulator.baseUrl, token: TOKEN });
  const raw = new Pool(emulator.origin, { connections: 16 });
  const basePath = new URL(emulator.baseUrl).pathname;
  const rawGet = async (path: string) => {
    const response = await raw.request({ method: "GET", path: basePath + path, headers: HEADERS });
    return JSON.parse(await response.body.text());
  };

  try {
    for (let i = 0; i < 100; i++)
      await client.banUser({ gamer_id: `bench-${i}`, days: 1 + (i % 30) });
    const smallList = await compare({
      name: "GET /block_user_list (100 bans): client vs raw undici",
      baseline: () => rawGet("/block_user_list"),
      subject: () => client.listBans(),
      iterations: 200,
      rounds: 15,
      target: 1.2,
    });

    // The big list is served as one fixed body, so both sides fetch exactly the same bytes.
    const body = JSON.stringify(syntheticReports(100_000));
    const servedBody = () => {
      emulator.faults.add({ method: "GET", path: "/report_list", respond: { status: 200, body } });
    };
    const bigList = await compare({
      name: `GET /report_list (100,000 reports, ${(body.length / 1e6).toFixed(1)} MB): fetch+validate vs fetch+JSON.parse`,
      baseline: () => {
        servedBody();
        return rawGet("/report_list");
      },
      subject: () => {
        servedBody();
        return client.listReports();
      },
      iterations: 1,
      rounds: 9,
      target: 1.5,
    });
    return [smallList, bigList];
  } finally {
    await raw.close();
    await client.close();
    await emulator.close();
  }
}
