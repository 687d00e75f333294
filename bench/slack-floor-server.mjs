// The floor of the Slack command benchmark: the least a Node server can do for a signed `/bans`.
// It checks the signature and the timestamp as Slack asks, acks with an empty 200, makes the same
// chat API call as the bot (GET /block_user_list through an undici Pool, as the bot's client
// does), and posts the list to the command's response_url with undici. Nothing is stored,
// rendered or counted. Plain JavaScript, run by node without a loader,
// as the built `chatwarden` is.
//   node bench/slack-floor-server.mjs CHAT_API_BASE_URL CHAT_API_TOKEN SIGNING_SECRET
// It prints {"port": N} on its first line, and exits when its stdin closes.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { Pool, request } from "undici";

const [baseUrl, token, signingSecret] = process.argv.slice(2);
const api = new URL(baseUrl);
const pool = new Pool(api.origin, { connections: 16, keepAliveTimeout: 30_000 });
/** https://api.slack.com/authentication/verifying-requests-from-slack: five minutes either way. */
const WINDOW_MS = 5 * 60_000;

function signedBySlack(headers, body) {
  const timestamp = Number(headers["x-slack-request-timestamp"]);
  const signature = headers["x-slack-signature"];
  if (!Number.isInteger(timestamp) || typeof signature !== "string") return false;
  if (Math.abs(Date.now() - timestamp * 1000) > WINDOW_MS) return false;
  const expected = `v0=${createHmac("sha256", signingSecret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
  return (
    expected.length === signature.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  );
}

async function answer(responseUrl) {
  const response = await pool.request({
    method: "GET",
    path: `${api.pathname}/block_user_list`,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json; charset=utf8" },
  });
  const bans = JSON.parse(await response.body.text());
  const posted = await request(responseUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      response_type: "ephemeral",
      text: bans.map((ban) => `${ban.gamer_id} until ${ban.end_time}`).join("\n"),
    }),
  });
  await posted.body.dump();
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks).toString();
    if (!signedBySlack(request.headers, body)) {
      response.writeHead(401).end();
      return;
    }
    response.writeHead(200).end();
    const responseUrl = new URLSearchParams(body).get("response_url");
    answer(responseUrl).catch((error) => process.stderr.write(`floor: ${error}\n`));
  });
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
