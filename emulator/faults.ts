// Failures a real deployment shows and a happy-path server never does: a slow answer, a proxy's
// HTML error page, a body cut in half, a connection that just closes. Tests queue them here
// (in process or through the control surface) and the server takes one per matching request.
import { z } from "zod";

export interface FaultSpec {
  /** Matches any method when absent. */
  method?: string;
  /** Endpoint path after /chat/v1, e.g. "/block_user_list"; any when absent. */
  path?: string;
  /** How many matching requests it affects; default 1. */
  times?: number;
  /** Wait this long first; then the other fields apply, or the real handler answers. */
  latencyMs?: number;
  /** Replaces the answer (the handler does not run). contentType defaults to JSON. */
  respond?: {
    status: number;
    body: string;
    contentType?: string;
    headers?: Record<string, string>;
  };
  /** 200 application/json with a body that is not valid JSON (the handler does not run). */
  malformedJson?: boolean;
  /** Destroys the socket without any answer (the handler does not run). */
  drop?: boolean;
  /**
   * 200 application/json whose body is a JSON array of zeros about this many bytes long, sent
   * as fast as the client reads it (the handler does not run): a huge or, with a large enough
   * number, endless answer. Streaming stops when the client hangs up.
   */
  streamBytes?: number;
}

/** A longer wait is a hung server, which a test should say with `drop` or its own timeout. */
const MAX_LATENCY_MS = 120_000;

export const faultSpecSchema = z.strictObject({
  method: z
    .string()
    .regex(/^[A-Za-z]+$/, "must be an HTTP method")
    .optional(),
  path: z.string().startsWith("/", "must start with / (the part after /chat/v1)").optional(),
  times: z.number().int().min(1).optional(),
  latencyMs: z.number().int().min(0).max(MAX_LATENCY_MS).optional(),
  respond: z
    .strictObject({
      status: z.number().int().min(100).max(599),
      body: z.string(),
      contentType: z.string().min(1).optional(),
      headers: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
  malformedJson: z.boolean().optional(),
  drop: z.boolean().optional(),
  streamBytes: z.number().int().min(2).optional(),
}) satisfies z.ZodType<FaultSpec>;

interface QueuedFault {
  spec: FaultSpec;
  remaining: number;
}

export class FaultQueue {
  private readonly queue: QueuedFault[] = [];

  /** Queues a fault; throws (a ZodError) when the spec is malformed. */
  add(spec: FaultSpec): void {
    const checked = faultSpecSchema.parse(spec);
    this.queue.push({ spec: checked, remaining: checked.times ?? 1 });
  }

  clear(): void {
    this.queue.length = 0;
  }

  /** Faults still waiting, with how many requests each will still affect. */
  pending(): Array<FaultSpec & { remaining: number }> {
    return this.queue.map(({ spec, remaining }) => ({ ...spec, remaining }));
  }

  /** The first queued fault that matches the request, used up by one; undefined when none. */
  take(method: string, path: string): FaultSpec | undefined {
    const index = this.queue.findIndex(({ spec }) => matches(spec, method, path));
    const entry = this.queue[index];
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.queue.splice(index, 1);
    return entry.spec;
  }
}

function matches(spec: FaultSpec, method: string, path: string): boolean {
  if (spec.method !== undefined && spec.method.toUpperCase() !== method.toUpperCase()) return false;
  return spec.path === undefined || spec.path === path;
}

/** The body a `malformedJson` fault answers: JSON that stops in the middle of a string. */
export const MALFORMED_JSON_BODY = '[{"report_id":1,"to_gamer_id":"0","message":"cut off he';
