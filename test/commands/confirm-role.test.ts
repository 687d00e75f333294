// A confirmation trusts nobody's past: on today's main an admin asked to delete a channel, lost
// every role, pressed Confirm within 60 s, and the channel was deleted. The press now runs as
// the person pressing, with the role they hold at that moment.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "../../src/moderation/roles.js";
import { admin, type Harness, startHarness } from "../helpers/core.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it("refuses a confirmation pressed by an admin who has lost the role since", async () => {
  await h.run("channels create", { group: "g", name: "room", max_count: "5" }, admin);
  const asked = await h.run("channels delete", { group: "g", name: "room" }, admin);
  expect(asked.outcome).toBe("confirm");
  const confirm = asked.actions?.find((action) => action.kind === "confirm");
  const demoted: Actor = { ...admin, role: "anyone" };
  const pressed = await h.core.runner.press(confirm?.id ?? "", demoted);
  expect(pressed.outcome).toBe("denied");
  expect(pressed.title).toBe("Not allowed");
  expect(h.callsTo("DELETE", "/open_channels")).toBe(0);
  expect((await h.core.api.listChannels("g")).map((c) => c.channel_name)).toContain("room");
});
