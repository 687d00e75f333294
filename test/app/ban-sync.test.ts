// The ban sync as a part of leader work: it syncs on its schedule, and a chat API that cannot be
// read is one warning when it starts and one line when it ends, with nothing recorded meanwhile.
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { BanSyncComponent } from "../../app/components/ban-sync.js";
import { captureLogs } from "../adapters/slack/log-capture.js";
import { type Harness, startHarness } from "../helpers/core.js";

let harness: Harness | undefined;
let component: BanSyncComponent | undefined;
afterEach(async () => {
  await component?.stop(Date.now() + 1_000);
  await harness?.close();
  harness = undefined;
  component = undefined;
});

async function outsideCases(h: Harness): Promise<number> {
  return (await h.core.cases.recent(100)).filter((c) => c.platform === "chat-api").length;
}

describe("the ban sync component", () => {
  it("syncs on its schedule once started", async () => {
    harness = await startHarness();
    harness.emulator.state.ban("10001", 7);
    component = new BanSyncComponent(harness.core.banSync, "* * * * * *", captureLogs().logger);
    const synced = once(component.events, "synced");

    await component.start();

    const [result] = await synced;
    expect(result).toMatchObject({ kind: "synced", first: true, listed: 1 });
    expect(await outsideCases(harness)).toBe(1);
  });

  it("says once that the list cannot be read, records nothing, and says when it can again", async () => {
    harness = await startHarness();
    const logs = captureLogs();
    component = new BanSyncComponent(harness.core.banSync, "0 0 1 1 *", logs.logger);
    await component.syncNow();
    harness.emulator.state.ban("10001", 7);
    harness.emulator.faults.add({ method: "GET", path: "/block_user_list", drop: true, times: 9 });

    await component.syncNow();
    await component.syncNow();
    await component.syncNow();

    await logs.waitFor("cannot be synced");
    const warnings = logs.lines.items.filter((line) => line.msg.startsWith("ban sync:"));
    expect(warnings.map((line) => line.msg)).toEqual([
      "ban sync: first sync of this store; the bans found are recorded, not posted",
      "ban sync: bans made elsewhere cannot be synced; nothing was recorded, the next run tries again",
    ]);
    expect(component.readiness()).toMatchObject({ ready: true });
    expect(component.readiness().detail).toMatch(/^ban sync failing since /);
    expect(await outsideCases(harness)).toBe(0);

    await component.syncNow();

    await logs.waitFor("ban sync: synced again");
    await logs.waitFor("ban sync: recorded bans made or lifted outside chatwarden");
    expect(await outsideCases(harness)).toBe(1);
  });
});
