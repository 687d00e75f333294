// One pino record as one human line: brief fields, nothing the message already says, no line
// breaks, colour only when asked.
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { prettyLine } from "../src/log-pretty.js";

const plain = { colour: false, stacks: false };
const at = new Date(2025, 2, 1, 12, 3, 41).getTime();
const record = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: at, app: "chatwarden", ...fields });

describe("prettyLine", () => {
  it("does not repeat a field the message already says", () => {
    const line = prettyLine(
      record({
        adapter: "discord",
        msg: "Discord gateway back after 42 s, 7 tries",
        downSeconds: 42,
        tries: 7,
      }),
      plain,
    );
    expect(line).toBe("12:03:41 INFO  discord  Discord gateway back after 42 s, 7 tries\n");
  });

  it("keeps fields brief: quoted when they have spaces, objects as JSON, long ones cut", () => {
    const line = prettyLine(
      record({
        component: "feed",
        msg: "report feed: the report list can be read again",
        outageSeconds: 95,
        error: "The chat API did not answer within 5 s",
        result: { created: 3 },
        body: "y".repeat(300),
      }),
      plain,
    );
    expect(line).toMatch(
      /^12:03:41 INFO {2}feed {2}report feed: the report list can be read again outageSeconds=95 error="The chat API did not answer within 5 s" result=\{"created":3\} body=y+…\n$/,
    );
    expect(line.length).toBeLessThan(300);
  });

  it("keeps a multi-line message on one line", () => {
    expect(prettyLine(record({ msg: "first\n  second" }), plain)).toBe(
      "12:03:41 INFO  first second\n",
    );
  });

  it("colours the level only when asked", () => {
    const coloured = prettyLine(record({ level: 50, msg: "boom" }), {
      colour: true,
      stacks: false,
    });
    expect(coloured).toContain("\u001b[");
    expect(stripVTControlCharacters(coloured)).toBe("12:03:41 ERROR boom\n");
  });

  it("passes a line that is not JSON through as it is", () => {
    expect(prettyLine("not json", plain)).toBe("not json\n");
  });
});
