// The store as a component: opened with the core, closed last. Ready while cases can be
// recorded (a full disk makes it not ready, with why); alive while the database is open.
import type { Core } from "../../core.js";
import { type Component, NOTHING_IN_FLIGHT, type Readiness } from "../../runtime/component.js";
import { storeDoctor } from "../doctor-checks.js";

export function storeComponent(core: Pick<Core, "db" | "cases">, dataDir: string): Component {
  return {
    name: "store",
    doctor: storeDoctor(dataDir).doctor,
    async start() {},
    readiness: () => (core.db.open ? core.cases.readiness() : CLOSED),
    async stop() {
      core.db.close();
      return NOTHING_IN_FLIGHT;
    },
  };
}

const CLOSED: Readiness = { ready: false, detail: "closed" };

/** /healthz: the process can serve while the store is open (the event loop answered already). */
export function storeLiveness(core: Pick<Core, "db">): () => Readiness {
  return () =>
    core.db.open ? { ready: true, detail: "ok" } : { ready: false, detail: "the store is closed" };
}
