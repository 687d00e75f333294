#!/usr/bin/env node
// The `chatwarden` command: the long-running processes (serve, demo, emulator), help, and any
// chat command run once. Every failure ends as one readable line on stderr and a non-zero exit
// code (1, or 64 when the command line itself is wrong): never a stack trace, never a secret.
//
// Only what every run needs is imported here; each command loads its own parts when it runs, so
// `chatwarden help` or `chatwarden bans` never loads discord.js, bolt or the emulator.
import { withTextWidths } from "../adapters/console/display-width.js";
import {
  CommandLineFailure,
  describeFailure,
  EXIT_USAGE,
  failureJson,
} from "../adapters/console/failure.js";
import { wantsJson } from "../adapters/console/json-output.js";
import { offlineCatalogue } from "../adapters/console/offline-catalogue.js";
import { renderJson } from "../adapters/console/render.js";
import { terminalPresentation } from "../adapters/console/terminal-presentation.js";
import { commandHelpText, usageText } from "../adapters/console/usage.js";
import { EmulatorUsageError, emulatorUsage } from "../emulator/usage.js";
import type { Catalogue } from "../src/catalogue/catalogue.js";
import { didYouMean } from "../src/catalogue/near-miss.js";
import { isKnownTimeZone } from "../src/chat-api/time.js";
import { helpView } from "../src/commands/help.js";
import {
  type Config,
  ConfigError,
  configWarnings,
  loadDotEnv,
  parseConfig,
} from "../src/config.js";
import { localeOfTag } from "../src/i18n/locales.js";
import { presentation, presentThroughout } from "../src/i18n/presentation.js";
import { loadLocales, t } from "../src/i18n/translate.js";
import { operatorActor } from "../src/moderation/roles.js";
import {
  isProcessCommand,
  PROCESS_COMMANDS,
  type ProcessCommand,
} from "../src/process-commands.js";
import { packageVersion } from "../src/version.js";

const HELP_WORDS: readonly string[] = ["--help", "-h"];

/**
 * What `--help` prints for chatwarden's own commands, in the terminal's language; chat commands
 * derive theirs. The emulator's is its own (emulator/usage.ts).
 */
const PROCESS_USAGE: Readonly<Record<ProcessCommand, () => string>> = {
  serve: () => t("terminal.usage.serve"),
  demo: () => t("terminal.usage.demo"),
  emulator: emulatorUsage,
  backup: () => t("terminal.usage.backup"),
  cases: () => t("terminal.usage.cases"),
  doctor: () => t("terminal.usage.doctor"),
  manifest: () => t("terminal.usage.manifest"),
};

/**
 * Resolves with the exit code, spoken to in the terminal's language: before the configuration is
 * read (help, a mistyped command line), from the environment as it stands. A failure is told in
 * that language too: one line on stderr (and the `--json` document), and its exit code.
 */
async function run(argv: string[]): Promise<number> {
  await speakAsTheEnvironmentSays();
  return runCommand(argv).catch((error: unknown) => failed(error, argv));
}

/**
 * Speaks to the terminal in the language the environment names, before the configuration is
 * checked: CHATWARDEN_LOCALE, or when it names no language chatwarden speaks (it is refused
 * then, in this language), LC_ALL or LANG. Throughout the process, not `presenting`: a
 * one-shot's start-up does not pay for tracking async work (presentation.ts).
 */
async function speakAsTheEnvironmentSays(): Promise<void> {
  const terminal = terminalPresentation({
    locale: localeOfTag(process.env.CHATWARDEN_LOCALE),
    displayTimeZone: knownZoneOr(process.env.DISPLAY_TIMEZONE, "UTC"),
  });
  await loadLocales([terminal.locale]);
  presentThroughout(terminal);
}

/** Reports a failure as one line on stderr (and `--json`'s document); resolves with its exit code. */
function failed(error: unknown, argv: readonly string[]): number {
  const failure = describeFailure(error);
  for (const line of failure.message.split("\n")) process.stderr.write(`chatwarden: ${line}\n`);
  if (wantsJson(argv)) process.stdout.write(failureJson(failure));
  return error instanceof EmulatorUsageError ? EXIT_USAGE : failure.exitCode;
}

/** `zone` if it is an IANA zone; the configuration says what is wrong with it once it is read. */
function knownZoneOr(zone: string | undefined, fallback: string): string {
  return zone && isKnownTimeZone(zone) ? zone : fallback;
}

