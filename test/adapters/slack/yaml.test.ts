// The manifest's YAML writer: maps, lists of scalars and of maps, comments, and quoting only
// where a plain scalar would read as something else.
import { describe, expect, it } from "vitest";
import { Commented, scalar, toYaml } from "../../../adapters/slack/yaml.js";

describe("toYaml", () => {
  it("writes nested maps, lists of maps and scalars, and empty ones", () => {
    const yaml = toYaml({
      top: { number: 1, flag: false, empty: [], nothing: {} },
      items: [{ command: "/x", hint: "<id>" }, { command: "/y" }],
      words: ["a", "b:c"],
    });
    expect(yaml).toBe(
      [
        "top:",
        "  number: 1",
        "  flag: false",
        "  empty: []",
        "  nothing: {}",
        "items:",
        "  - command: /x",
        '    hint: "<id>"',
        "  - command: /y",
        "words:",
        "  - a",
        "  - b:c",
        "",
      ].join("\n"),
    );
  });

  it("writes comments above the document, keys and list items, an empty line as a bare #", () => {
    const yaml = toYaml(
      new Commented(["head", ""], {
        key: new Commented(["about key"], "v"),
        list: [new Commented(["about item"], "x"), { first: new Commented(["about first"], 1) }],
      }),
    );
    expect(yaml).toBe(
      [
        "# head",
        "#",
        "# about key",
        "key: v",
        "list:",
        "  # about item",
        "  - x",
        "  # about first",
        "  - first: 1",
        "",
      ].join("\n"),
    );
  });
});

describe("scalar", () => {
  it.each([
    ["Lift a player's chat ban", "Lift a player's chat ban"],
    ["https://bot.example.com/slack/events", "https://bot.example.com/slack/events"],
    ["chat:write", "chat:write"],
    ["#2f3b4c", '"#2f3b4c"'],
    ["channels: list, create", '"channels: list, create"'],
    ["ends with colon:", '"ends with colon:"'],
    ["[gamer_id]", '"[gamer_id]"'],
    ["a | b", '"a | b"'],
    ["true", '"true"'],
    ["No", '"No"'],
    ["12", '"12"'],
    ["", '""'],
    ['say "hi"\n', '"say \\"hi\\"\\n"'],
  ])("%j is written %s", (text, written) => {
    expect(scalar(text)).toBe(written);
  });

  it("writes numbers and booleans bare", () => {
    expect([scalar(2), scalar(true)]).toEqual(["2", "true"]);
  });
});
