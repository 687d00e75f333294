// A stand-in for a busy bot, run as its own process: it opens the store in DATA_DIR as the bot
// does (openSqliteStore, CaseStore) and records cases one transaction at a time, without pause,
// until SIGTERM. It prints `ready` once it has recorded READY_AFTER cases, and `stopped N` with
// the number of cases it recorded when it ends.
//   node --import tsx test/e2e/case-writer.ts DATA_DIR READY_AFTER
import { z } from "zod";
import { CaseStore } from "../../src/moderation/cases.js";
import { operatorActor } from "../../src/moderation/roles.js";
import { openSqliteStore } from "../../src/store/sqlite/open-sqlite.js";

const [dataDir, readyAfter] = z
  .tuple([z.string().min(1), z.coerce.number().int().positive()])
  .parse(process.argv.slice(2));

const store = openSqliteStore(dataDir);
const cases = new CaseStore(store);
const actor = operatorActor("cli");
let recorded = 0;
let stopping = false;
process.on("SIGTERM", () => {
  stopping = true;
});

/** A batch, then a turn of the event loop, so that SIGTERM is heard between batches. */
async function recordBatch(): Promise<void> {
  for (let i = 0; i < 25; i++) {
    recorded++;
    await cases.record({
      actor,
      command: "ban",
      target: `gamer-${recorded}`,
      args: { gamer_id: `gamer-${recorded}`, days: 3 },
      // Long enough that the store spans many pages, so the copy has real work to do.
      reason: `spam in world chat, report ${recorded}: ${"x".repeat(200)}`,
      outcome: "success",
    });
    if (recorded === readyAfter) process.stdout.write("ready\n");
  }
  if (!stopping) {
    setImmediate(() => void recordBatch());
    return;
  }
  await store.close();
  process.stdout.write(`stopped ${recorded}\n`);
}

void recordBatch();
