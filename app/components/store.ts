// The store as a component: opened with the core, closed last. Ready while the store can be
// reached and written, as its health tracker says (store-health.ts: every writer's failures and
// successes, and a probe every few seconds), not ready with why and since when otherwise. Alive
// while the store is open.
import type { Core } from "../../src/core.js";
import type { Logger } from "../../src/log.js";
import { type Component, NOTHING_IN_FLIGHT, type Readiness } from "../../src/runtime/component.js";
import type { StoreSettings } from "../../src/store/open-store.js";
import { storeDoctor } from "../doctor/checks.js";

export function storeComponent(
  core: Pick<Core, "store">,
  settings: StoreSettings,
  logger: Logger,
): Component {
  return {
    name: "store",
    doctor: storeDoctor(settings).doctor,
    async start() {
      core.store.health.start(logger);
    },
    readiness: () => (core.store.isClosed ? CLOSED : core.store.health.readiness()),
    async stop() {
      core.store.health.stop();
      await core.store.close();
      return NOTHING_IN_FLIGHT;
    },
  };
}

const CLOSED: Readiness = { ready: false, detail: "closed" };

/**
 * /healthz: the process can serve while the store is open (the event loop answered already). A
 * store that cannot be reached does not make it fail: liveness restarts a process, and a restart
 * brings no database back; /readyz says the store is down instead, and the process recovers
 * by itself when the database returns.
 */
export function storeLiveness(core: Pick<Core, "store">): () => Readiness {
  return () =>
    core.store.isClosed
      ? { ready: false, detail: "the store is closed" }
      : { ready: true, detail: "ok" };
}
