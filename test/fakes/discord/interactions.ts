// Interactions as Discord delivers them for this bot's registered commands: a slash command's
// options typed from the registered definition (as Discord types them), an autocomplete with
// one option focused, a button press on a message, a modal submission.
import { z } from "zod";
import type { OptionShape } from "./command-check.js";
import type { DiscordLocale } from "./locales.js";
import {
  type FakeMessage,
  type FakeUser,
  interactionBase,
  messagePayload,
  snowflake,
} from "./payloads.js";
import type { RegisteredCommand } from "./rest.js";

export type OptionValues = Record<string, string | number | boolean>;

interface Where {
  applicationId: string;
  guildId: string;
  guildLocale: DiscordLocale;
  channelId: string;
  channelName: string;
  user: FakeUser;
}

const SUBCOMMAND = 1;
const APPLICATION_COMMAND = 2;
const MESSAGE_COMPONENT = 3;
const AUTOCOMPLETE = 4;
const MODAL_SUBMIT = 5;

/** `channels list` → the registered /channels and its `list` subcommand. */
function resolve(commands: readonly RegisteredCommand[], name: string) {
  const [top = name, sub] = name.split(" ");
  const command = commands.find((candidate) => candidate.name === top);
  if (!command)
    throw new Error(
      `/${top} is not registered (registered: ${commands.map((c) => c.name).join(", ")})`,
    );
  if (sub === undefined) return { command, sub: undefined, declared: command.options ?? [] };
  const subcommand = (command.options ?? []).find((o) => o.type === SUBCOMMAND && o.name === sub);
  if (!subcommand) throw new Error(`/${top} has no subcommand ${sub}`);
  return { command, sub, declared: subcommand.options ?? [] };
}

function typedOptions(declared: readonly OptionShape[], values: OptionValues, focused?: string) {
  return Object.entries(values).map(([name, value]) => {
    const option = declared.find((candidate) => candidate.name === name);
    if (!option) throw new Error(`option ${name} is not registered`);
    return { name, type: option.type, value, ...(name === focused ? { focused: true } : {}) };
  });
}

function commandData(
  commands: readonly RegisteredCommand[],
  name: string,
  values: OptionValues,
  focused?: string,
) {
  const { command, sub, declared } = resolve(commands, name);
  const options = typedOptions(declared, values, focused);
  return {
    id: command.id,
    name: command.name,
    type: 1,
    options: sub === undefined ? options : [{ type: SUBCOMMAND, name: sub, options }],
  };
}

export function slashInteraction(
  commands: readonly RegisteredCommand[],
  where: Where,
  name: string,
  values: OptionValues,
) {
  return {
    ...interactionBase({ ...where, type: APPLICATION_COMMAND }),
    data: { ...commandData(commands, name, values), guild_id: where.guildId },
  };
}

export function autocompleteInteraction(
  commands: readonly RegisteredCommand[],
  where: Where,
  name: string,
  values: OptionValues,
  focused: string,
) {
  return {
    ...interactionBase({ ...where, type: AUTOCOMPLETE }),
    data: { ...commandData(commands, name, values, focused), guild_id: where.guildId },
  };
}

/**
 * The message a button is pressed on. The id of a message the fake holds (one the bot posted to
 * a channel, or an answer) presses the button on that message, in its channel; any other id, or
 * none, stands for a message the fake never saw, in the interactions' channel.
 */
export interface SourceMessage {
  id?: string;
  /** 64 when the button is on an ephemeral message (one the fake does not hold). */
  flags?: number;
}

/** A message the fake never saw, standing in for the one a button is pressed on. */
export function unseenMessage(
  where: Pick<Where, "channelId">,
  bot: { id: string; username: string },
  message: SourceMessage,
): FakeMessage {
  return messagePayload(message.id ?? snowflake(), where.channelId, bot, {
    flags: message.flags ?? 0,
  });
}

/** Discord sends the whole message the button is on, as it is now. */
export function buttonInteraction(where: Where, customId: string, message: FakeMessage) {
  return {
    ...interactionBase({ ...where, type: MESSAGE_COMPONENT }),
    data: { custom_id: customId, component_type: 2 },
    message,
  };
}

/**
 * Discord sends a string select's choice with the values chosen, among its options
 * (https://discord.com/developers/docs/components/reference#string-select-string-select-interaction-response-structure:
 * component_type 3, `values`: "Values for the options selected"), and the whole message it is on.
 */
export function selectInteraction(
  where: Where,
  customId: string,
  values: string[],
  message: FakeMessage,
) {
  return {
    ...interactionBase({ ...where, type: MESSAGE_COMPONENT }),
    data: { custom_id: customId, component_type: 3, values },
    message,
  };
}

const shownSelectSchema = z
  .object({
    type: z.literal(3),
    custom_id: z.string(),
    min_values: z.number().nullish(),
    max_values: z.number().nullish(),
    options: z.array(z.object({ value: z.string() }).loose()),
  })
  .loose();

/**
 * The values a member can choose in the select `customId` of `message`: only an option it shows,
 * between min_values and max_values of them (1 and 1 when unset, "Defaults to 1"), as
 * Discord's client offers no other (String Select Structure, same page). Throws for a choice
 * Discord would never send.
 */
export function checkedChoice(message: FakeMessage, customId: string, values: string[]): void {
  const select = (message.components as { components?: unknown[] }[])
    .flatMap((row) => row.components ?? [])
    .map((component) => shownSelectSchema.safeParse(component))
    .find((parsed) => parsed.success && parsed.data.custom_id === customId)?.data;
  if (!select) throw new Error(`message ${message.id} shows no select ${customId}`);
  const min = select.min_values ?? 1;
  const max = select.max_values ?? 1;
  if (values.length < min || values.length > max) {
    throw new Error(`select ${customId} takes ${min} to ${max} values, not ${values.length}`);
  }
  const offered = new Set(select.options.map((option) => option.value));
  const unknown = values.filter((value) => !offered.has(value));
  if (unknown.length > 0) throw new Error(`select ${customId} offers no ${unknown.join(", ")}`);
}

/** Discord sends each field inside the Label it was shown in (component type 18). */
export function modalSubmitInteraction(
  where: Where,
  customId: string,
  values: Record<string, string>,
) {
  return {
    ...interactionBase({ ...where, type: MODAL_SUBMIT }),
    data: {
      custom_id: customId,
      components: Object.entries(values).map(([field, value]) => ({
        type: 18,
        id: 1,
        component: { type: 4, id: 2, custom_id: field, value },
      })),
    },
  };
}

/** The fields of a modal the bot showed (callback type 9), for tests to fill in. */
export const shownModalSchema = z.object({
  type: z.literal(9),
  data: z.object({
    custom_id: z.string(),
    title: z.string(),
    components: z.array(
      z.object({
        type: z.literal(18),
        label: z.string(),
        component: z.object({
          type: z.literal(4),
          custom_id: z.string(),
          required: z.boolean().optional(),
          style: z.number(),
          max_length: z.number().optional(),
          /** Prefilled text, still editable. */
          value: z.string().optional(),
        }),
      }),
    ),
  }),
});
