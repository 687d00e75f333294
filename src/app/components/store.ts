// The store as a component: opened with the core, closed last. Ready while cases can be
// recorded (a full disk makes it not ready, with why); alive while the store is open.
import type { Core } from "../../core.js";
import { type Component, NOTHING_IN_FLIGHT, type Readiness } from "../../runtime/component.js";
import type { StoreSettings } from "../../store/open-store.js";
import { storeDoctor } from "../doctor-checks.js";

export function storeComponent(
  core: Pick<Core, "store" | "cases">,
  settings: StoreSettings,
): Component {
  return {
    name: "store",
    doctor: storeDoctor(settings).doctor,
    async start() {},
    readiness: () => (core.store.isClosed ? CLOSED : core.cases.readiness()),
    async stop() {
      await core.store.close();
      return NOTHING_IN_FLIGHT;
    },
  };
}

const CLOSED: Readiness = { ready: false, detail: "closed" };

/** /healthz: the process can serve while the store is open (the event loop answered already). */
export function storeLiveness(core: Pick<Core, "store">): () => Readiness {
  return () =>
    core.store.isClosed
      ? { ready: false, detail: "the store is closed" }
      : { ready: true, detail: "ok" };
}
