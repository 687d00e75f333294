// Every request body the fake Discord receives is held to the schema Discord publishes for its
// route: the OpenAPI 3.1 description in github.com/discord/discord-api-spec (vendored whole in
// test/fixtures/platform-specs/discord/; see the README there). A body that breaks it is refused
// as Discord refuses it: HTTP 400, code 50035 "Invalid Form Body", with an `errors` tree that
// names each refused field, `_errors` at its leaves ("The response will tell you which JSON key
// contains the error, the error code, and a human readable error message",
// https://discord.com/developers/docs/reference#error-messages, discord/discord-api-docs
// docs/reference.md: `{"code": 50035, "errors": {"activities": {"0": {"platform": {"_errors":
// [{"code": "BASE_TYPE_CHOICES", "message": …}]}}}}, "message": "Invalid Form Body"}`).
// discord.js turns that tree into its error message
// (`data.choices[0].name[BASE_TYPE_MAX_LENGTH]: Must be 100 or fewer in length.`).
//
// OpenAPI 3.1 schemas are JSON Schema 2020-12, hence Ajv2020. The file is read once per fake
// process and each route's schema (each callback type's) compiled when it is first used. The
// options halve the cost (about 0.2 s of CPU for what a test file uses, 0.45 s with Ajv's
// defaults): the file is not checked against the meta-schema, each referenced component is
// compiled once rather than into every place that uses it, and the generated code is not
// optimised.
import { readFileSync } from "node:fs";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import type { RefusedField } from "./form-errors.js";

const SPEC_URL = new URL("../../fixtures/platform-specs/discord/openapi.json", import.meta.url);
const SPEC_ID = "discord";
/** The callback route: one body schema per callback type, chosen by the body's `type`. */
const CALLBACK_PATH = "/interactions/{interaction_id}/{interaction_token}/callback";

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
}

interface Spec {
  ajv: Ajv2020;
  routes: Route[];
  /** Callback type → the component schema naming it in its `type` enum. */
  callbackSchemas: Map<number, string>;
}

let loaded: Spec | undefined;

/** Read and prepared on first use, then kept for the life of the process. */
function spec(): Spec {
  if (loaded) return loaded;
  const document = JSON.parse(readFileSync(SPEC_URL, "utf8")) as OpenApiDocument;
  const ajv = new Ajv2020({
    allErrors: true,
    inlineRefs: false,
    code: { optimize: false },
    // The description carries OpenAPI's own keywords (x-discord-union) and formats (snowflake,
    // nonce) that JSON Schema does not define: they constrain nothing here.
    strict: false,
    validateSchema: false,
    logger: false,
  });
  // ajv-formats is CommonJS: its default import is the module, whose `default` is the plugin.
  formats.default(ajv);
  ajv.addSchema(document, SPEC_ID);
  const routes = Object.entries(document.paths)
    .flatMap(([template, methods]) =>
      Object.keys(methods)
        .filter((method) => bodySchema(document, method, template) !== undefined)
        .map((method) => ({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
        })),
    )
    // `/applications/@me` before `/applications/{application_id}`: a named segment wins.
    .sort((a, b) => parameterCount(a.template) - parameterCount(b.template));
  loaded = { ajv, routes, callbackSchemas: callbackSchemas(document) };
  return loaded;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: unknown }>>;
  components: { schemas: Record<string, SchemaObject> };
}

interface SchemaObject {
  anyOf?: { $ref?: string }[];
  properties?: { type?: { enum?: number[] } };
}

function callbackSchemas(document: OpenApiDocument): Map<number, string> {
  const body = bodySchema(document, "post", CALLBACK_PATH) as SchemaObject | undefined;
  const byType = new Map<number, string>();
  for (const branch of body?.anyOf ?? []) {
    const name = branch.$ref?.replace("#/components/schemas/", "") ?? "";
    for (const type of document.components.schemas[name]?.properties?.type?.enum ?? []) {
      byType.set(type, name);
    }
  }
  return byType;
}

function bodySchema(document: OpenApiDocument, method: string, template: string): unknown {
  const body = document.paths[template]?.[method]?.requestBody as
    | { content: Record<string, { schema: unknown }> }
    | undefined;
  return body?.content["application/json"]?.schema;
}

function parameterCount(template: string): number {
  return template.split("{").length - 1;
}

/** A JSON pointer into the description, as Ajv resolves it. */
function pointer(...segments: string[]): string {
  const escaped = segments.map((segment) => segment.replaceAll("~", "~0").replaceAll("/", "~1"));
  return `${SPEC_ID}#/${escaped.join("/")}`;
}

