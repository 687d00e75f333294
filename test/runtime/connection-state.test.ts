// An outage as the operator sees it: one warning when the connection goes, one line when it is
// back (how long, how many tries), the tries at debug, and /readyz naming the state meanwhile.
import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { ConnectionState, duration } from "../../src/runtime/connection-state.js";

interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A state on a clock the test moves, and the log lines it wrote at debug. */
function connection(start = "2025-03-01T12:03:00Z") {
  let now = new Date(start);
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n")) if (text) lines.push(JSON.parse(text));
      done();
    },
  });
  const logger = pino({ level: "debug" }, stream);
  const state = new ConnectionState("Discord gateway", logger, () => now);
  return {
    state,
    lines,
    /** Lines above debug: what an operator at the default level reads. */
    visible: () => lines.filter((line) => line.level > 20).map((line) => line.msg),
    advance(seconds: number) {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

describe("ConnectionState", () => {
  it("starts connecting, and says so once connected", () => {
    const c = connection();
    expect(c.state.readiness()).toEqual({ ready: false, detail: "connecting" });
    c.state.connecting();
    c.state.attempt();
    c.state.up();
    expect(c.state.readiness()).toEqual({ ready: true, detail: "connected" });
    expect(c.visible()).toEqual(["Discord gateway connected"]);
  });

  it("makes an outage two lines however many tries it takes", () => {
    const c = connection();
    c.state.up();
    c.advance(60);
    c.state.down("close 1006");
    for (let i = 0; i < 7; i++) {
      c.state.attempt();
      c.advance(6);
      if (i < 6) c.state.down("Unexpected server response: 503");
    }
    expect(c.state.readiness()).toEqual({
      ready: false,
      detail: "reconnecting since 12:04 UTC (7 tries): Unexpected server response: 503",
    });
    c.state.up();
    expect(c.visible()).toEqual([
      "Discord gateway connected",
      "Discord gateway down (close 1006); reconnecting",
      "Discord gateway back after 42 s, 7 tries",
    ]);
    expect(c.lines.at(-1)).toMatchObject({ level: 30, downSeconds: 42, tries: 7 });
    // Each try is there for whoever asks for debug.
    expect(c.lines.filter((line) => line.msg.includes("reconnecting, try"))).toHaveLength(7);
    expect(c.state.readiness().ready).toBe(true);
  });

  it("gives a short outage in tenths of a second, in the line and in its field alike", () => {
    const c = connection();
    c.state.up();
    c.state.down("close 1006");
    c.state.attempt();
    c.advance(2.46);
    c.state.up();
    expect(c.lines.at(-1)).toMatchObject({
      msg: "Discord gateway back after 2.5 s, 1 try",
      downSeconds: 2.5,
      tries: 1,
    });
  });

  it("tells a start-up that cannot connect from an outage", () => {
    const c = connection();
    c.state.connecting();
    c.state.attempt();
    c.state.down("503 Service Unavailable");
    c.advance(3);
    c.state.attempt();
    expect(c.state.readiness()).toEqual({
      ready: false,
      detail: "connecting since 12:03 UTC (2 tries): 503 Service Unavailable",
    });
    c.advance(9.5);
    c.state.attempt();
    c.state.up();
    expect(c.visible()).toEqual([
      "Discord gateway cannot connect (503 Service Unavailable); retrying",
      "Discord gateway connected after 13 s, 3 tries",
    ]);
  });

  it("names the day when the outage began on another one", () => {
    const c = connection("2025-03-01T23:58:00Z");
    c.state.up();
    c.state.down("close 1006");
    c.advance(300);
    expect(c.state.readiness().detail).toBe("reconnecting since 2025-03-01 23:58 UTC: close 1006");
  });

  it("says when it will not try again, and stays quiet once stopped", () => {
    const c = connection();
    c.state.up();
    c.state.lost("close 4004, authentication failed");
    expect(c.state.readiness()).toEqual({
      ready: false,
      detail: "closed since 12:03 UTC: close 4004, authentication failed; not reconnecting",
    });
    expect(c.lines.at(-1)).toMatchObject({
      level: 50,
      msg: "Discord gateway closed (close 4004, authentication failed); not reconnecting",
    });

    const refused = connection();
    refused.state.connecting();
    refused.state.attempt();
    refused.state.lost("Discord refused DISCORD_TOKEN");
    expect(refused.visible()).toEqual([
      "Discord gateway cannot connect (Discord refused DISCORD_TOKEN); not retrying",
    ]);
    expect(refused.state.readiness()).toEqual({
      ready: false,
      detail: "cannot connect: Discord refused DISCORD_TOKEN; not retrying",
    });

    const stopping = connection();
    stopping.state.up();
    stopping.state.stopped();
    stopping.state.down("close 1000");
    stopping.state.attempt();
    expect(stopping.visible()).toEqual(["Discord gateway connected"]);
    expect(stopping.state.readiness()).toEqual({ ready: false, detail: "stopped" });
  });

  it("keeps a long reason to one short line", () => {
    const c = connection();
    c.state.up();
    c.state.down(`first line\n${"x".repeat(500)}`);
    const detail = c.state.readiness().detail;
    expect(detail).not.toContain("\n");
    expect(detail.length).toBeLessThan(220);
  });
});

describe("duration", () => {
  it("reads as a person says it", () => {
    expect(duration(400)).toBe("0.4 s");
    expect(duration(42_000)).toBe("42 s");
    expect(duration(185_000)).toBe("3 min 5 s");
    expect(duration(2 * 3600_000 + 4 * 60_000)).toBe("2 h 4 min");
  });
});
