// Path-and-method dispatch for the emulator's two surfaces (chat/v1 and /__control). Paths are
// fixed segments or `:name` placeholders; an unknown path is a 404 and a known path asked with
// another method a 405, both in the documented error shape. A route may exist only at times (an
// endpoint a deployment may lack): while it does not, its path is unknown.
import {
  type Answer,
  EMULATOR_ERROR_CODES,
  type EmulatorCall,
  EmulatorRequestError,
} from "./http.js";

export type RouteParams = Readonly<Record<string, string>>;
export type Handler = (call: EmulatorCall, params: RouteParams) => Answer;

export interface Route {
  /** e.g. "/open_channels" or "/reports/:id" */
  path: string;
  /** Upper-case method names. */
  methods: Readonly<Record<string, Handler>>;
  /** Whether the path exists now; while it does not, it is unknown like any other (404). */
  offered?: () => boolean;
}

export class Router {
  constructor(private readonly routes: readonly Route[]) {}

  dispatch(call: EmulatorCall): Answer {
    for (const route of this.routes) {
      if (route.offered && !route.offered()) continue;
      const params = matchPath(route.path, call.path);
      if (!params) continue;
      const handler = route.methods[call.method];
      if (!handler) {
        const allowed = Object.keys(route.methods).join(", ");
        throw new EmulatorRequestError(
          405,
          EMULATOR_ERROR_CODES.methodNotAllowed,
          `${call.method} is not allowed on ${call.path}; use ${allowed}`,
          { allow: allowed },
        );
      }
      return handler(call, params);
    }
    throw new EmulatorRequestError(
      404,
      EMULATOR_ERROR_CODES.unknownPath,
      `no such path: ${call.path}`,
    );
  }
}

function matchPath(pattern: string, path: string): RouteParams | undefined {
  const wanted = pattern.split("/");
  const actual = path.split("/");
  if (wanted.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = actual[index] ?? "";
    if (segment.startsWith(":") && value !== "") params[segment.slice(1)] = value;
    else if (segment !== value) return undefined;
  }
  return params;
}
