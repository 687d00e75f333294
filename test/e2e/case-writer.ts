// A stand-in for a busy bot, run as its own process: it opens the store in DATA_DIR as the bot
// does (openDatabase, CaseStore) and records cases one transaction at a time, without pause,
// until SIGTERM. It prints `ready` once it has recorded READY_AFTER cases, and `stopped N` with
// the number of cases it recorded when it ends.
//   node --import tsx test/e2e/case-writer.ts DATA_DIR READY_AFTER
import { z } from "zod";
import { CaseStore } from "../../src/moderation/cases.js";
import { operatorActor } from "../../src/moderation/roles.js";
import { openDatabase } from "../../src/store/db.js";

const [dataDir, readyAfter] = z
  .tuple([z.string().min(1), z.coerce.number().int().positive()])
  .parse(process.argv.slice(2));

const db = openDatabase(dataDir);
const cases = new CaseStore(db);
const actor = operatorActor("cli");
let recorded = 0;
let stopping = false;
process.on("SIGTERM", () => {
  stopping = true;
});

/** A batch per turn of the event loop, so that SIGTERM is heard between batches. */
function recordBatch(): void {
  for (let i = 0; i < 25; i++) {
    recorded++;
    cases.record({
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
    setImmediate(recordBatch);
    return;
  }
  db.close();
  process.stdout.write(`stopped ${recorded}\n`);
}

recordBatch();
