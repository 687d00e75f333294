// The client's work on a body that has arrived, without the network: decode, parse, validate
// every field with zod, and check for an echoed token, against plain JSON.parse of the same bytes
// (what undici's `body.json()` does with them). The bytes come in 64 KiB chunks, as from a socket.
// 1. listReports()'s reading: the whole list against reportListSchema.
// 2. The feed poll's reading: item by item from the chunks, each item decoded and parsed alone,
//    against reportSchema, unreadable items set aside.
import { AnswerBodyReader, decodeBody } from "../src/chat-api/answer-body.js";
import type { ChatApiCall } from "../src/chat-api/errors.js";
import { reportListSchema, reportSchema } from "../src/chat-api/schemas.js";
import { megabytesOf, syntheticReports } from "./data.js";
import { type Comparison, compare } from "./measure.js";

const REPORT_COUNT = 100_000;
const CHUNK_BYTES = 65_536;
const CALL: ChatApiCall = { method: "GET", path: "/report_list", isWrite: false };

export async function benchValidation(): Promise<Comparison[]> {
  const body = Buffer.from(JSON.stringify(syntheticReports(REPORT_COUNT)));
  const chunks: Buffer[] = [];
  for (let at = 0; at < body.length; at += CHUNK_BYTES) {
    chunks.push(body.subarray(at, at + CHUNK_BYTES));
  }
  const reader = new AnswerBodyReader("bench-token");
  const parse = async () => JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const count = (read: { length: number }) => {
    if (read.length !== REPORT_COUNT) throw new Error(`read ${read.length} reports`);
  };
  const size = `${REPORT_COUNT.toLocaleString("en")} reports, ${megabytesOf(body)}`;

  const list = await compare({
    name: `Reading ${size} in process: decode+parse+validate vs JSON.parse`,
    baseline: parse,
    subject: async () => count(reader.read(CALL, 200, decodeBody(chunks), reportListSchema)),
    iterations: 1,
    rounds: 9,
    target: 1.3,
    cpu: true,
  });
  const items = await compare({
    name: `Reading ${size} item by item (the poll) in process: decode+parse+validate vs JSON.parse`,
    baseline: parse,
    subject: async () => {
      const items = reader.itemsInBody(CALL, chunks, reportSchema, "report", "report_id");
      let read = 0;
      items.forEach(() => {
        read += 1;
      });
      count({ length: read });
    },
    iterations: 1,
    rounds: 9,
    target: 1.3,
    cpu: true,
  });
  return [list, items];
}
