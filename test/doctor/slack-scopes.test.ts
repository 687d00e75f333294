// The scopes the Slack doctor requires are the ones slack-manifest.yml asks for: the list in
// adapters/slack/required-scopes.ts must move with the manifest.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REQUIRED_BOT_SCOPES } from "../../adapters/slack/required-scopes.js";

/**
 * oauth_config.scopes.bot of a Slack app manifest: the `- scope` items under `bot:`, comments
 * between them skipped, up to the next key at that depth or above. Enough YAML for this list.
 */
function manifestBotScopes(yaml: string): string[] {
  const lines = yaml.split("\n");
  const start = lines.findIndex((line) => /^\s*bot:\s*$/.test(line));
  if (start < 0) return [];
  const depth = lines[start]?.search(/\S/) ?? 0;
  const scopes: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    if (line.search(/\S/) <= depth) break;
    const item = /^- ([^\s#]+)/.exec(trimmed);
    if (item?.[1]) scopes.push(item[1].replace(/^["']|["']$/g, ""));
  }
  return scopes;
}

describe("manifestBotScopes", () => {
  it("reads the bot list, skipping comments and stopping at the next key", () => {
    const yaml = [
      "oauth_config:",
      "  scopes:",
      "    bot:",
      "      # a comment",
      "      - commands",
      "",
      "      - 'chat:write'  # trailing comment",
      "    user:",
      "      - search:read",
      "settings:",
    ].join("\n");
    expect(manifestBotScopes(yaml)).toEqual(["commands", "chat:write"]);
  });

  it("finds nothing in a manifest without bot scopes", () => {
    expect(manifestBotScopes("display_information:\n  name: x\n")).toEqual([]);
  });
});

describe("REQUIRED_BOT_SCOPES", () => {
  it("is exactly slack-manifest.yml's bot scopes", () => {
    const manifest = readFileSync(new URL("../../slack-manifest.yml", import.meta.url), "utf8");
    expect(manifestBotScopes(manifest)).toEqual([...REQUIRED_BOT_SCOPES]);
  });
});
