// One agent API method: its name, the least role that may call it, the JSON Schema of its params
// and its handler. The table of these (methods/index.ts) is the single source of the endpoint:
// dispatch, params validation, role checks, getCapabilities and the MCP tools (server/src/mcp/) are
// all derived from it.
import type { AgentHost } from './host';
import type { RequiredRole } from './roles';
import type { Session } from './session';

/** A JSON Schema (draft 2020-12) for a method's params object. */
export type ParamsSchema = Record<string, unknown>;

/** What one call produced: its result, or the JSON-RPC error object it failed with. */
export type CallOutcome = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/** The limits the endpoint enforces (getCapabilities reports them). */
export interface EndpointLimits {
  /** Largest WebSocket message accepted; a larger one closes the socket with 1009. */
  maxMessageBytes: number;
  /** Most entries in one batch array. */
  maxBatchSize: number;
  /** Deepest nesting of arrays and objects in one message. */
  maxNestingDepth: number;
}

/** What the endpoint's dispatcher lends to handlers that need it. */
export interface EndpointServices {
  /** Calls a method through the same dispatcher, with this session's role and recording (replayWorkflow). */
  call(method: string, params: unknown): Promise<CallOutcome>;
  readonly limits: EndpointLimits;
  /** The dispatcher's method table (getCapabilities describes it). */
  readonly methods: ReadonlyMap<string, MethodDefinition>;
}

export interface MethodContext {
  session: Session;
  host: AgentHost;
  /** Present when the call came through the endpoint's dispatcher (absent in handler unit tests). */
  endpoint?: EndpointServices;
}

export interface MethodDefinition<P = Record<string, unknown>> {
  name: string;
  role: RequiredRole;
  description: string;
  /** The params object's schema; methods without params take `{}` or no params at all. */
  params: ParamsSchema;
  /** Whether a successful call is recorded into the session's workflow while recording. */
  recorded: boolean;
  handler(params: P, context: MethodContext): unknown;
}

/** Keeps each definition's params type while the table holds them all. */
export function defineMethod<P>(definition: MethodDefinition<P>): MethodDefinition {
  return definition as unknown as MethodDefinition;
}
