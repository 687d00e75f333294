// The pacer on a clock that moves only when it waits: a burst, then one per interval; a bucket
// that sat full earns nothing more; a pause for a 429 is followed by one message per interval.
import { describe, expect, it } from "vitest";
import { Pacer } from "../../src/feed/pacer.js";
import { VirtualClock } from "../helpers/virtual-clock.js";

function pacedClock(burst: number, intervalMs: number) {
  const clock = new VirtualClock();
  const pacer = new Pacer({ burst, intervalMs }, clock);
  /** When each of `count` messages may go, relative to now. */
  const sendTimes = async (count: number) => {
    const start = clock.now();
    const times: number[] = [];
    for (let n = 0; n < count; n++) {
      await pacer.take();
      times.push(clock.now() - start);
    }
    return times;
  };
  return { clock, pacer, sendTimes };
}

describe("Pacer", () => {
  it("lets a burst through, then one per interval", async () => {
    const { sendTimes } = pacedClock(3, 1_000);
    expect(await sendTimes(6)).toEqual([0, 0, 0, 1_000, 2_000, 3_000]);
  });

  it("does not count time spent full towards the message after a burst", async () => {
    const { clock, sendTimes } = pacedClock(3, 1_000);
    clock.advance(900);
    expect(await sendTimes(4)).toEqual([0, 0, 0, 1_000]);
  });

  it("refills one token per interval of quiet, up to the burst", async () => {
    const { clock, sendTimes } = pacedClock(3, 1_000);
    await sendTimes(3);
    clock.advance(2_000);
    expect(await sendTimes(3)).toEqual([0, 0, 1_000]);
  });

  it("after a pause for a 429, sends one message when it ends, then one per interval", async () => {
    const { pacer, sendTimes } = pacedClock(3, 1_000);
    pacer.pause(2_000);
    expect(await sendTimes(3)).toEqual([2_000, 3_000, 4_000]);
  });
});
