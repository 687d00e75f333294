// `npm run bench`: every benchmark, printed as ratios against a baseline measured in the same run.
// `npm run bench -- chat-api startup` runs only the benchmarks named.
import { benchBadwordsRender } from "./badwords-render.js";
import { benchBanSync } from "./ban-sync.js";
import { benchCardLanguage } from "./card-language.js";
import { benchCardRead } from "./card-read.js";
import { benchCardTriage } from "./card-triage.js";
import { benchCaseExportMemory, benchCaseExportMemoryPostgres } from "./case-export-memory.js";
import { benchChatApi } from "./chat-api.js";
import { benchCommandThroughput } from "./command-throughput.js";
import { benchDiscordDelivery } from "./discord-delivery.js";
import { benchDisplayWidth } from "./display-width.js";
import { benchFirstPollMemory } from "./first-poll-memory.js";
import { benchHistoryReads } from "./history-reads.js";
import { type BenchResult, formatResult, hasTarget, withinTarget } from "./measure.js";
import { benchOutboxClaim } from "./outbox-claim.js";
import { benchOutboxThroughput } from "./outbox-throughput.js";
import { benchPollEdits, benchPollNewPlayers } from "./poll-curves.js";
import { stopBenchPostgres } from "./postgres.js";
import { benchReportPoll } from "./report-poll.js";
import { benchReportPollEngines } from "./report-poll-engines.js";
import { benchSlackCommands } from "./slack-commands.js";
import { benchStartup } from "./startup.js";
import { benchStats } from "./stats.js";
import { benchStatsChart } from "./stats-chart.js";
import { benchStoreQueries } from "./store-queries.js";
import { benchValidation } from "./validation.js";
import { benchWordSet } from "./word-set.js";

const benches: Record<string, () => Promise<BenchResult | BenchResult[]>> = {
  "chat-api": benchChatApi,
  validation: benchValidation,
  "report-poll": benchReportPoll,
  "report-poll-postgres": benchReportPollEngines,
  "discord-delivery": benchDiscordDelivery,
  outbox: benchOutboxThroughput,
  "store-queries": benchStoreQueries,
  "outbox-claim": benchOutboxClaim,
  "poll-edits": benchPollEdits,
  "poll-new-players": benchPollNewPlayers,
  "command-throughput": benchCommandThroughput,
  "slack-commands": benchSlackCommands,
  "badwords-render": benchBadwordsRender,
  "display-width": benchDisplayWidth,
  "word-set": benchWordSet,
  startup: benchStartup,
  "card-read": benchCardRead,
  "card-triage": benchCardTriage,
  "card-language": benchCardLanguage,
  "history-reads": benchHistoryReads,
  "case-export": benchCaseExportMemory,
  "case-export-postgres": benchCaseExportMemoryPostgres,
  "first-poll-memory": benchFirstPollMemory,
  "ban-sync": benchBanSync,
  "stats-chart": benchStatsChart,
  stats: benchStats,
};
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(
    `no benchmark ${unknown.join(", ")}; there are: ${Object.keys(benches).join(", ")}`,
  );
  process.exit(64);
}
const results: BenchResult[] = [];
try {
  for (const [name, bench] of Object.entries(benches)) {
    if (asked.length > 0 && !asked.includes(name)) continue;
    // Printed as each finishes, so a long run shows progress; memory of one is gone before the next.
    for (const result of [await bench()].flat()) {
      results.push(result);
      console.log(formatResult(result));
    }
    globalThis.gc?.();
  }
} finally {
  // The PostgreSQL that the engine comparisons started, if any ran.
  await stopBenchPostgres();
}
const judged = results.filter(hasTarget);
const over = judged.filter((result) => !withinTarget(result));
console.log(
  over.length === 0
    ? `All ${judged.length} with a target within it (${results.length - judged.length} without one).`
    : `${over.length} of ${judged.length} over target: ${over.map((result) => result.name).join("; ")}`,
);
// Loudly: a curve that bends or a ratio over its target is a regression, and a script running the
// benchmarks must see it.
if (over.length > 0) process.exitCode = 1;
