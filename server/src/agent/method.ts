// One agent API method: its name, the least role that may call it, the JSON Schema of its params,
// its handler and what an MCP client reads of it (when to use it, its errors, whether it only
// reads or may destroy, the fields of its result). The table of these (methods/index.ts) is the
// single source of the endpoint: dispatch, params validation, role checks, getCapabilities and the
// MCP tools are all derived from it. A method is an MCP tool unless it says why not (notTool).
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

/** A result field's JSON type(s), e.g. "string", "integer|null", "array". */
export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | `${'string' | 'integer' | 'object'}|null`;

/** A result's top-level fields and their types: the MCP tool's outputSchema (tool-catalog.ts). */
export type ResultFields = Readonly<Record<string, FieldType>>;

/** The fields every result about one buffer carries. */
export const BUFFER_RESULT = { uri: 'string', revision: 'integer' } as const satisfies ResultFields;

interface MethodFacts {
  name: string;
  role: RequiredRole;
  description: string;
  /** Whether a successful call is recorded into the session's workflow while recording. */
  recorded: boolean;
  /** When to use it (and when something else is better); the tool's description adds it. */
  whenToUse?: string;
  /** The errors worth knowing for this method and what to do; the general ones are in the server instructions. */
  errors?: string;
  /** Changes nothing: no buffer, no session setting, no stored state. */
  readOnly?: boolean;
  /** May delete or replace what the person wrote: such calls run only under an approved plan. */
  destructive?: boolean;
  /** A result that is not an object (an array, true, null) is carried in MCP's structuredContent under this key. */
  wrap?: string;
}

/** Every tool says its result's fields; a method that is not a tool says why. */
type ToolFacts = { notTool?: undefined; returns: ResultFields } | { notTool: string; returns?: ResultFields };

export type MethodDefinition<P = Record<string, unknown>> = MethodFacts &
  ToolFacts & {
    /** The params object's schema; methods without params take `{}` or no params at all. */
    params: ParamsSchema;
    handler(params: P, context: MethodContext): unknown;
  };

/**
 * A method whose handler's params type is read from its params schema (ParamsOf), so the two
 * cannot disagree; the table holds them all as MethodDefinition.
 */
export function defineMethod<const S extends ParamsSchema>(
  definition: MethodFacts & ToolFacts & { params: S; handler(params: ParamsOf<S>, context: MethodContext): unknown },
): MethodDefinition {
  return definition as unknown as MethodDefinition;
}

/**
 * The value a JSON Schema describes, for the keywords the method schemas use: type (one or a
 * list), enum, properties with required, items, anyOf. Anything else ($ref to a bounded JSON
 * value) is `unknown`, which the handler narrows itself.
 */
export type ParamsOf<S> = S extends { type: 'object' } ? ObjectOf<S> : Record<string, never>;

type ValueOf<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { const: infer C }
    ? C
    : S extends { anyOf: readonly (infer A)[] }
      ? ValueOf<A>
      : S extends { type: readonly (infer T)[] }
        ? TypeOf<T, S>
        : S extends { type: infer T }
          ? TypeOf<T, S>
          : unknown;

type TypeOf<T, S> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { items: infer I }
            ? ValueOf<I>[]
            : unknown[]
          : T extends 'object'
            ? ObjectOf<S>
            : unknown;

type ObjectOf<S> = S extends { properties: infer P }
  ? Expand<{ -readonly [K in keyof P & RequiredOf<S>]: ValueOf<P[K]> } & { -readonly [K in Exclude<keyof P, RequiredOf<S>>]?: ValueOf<P[K]> }>
  : Record<string, unknown>;

type RequiredOf<S> = S extends { required: readonly (infer R)[] } ? R : never;

type Expand<T> = { [K in keyof T]: T[K] };
