// The fake's list of Discord's languages is the one Discord publishes: a member or a server the
// fake is given speaks only a language a real client could send.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { z } from "zod";
import { DISCORD_LOCALES } from "./locales.js";

const SPEC_URL = new URL("../../fixtures/platform-specs/discord/openapi.json", import.meta.url);

it("is AvailableLocalesEnum of Discord's OpenAPI description", () => {
  const spec = z
    .object({
      components: z.object({
        schemas: z.object({
          AvailableLocalesEnum: z.object({ oneOf: z.array(z.object({ const: z.string() })) }),
        }),
      }),
    })
    .parse(JSON.parse(readFileSync(SPEC_URL, "utf8")));
  const published = spec.components.schemas.AvailableLocalesEnum.oneOf.map((entry) => entry.const);
  expect([...DISCORD_LOCALES].sort()).toEqual(published.sort());
});