function validatorFor(method: string, path: string, body: unknown): ValidateFunction | undefined {
  const { ajv, routes, callbackSchemas } = spec();
  const route = routes.find((r) => r.method === method && r.pattern.test(path));
  if (!route) return undefined;
  if (route.template === CALLBACK_PATH) {
    // The callback's schema is a union over callback types: the body's `type` says which one it
    // meant, so its problems are named against that one rather than against all seven.
    const type = (body as { type?: unknown } | null)?.type;
    const name = typeof type === "number" ? callbackSchemas.get(type) : undefined;
    if (name !== undefined) return ajv.getSchema(pointer("components", "schemas", name));
  }
  const where = ["paths", route.template, route.method.toLowerCase(), "requestBody", "content"];
  return ajv.getSchema(pointer(...where, "application/json", "schema"));
}

/**
 * The fields of `body` that the published schema of `method path` refuses; none when it passes
 * or the route has no body schema.
 */
export function schemaRefusals(method: string, path: string, body: unknown): RefusedField[] {
  const validate = validatorFor(method, path, body);
  if (!validate || validate(body)) return [];
  return refusedFields(validate.errors ?? [], body);
}

/** Ajv's keywords for a value out of bounds, the refusals Discord names most precisely. */
const LIMIT_KEYWORDS = new Set([
  "maxLength",
  "minLength",
  "maxItems",
  "minItems",
  "maximum",
  "minimum",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "maxProperties",
  "pattern",
  "format",
  "uniqueItems",
]);
/** Keywords that only report that a union or a condition failed; their branches say why. */
const UNION_KEYWORDS = new Set(["anyOf", "oneOf", "allOf", "if", "not"]);

/**
 * Ajv's errors as the fields Discord would name. Within a union (a component may be a button or
 * one of six selects; a choice a string, integer or number one) Ajv reports every branch, and
 * the branches the body never meant fail on their `type` or on fields it does not have. Discord
 * names the field of the branch it took, so a value out of its bounds (a name too long) is what
 * is reported when there is one; otherwise the shape errors (missing, wrong type, not one of the
 * choices) are, without the "not null" of the `null | object` unions when the object has a field
 * refused below it.
 */
function refusedFields(errors: readonly ErrorObject[], body: unknown): RefusedField[] {
  const acceptedGap = (error: ErrorObject) => isPermissionsGap(error, body);
  const relevant = errors.filter((e) => !UNION_KEYWORDS.has(e.keyword) && !acceptedGap(e));
  const limits = relevant.filter((e) => LIMIT_KEYWORDS.has(e.keyword));
  const chosen =
    limits.length > 0
      ? limits
      : relevant.filter((e) => e.keyword !== "type" || !relevant.some((o) => explains(o, e)));
  return chosen.map(describe);
}

/** Whether `other` says more about the value a `type` error is about: it is below it, or beside it. */
function explains(other: ErrorObject, typeError: ErrorObject): boolean {
  const at = typeError.instancePath;
  if (other.instancePath.startsWith(`${at}/`)) return true;
  return other.instancePath === at && other.keyword !== "type";
}

/**
 * A known gap between the description and Discord: openapi.json types a command's
 * `default_member_permissions` as `integer | null`, while Discord documents it as a string
 * ("?string: Set of permissions represented as a bit set",
 * https://discord.com/developers/docs/interactions/application-commands#application-command-object)
 * and discord.js sends one. A string of digits is accepted there, as Discord accepts it.
 */
function isPermissionsGap(error: ErrorObject, body: unknown): boolean {
  if (error.keyword !== "type" || !/\/default_member_permissions$/.test(error.instancePath)) {
    return false;
  }
  const value = valueAt(body, error.instancePath);
  return typeof value === "string" && /^\d+$/.test(value);
}

function valueAt(body: unknown, instancePath: string): unknown {
  let value = body;
  for (const segment of instancePath.split("/").slice(1)) {
    value = (value as Record<string, unknown> | undefined)?.[segment];
  }
  return value;
}

function describe(error: ErrorObject): RefusedField {
  const path = error.instancePath.split("/").slice(1);
  const limit = (error.params as { limit?: number }).limit;
  switch (error.keyword) {
    case "maxLength":
    case "maxItems":
      return {
        path,
        code: "BASE_TYPE_MAX_LENGTH",
        message: `Must be ${limit} or fewer in length.`,
      };
    case "minLength":
    case "minItems":
      return { path, code: "BASE_TYPE_MIN_LENGTH", message: `Must be ${limit} or more in length.` };
    case "required": {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      return {
        path: [...path, missing],
        code: "BASE_TYPE_REQUIRED",
        message: "This field is required",
      };
    }
    case "enum": {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
      return {
        path,
        code: "BASE_TYPE_CHOICES",
        message: `Value must be one of (${allowed.map((v) => JSON.stringify(v)).join(", ")}).`,
      };
    }
    default:
      // Discord documents no code names beyond its examples: the fake names these after the
      // schema keyword, with Ajv's words.
      return {
        path,
        code: `SCHEMA_${error.keyword.toUpperCase()}`,
        message: error.message ?? error.keyword,
      };
  }
}
