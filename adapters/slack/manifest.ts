// The Slack app manifest, written from the catalogue: one slash command per top-level name plus
// the umbrella /chatwarden, each with the usage the adapter itself answers with, the bot scopes
// of required-scopes.ts, and interactivity for buttons and forms. `chatwarden manifest slack`
// prints it; slack-manifest.yml is its Socket Mode output, checked in.
//
// Fields and limits: https://docs.slack.dev/reference/app-manifest (slash_commands: command at
// most 32 characters with its slash, description at most 2,000, usage_hint at most 1,000, url
// the command's request URL; settings.interactivity.request_url; socket_mode_enabled), as
// @slack/web-api's types (src/types/request/manifest.ts) spell them out.
import { type Catalogue, t } from "../../src/index.js";
import { SLACK_EVENTS_PATH } from "./events-path.js";
import { slashCommandNames, UMBRELLA_COMMAND } from "./parse.js";
import { BOT_SCOPE_GROUPS } from "./required-scopes.js";
import { Commented, toYaml, type YamlMap } from "./yaml.js";

export type SlackManifestOptions =
  | { mode: "socket" }
  | {
      mode: "http";
      /** Where the bot is reached, https, without a path: Slack posts to its /slack/events. */
      requestUrl: string;
    };

const LIMITS = { command: 32, description: 2000, usageHint: 1000 };

/** Described in the language the manifest is written in (CHATWARDEN_LOCALE). */
const UMBRELLA = {
  description: () => t("slack.umbrellaDescription"),
  usageHint: "<command> [arguments]  (try: help)",
};

export function slackManifest(catalogue: Catalogue, options: SlackManifestOptions): string {
  const url = options.mode === "http" ? eventsUrl(options.requestUrl) : undefined;
  const manifest: YamlMap = {
    _metadata: { major_version: 1, minor_version: 1 },
    display_information: {
      name: "chatwarden",
      description: "Chat moderation for your game, from Slack",
      background_color: "#2f3b4c",
    },
    features: {
      bot_user: { display_name: "chatwarden", always_online: true },
      slash_commands: slashCommands(catalogue, url),
    },
    oauth_config: {
      scopes: {
        bot: BOT_SCOPE_GROUPS.flatMap((group) =>
          group.scopes.map((scope, index) =>
            index === 0 ? new Commented(group.why, scope) : scope,
          ),
        ),
      },
    },
    settings: {
      interactivity:
        url === undefined ? { is_enabled: true } : { is_enabled: true, request_url: url },
      org_deploy_enabled: false,
      socket_mode_enabled: url === undefined,
      token_rotation_enabled: false,
    },
  };
  return toYaml(new Commented(header(url), manifest));
}

/** `https://bot.example.com/` → `https://bot.example.com/slack/events`. */
export function eventsUrl(requestUrl: string): string {
  return `${requestUrl.replace(/\/+$/, "")}${SLACK_EVENTS_PATH}`;
}

function slashCommands(catalogue: Catalogue, url: string | undefined): YamlMap[] {
  return slashCommandNames(catalogue).map((name) => {
    const umbrella = name === UMBRELLA_COMMAND;
    const entry = {
      command: `/${name}`,
      description: umbrella ? UMBRELLA.description() : describe(name, catalogue),
      usage_hint: umbrella ? UMBRELLA.usageHint : usageHint(name, catalogue),
    };
    check(entry);
    return {
      command: entry.command,
      ...(url === undefined ? {} : { url }),
      description: entry.description,
      ...(entry.usage_hint === "" ? {} : { usage_hint: entry.usage_hint }),
      should_escape: false,
    };
  });
}

/** A command's summary; a group's, its subcommands as Discord names them (`channels: list, …`). */
function describe(name: string, catalogue: Catalogue): string {
  const command = catalogue.find(name);
  if (command) return command.summary;
  return `${name}: ${catalogue
    .subcommandsOf(name)
    .map(({ word }) => word)
    .join(", ")}`;
}

/** What follows the slash command, as the adapter's own usage answer spells it. */
function usageHint(name: string, catalogue: Catalogue): string {
  return catalogue
    .commandsUnder(name)
    .map((command) => catalogue.usageOf(command).slice(name.length + 1))
    .join(" | ");
}

/** Slack refuses a manifest past its limits: say which command, rather than cut its usage. */
function check(entry: { command: string; description: string; usage_hint: string }): void {
  const over = (text: string, limit: number) => [...text].length > limit;
  if (over(entry.command, LIMITS.command)) {
    throw new Error(`${entry.command}: a Slack command has at most ${LIMITS.command} characters`);
  }
  if (over(entry.description, LIMITS.description) || over(entry.usage_hint, LIMITS.usageHint)) {
    throw new Error(`${entry.command}: its description or usage is too long for Slack`);
  }
}

function header(url: string | undefined): string[] {
  const mode =
    url === undefined
      ? [
          "Socket Mode (no public URL needed): after creating the app, make an app-level token with",
          "the connections:write scope (SLACK_APP_TOKEN) and install the app (SLACK_BOT_TOKEN). For",
          "HTTP mode instead, create the app from `chatwarden manifest slack --http https://<your host>`.",
        ]
      : [
          `HTTP mode: Slack sends slash commands and clicks to ${url}.`,
          "Install the app (SLACK_BOT_TOKEN), set SLACK_SIGNING_SECRET from the app's Basic",
          "Information page, and leave SLACK_APP_TOKEN unset.",
        ];
  return [
    "chatwarden's Slack app, created in one paste: https://api.slack.com/apps -> Create New App ->",
    "From a manifest -> pick the workspace -> paste this file. docs/slack.md has the whole walk.",
    "",
    "Generated by `chatwarden manifest slack` from the command catalogue: do not edit it by hand.",
    "",
    ...mode,
    "",
    "The slash commands are the catalogue's top-level command names plus /chatwarden, which",
    "takes any command as its first word.",
  ];
}
