// The console's Tab for players, on a real core: a player argument completes by name or id from
// the player directory. One player that fits puts their id in the line; several are listed as
// Name (id) apart from the line, which stays as typed; a command word still completes as before.
import { afterEach, describe, expect, it } from "vitest";
import { consoleCompleter } from "../../../adapters/console/completion.js";
import { type Harness, startHarness } from "../../helpers/core.js";

let h: Harness;
afterEach(() => h.close());

async function completer() {
  h = await startHarness();
  await h.see("10003=ShadowFox", "20017=ShadowFox", "10008=MoonWalker", "gamer-42");
  h.emulator.state.ban("10008", 3);
  const shown: string[][] = [];
  const complete = consoleCompleter(
    h.core.runner.catalogue,
    (source, typed) => h.core.completions.suggest(source, typed),
    (labels) => shown.push([...labels]),
  );
  const tab = (line: string) =>
    new Promise<[string[], string]>((resolve) =>
      complete(line, (_error, result) => resolve(result)),
    );
  return { tab, shown };
}

describe("Tab on a player argument", () => {
  it("puts the one player a name fits in the line as their id", async () => {
    const { tab, shown } = await completer();
    expect(await tab("history moonw")).toEqual([["10008 "], "moonw"]);
    expect(await tab("/ban gamer")).toEqual([["gamer-42 "], "gamer"]);
    expect(shown).toEqual([]);
  });

  it("lists several players as Name (id), and leaves the line as typed", async () => {
    const { tab, shown } = await completer();
    expect(await tab("ban shadow")).toEqual([[], "shadow"]);
    expect(shown).toEqual([["ShadowFox (10003)", "ShadowFox (20017)"]]);
  });

  it("offers only banned players to unban, and nothing where no player fits", async () => {
    const { tab, shown } = await completer();
    expect(await tab("unban 1000")).toEqual([["10008 "], "1000"]);
    expect(await tab("ban nobody")).toEqual([[], "nobody"]);
    expect(shown).toEqual([]);
  });

  it("completes the player after an option, and commands as before", async () => {
    const { tab } = await completer();
    expect(await tab("bans --page 2 moon")).toEqual([["10008 "], "moon"]);
    // The days are no player: nothing is offered there.
    expect(await tab("ban 10003 1")).toEqual([[], "1"]);
    expect(await tab("hist")).toEqual([["history "], "hist"]);
  });
});