/** Resolves with the exit code: 0 unless the command says otherwise (doctor: 1 when a check fails). */
async function runCommand(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || HELP_WORDS.includes(command)) {
    process.stdout.write(await withTextWidths(() => help(rest)));
    return 0;
  }
  // `--help` after any command or subcommand explains it, and starts nothing.
  if (rest.some((word) => HELP_WORDS.includes(word))) {
    process.stdout.write(await withTextWidths(() => help(argv)));
    return 0;
  }
  switch (command) {
    case "--version":
    case "-v":
    case "-V":
      process.stdout.write(`chatwarden ${packageVersion()}\n`);
      return 0;
    case "serve": {
      const { serve } = await import("./run-app.js");
      const config = await configuration();
      await asConfigured(config, () => serve(config, process.stdout));
      return 0;
    }
    case "demo": {
      const { runDemo } = await import("./run-app.js");
      const config = await configuration();
      await asConfigured(config, () => runDemo(config, process.stdout));
      return 0;
    }
    case "emulator":
      await (await import("../emulator/command.js")).runEmulatorCommand(rest, process.stdout);
      return 0;
    case "doctor": {
      const doctor = await import("./doctor/command.js");
      const config = await configurationOrProblem();
      const run = () => doctor.runDoctorCommand(rest, config, process.stdout);
      return config instanceof ConfigError ? run() : asConfigured(config, run);
    }
    case "manifest": {
      const manifest = await import("./manifest-command.js");
      const config = await configuration();
      return asConfigured(config, () => manifest.runManifestCommand(rest, config, process.stdout));
    }
    case "backup": {
      const backup = await import("./backup-command.js");
      const config = await configuration();
      return asConfigured(
        config,
        async () => (await backup.runBackupCommand(rest, config, process.stdout)) ?? 0,
      );
    }
    case "cases": {
      const cases = await import("./cases/cases-command.js");
      const config = await configuration();
      return asConfigured(config, () => cases.runCasesCommand(rest, config, process.stdout));
    }
    default: {
      const oneShot = await import("./one-shot.js");
      await oneShot.runOneShot(argv, await configuration(), {
        stdin: process.stdin,
        stdout: process.stdout,
        stderr: process.stderr,
      });
      return 0;
    }
  }
}

/**
 * Runs `work` spoken to as the configuration says (CHATWARDEN_LOCALE may come from .env, read
 * with it; terminal-presentation.ts), as one-shot commands are (app/one-shot.ts).
 */
async function asConfigured<T>(config: Readonly<Config>, work: () => Promise<T>): Promise<T> {
  const terminal = terminalPresentation(config);
  await loadLocales([terminal.locale]);
  presentThroughout(terminal);
  return work();
}

/**
 * The configuration for a command that runs; each doubtful line or setting is named first, and
 * every problem in the language the environment (.env included) names.
 */
async function configuration(): Promise<Readonly<Config>> {
  const before = presentation().locale;
  let dotEnvWarnings = loadDotEnv();
  await speakAsTheEnvironmentSays();
  // .env named another language: its own lines are named in that one (read again, nothing
  // changes: the variables already set win).
  if (presentation().locale !== before) dotEnvWarnings = loadDotEnv();
  // A line of .env left out may be why a setting is missing: it is named before any verdict.
  warn(dotEnvWarnings);
  const config = parseConfig(process.env);
  warn(configWarnings(config));
  return config;
}

/** For the doctor, whose first check is the configuration: a bad variable is its report. */
async function configurationOrProblem(): Promise<Readonly<Config> | ConfigError> {
  try {
    return await configuration();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

function warn(warnings: readonly string[]): void {
  for (const warning of warnings) {
    process.stderr.write(`chatwarden: ${t("terminal.cli.warning", { warning })}\n`);
  }
}

/**
 * What `chatwarden help [command...]` prints, or a command's words with `--help` among them. It
 * measures text (usage columns): run it through withTextWidths.
 */
function help(words: readonly string[]): string {
  if (words.includes("--json")) return helpJson(words.filter((word) => word !== "--json"));
  const [first, second] = words.filter((word) => !HELP_WORDS.includes(word));
  if (first === undefined) return usageText(helpCatalogue());
  if (isProcessCommand(first)) return PROCESS_USAGE[first]();
  const catalogue = helpCatalogue();
  // `channels delete` names a subcommand; in `ban gamer-42`, the second word is an argument.
  const text =
    (second !== undefined ? commandHelpText(catalogue, `${first} ${second}`) : undefined) ??
    commandHelpText(catalogue, first);
  if (text === undefined) throw noCommand(first, catalogue);
  return text;
}

/**
 * `chatwarden help [command] --json`: the catalogue's help answer as the one JSON document
 * scripts read (its `data`: each command's name, usage, summary and role), as the operator.
 */
function helpJson(words: readonly string[]): string {
  const [first, second] = words.filter((word) => !HELP_WORDS.includes(word) && word !== "help");
  const catalogue = helpCatalogue();
  const actor = operatorActor("cli");
  const subcommand = second === undefined ? undefined : `${first} ${second}`;
  const view =
    subcommand !== undefined && catalogue.commandsNamed(subcommand).length > 0
      ? helpView(catalogue, actor, subcommand)
      : helpView(catalogue, actor, first);
  // As the text form says it, with the same exit code.
  if (view.outcome === "error") throw noCommand(first, catalogue);
  return renderJson(view);
}

/** `help` of a word that names nothing, with the near miss it may have been meant to be. */
function noCommand(word: string | undefined, catalogue: Catalogue): CommandLineFailure {
  const offer = didYouMean(word ?? "", [...PROCESS_COMMANDS, ...catalogue.topLevelNames()]);
  return new CommandLineFailure(
    t("terminal.cli.noCommand", { word: word ?? "", offer }),
    EXIT_USAGE,
  );
}

/** The catalogue only needs limits for its descriptions: help works even with a broken .env. */
function helpCatalogue() {
  let config: Readonly<Config>;
  try {
    loadDotEnv();
    config = parseConfig(process.env);
  } catch {
    config = parseConfig({});
  }
  return offlineCatalogue(config);
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  // Only a failure to load the catalogue gets here: every other is told by run().
  (error: unknown) => process.exit(failed(error, process.argv.slice(2))),
);
