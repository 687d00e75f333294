// `npm run bench`: every benchmark, printed as ratios against a baseline measured in the same run.
import { benchBadwordsRender } from "./badwords-render.js";
import { benchChatApi } from "./chat-api.js";
import { benchCommandThroughput } from "./command-throughput.js";
import { benchDiscordDelivery } from "./discord-delivery.js";
import { type Comparison, formatComparison } from "./measure.js";
import { benchReportPoll } from "./report-poll.js";

const benches: (() => Promise<Comparison | Comparison[]>)[] = [
  benchChatApi,
  benchReportPoll,
  benchDiscordDelivery,
  benchCommandThroughput,
  benchBadwordsRender,
];
const results: Comparison[] = [];
for (const bench of benches) {
  // Printed as each finishes, so a long run shows progress; memory of one is gone before the next.
  for (const result of [await bench()].flat()) {
    results.push(result);
    console.log(formatComparison(result));
  }
  globalThis.gc?.();
}
const over = results.filter((result) => !(result.ratio <= result.target));
console.log(
  over.length === 0
    ? `All ${results.length} within target.`
    : `${over.length} of ${results.length} over target: ${over.map((result) => result.name).join("; ")}`,
);
