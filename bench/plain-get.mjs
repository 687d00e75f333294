// The baseline of the `chatwarden bans` start-up benchmark: the least a Node program can do to
// show the bans, one GET /block_user_list with undici, printed as it came. Plain JavaScript, run
// by node without a loader, as the built `chatwarden` is.
//   node bench/plain-get.mjs BASE_URL TOKEN
import { request } from "undici";

const [baseUrl, token] = process.argv.slice(2);
const response = await request(`${baseUrl}/block_user_list`, {
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json; charset=utf8" },
});
const body = await response.body.text();
if (response.statusCode !== 200) {
  process.stderr.write(`GET /block_user_list answered ${response.statusCode}\n`);
  process.exit(1);
}
process.stdout.write(`${body}\n`);
