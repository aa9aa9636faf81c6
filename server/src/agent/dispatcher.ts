// JSON-RPC 2.0 over one session's messages: parsing, batches, request validation, method lookup,
// role checks, params validation against each method's JSON Schema, and turning what a handler
// throws into an error object. The method table is the only input: nothing here knows a method by
// name. No input, however malformed, escapes as an exception; internal failures are answered with
// a generic -32603 and reported to `onInternalError` (the log), never with a stack.
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { AgentError, ErrorCode } from './errors';
import type { AgentHost } from './host';
import type { CallOutcome, EndpointLimits, MethodContext, MethodDefinition } from './method';
import { jsonTextOf, RawJson } from './ast-json/raw-json';
import { namedFiles } from './named-files';
import { roleSatisfies, type RequiredRole } from './roles';
import type { Session } from './session';
import { recordCall } from './sessions/session-activity';
import { paramsToRecord, recordStep } from './workflow-recorder';
import { settingDefault } from '../workspace/package-manifest';

export const DEFAULT_LIMITS: EndpointLimits = {
  maxMessageBytes: settingDefault<number>('whetstone.agentServer.maxMessageBytes'),
  maxBatchSize: 1000,
  maxNestingDepth: 512,
};

/** ajv's log: its errors as they are, its warnings dropped (see the Dispatcher's constructor). */
const AJV_LOGGER = { log: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) };

export interface DispatcherOptions {
  limits?: Partial<EndpointLimits>;
  /** Where unexpected failures go (with their stack); the agent only hears "internal error". */
  onInternalError?: (error: unknown, method: string) => void;
  /** Told after every call a session made, once it is recorded in its recent calls. */
  onCall?: (session: Session) => void;
}

type JsonRpcId = string | number | null;

/** A reply: JSON text, or the UTF-8 pieces of one JSON message, to be sent in order as one message. */
export type Reply = string | Buffer[];

export interface ErrorObjectOut {
  code: number;
  message: string;
  data?: unknown;
}

type Response = { jsonrpc: '2.0'; id: JsonRpcId; result: unknown } | { jsonrpc: '2.0'; id: JsonRpcId; error: ErrorObjectOut };

export class Dispatcher {
  readonly limits: EndpointLimits;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly onInternalError: (error: unknown, method: string) => void;
  private readonly onCall: (session: Session) => void;

  constructor(
    private readonly methods: ReadonlyMap<string, MethodDefinition>,
    options: DispatcherOptions = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.onInternalError = options.onInternalError ?? (() => undefined);
    this.onCall = options.onCall ?? (() => undefined);
    // Compiled once, at start: a schema ajv cannot compile is a bug to see at once, not per call.
    // unicode: false counts minLength and maxLength in UTF-16 code units (String.length), as the
    // agent's JSON does, and at once: ajv's default walks every character of a 2 MiB source. ajv
    // calls the option deprecated (it still honours it) and says so on stderr at every start of
    // serve; its warnings are about schemas, which strict: false leaves alone, so they are dropped.
    const ajv = new Ajv2020({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false, unicode: false, logger: AJV_LOGGER });
    for (const method of methods.values()) this.validators.set(method.name, ajv.compile(method.params));
  }

  /** The method of that name in the table, if there is one. */
  method(name: string): MethodDefinition | undefined {
    return this.methods.get(name);
  }

  /** Every method of the table. */
  allMethods(): MethodDefinition[] {
    return [...this.methods.values()];
  }

  /**
   * Handles one text message of a session: a request, a notification or a batch. Resolves to the
   * reply to send back, or undefined when nothing is to be sent (notifications only).
   */
  async handleMessage(text: string, session: Session, host: AgentHost): Promise<Reply | undefined> {
    session.lastMessageAtMs = Date.now();
    session.messageCount++;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return serialize(errorResponse(null, ErrorCode.ParseError, 'Parse error: the message is not valid JSON', { hint: 'Send one JSON-RPC 2.0 object (or an array of them) per WebSocket text message.' }));
    }
    const tooDeep = this.nestingRefusal(message);
    if (tooDeep) return serialize({ jsonrpc: '2.0', id: null, error: tooDeep });
    if (Array.isArray(message)) {
      if (message.length === 0) return serialize(errorResponse(null, ErrorCode.InvalidRequest, 'Invalid Request: an empty batch array', { hint: 'A batch holds at least one request.' }));
      if (message.length > this.limits.maxBatchSize) {
        return serialize(
          errorResponse(null, ErrorCode.InvalidRequest, `Invalid Request: a batch of ${message.length} entries is more than the ${this.limits.maxBatchSize} allowed`, {
            hint: 'Split the batch.',
          }),
        );
      }
      const parts: Reply[] = [];
      // In order, one after the other: a later entry may depend on what an earlier one changed.
      for (const entry of message) {
        const response = await this.handleEntry(entry, session, host);
        if (response !== undefined) parts.push(response);
      }
      if (parts.length === 0) return undefined;
      if (parts.every((part) => typeof part === 'string')) return `[${parts.join(',')}]`;
      const pieces = parts.flatMap((part, index) => [Buffer.from(index === 0 ? '[' : ','), ...(typeof part === 'string' ? [Buffer.from(part, 'utf8')] : part)]);
      return [...pieces, Buffer.from(']')];
    }
    return this.handleEntry(message, session, host);
  }

  /**
   * -32600 when `message` nests arrays and objects deeper than the limit, else undefined. A
   * transport that is not the WebSocket (MCP) asks with the message its call would be here.
   */
  nestingRefusal(message: unknown): ErrorObjectOut | undefined {
    if (!nestingDepthExceeds(message, this.limits.maxNestingDepth)) return undefined;
    return {
      code: ErrorCode.InvalidRequest,
      message: `Invalid Request: the message nests arrays and objects more than ${this.limits.maxNestingDepth} deep`,
      data: { hint: 'Flatten the data, or split it into several calls.' },
    };
  }

  /** Calls one method by name, as a request of `session` would (replayWorkflow's steps come here). */
  async call(method: string, params: unknown, session: Session, host: AgentHost): Promise<CallOutcome> {
    const outcome = await this.callNow(method, params, session, host);
    recordCall(session, method, params, outcome);
    try {
      this.onCall(session);
    } catch (error) {
      this.report(error, method);
    }
    return outcome;
  }

  private async callNow(method: string, params: unknown, session: Session, host: AgentHost): Promise<CallOutcome> {
    const definition = this.methods.get(method);
    if (!definition) return { error: methodNotFound(method, this.methods) };
    if (!roleSatisfies(definition.role, session.role)) return { error: roleRefusal(definition.name, definition.role, session.role) };
    const args = params === undefined ? {} : params;
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return { error: { code: ErrorCode.InvalidParams, message: 'Invalid params: params must be an object of named parameters', data: { field: 'params', hint: 'Send params as {"name": value, …} or leave it out.' } } };
    }
    const validate = this.validators.get(definition.name);
    if (validate && !validate(args)) return { error: invalidParams(validate.errors ?? []) };
    // The recording gets the params as they came, before a handler could touch them.
    const recordedParams = definition.recorded ? paramsToRecord(session, args as Record<string, unknown>) : undefined;
    const context: MethodContext = {
      session,
      host,
      endpoint: { call: (next, nextParams) => this.call(next, nextParams, session, host), limits: this.limits, methods: this.methods },
    };
    let result: unknown;
    try {
      if (host.reachFiles) {
        const uris = namedFiles(args as Record<string, unknown>);
        if (uris.length > 0) await host.reachFiles(uris);
      }
      result = await definition.handler(args as Record<string, unknown>, context);
    } catch (error) {
      return { error: this.errorOf(error, definition.name) };
    }
    if (recordedParams !== undefined) recordStep(session, definition.name, recordedParams, result);
    return { result: result === undefined ? null : result };
  }

  /** One request or notification of a message: its serialized response, or undefined for none. */
  private async handleEntry(entry: unknown, session: Session, host: AgentHost): Promise<Reply | undefined> {
    const invalid = (id: JsonRpcId, message: string): string => serialize(errorResponse(id, ErrorCode.InvalidRequest, `Invalid Request: ${message}`, { hint: REQUEST_SHAPE_HINT }));
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return invalid(null, 'expected a JSON-RPC 2.0 request object');
    const request = entry as Record<string, unknown>;
    const hasId = Object.prototype.hasOwnProperty.call(request, 'id');
    const id = request.id;
    if (hasId && !(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) || id === null)) return invalid(null, 'id must be a string, a number or null');
    const replyId: JsonRpcId = hasId ? (id as JsonRpcId) : null;
    if (request.jsonrpc !== '2.0') return invalid(replyId, 'jsonrpc must be "2.0"');
    // A response sent to the server, or a request without a method: either way not a request.
    if (typeof request.method !== 'string') return invalid(replyId, 'method must be a string');
    const params = request.params;
    if (params !== undefined && (typeof params !== 'object' || params === null)) return invalid(replyId, 'params must be an object when present');
    let outcome: CallOutcome;
    try {
      outcome = await this.call(request.method, params, session, host);
    } catch (error) {
      outcome = { error: this.errorOf(error, request.method) };
    }
    if (!hasId) return undefined;
    if ('result' in outcome && outcome.result instanceof RawJson) {
      // Sent as it is, between the envelope's pieces: parsing, serialising or even copying tens of
      // megabytes here would hold up every other agent.
      return [Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(replyId)},"result":`), outcome.result.bytes, Buffer.from('}')];
    }
    const written = 'result' in outcome ? jsonTextOf(outcome.result) : undefined;
    if (written) {
      // A result whose JSON was kept from an earlier answer (getAST, getNode): its bytes as they are.
      return [Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(replyId)},"result":`), ...written, Buffer.from('}')];
    }
    const response: Response = 'error' in outcome ? { jsonrpc: '2.0', id: replyId, error: outcome.error } : { jsonrpc: '2.0', id: replyId, result: outcome.result };
    try {
      return serialize(response);
    } catch (error) {
      // A result JSON cannot carry (a cycle, a BigInt) fails this request, not the batch.
      this.report(error, request.method);
      return serialize(errorResponse(replyId, ErrorCode.InternalError, internalMessage(request.method)));
    }
  }

  private errorOf(error: unknown, method: string): ErrorObjectOut {
    if (error instanceof AgentError) {
      const out: ErrorObjectOut = { code: error.code, message: error.message };
      if (error.data !== undefined) out.data = error.data;
      return out;
    }
    this.report(error, method);
    return { code: ErrorCode.InternalError, message: internalMessage(method) };
  }

  private report(error: unknown, method: string): void {
    try {
      this.onInternalError(error, method);
    } catch {
      // The log failing must not turn an answer into a crash.
    }
  }
}

const REQUEST_SHAPE_HINT = 'A request is {"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {…}}; leave out id for a notification.';

function internalMessage(method: string): string {
  return `Internal error while handling '${method}'; the server logged it and keeps running`;
}

function errorResponse(id: JsonRpcId, code: number, message: string, data?: unknown): Response {
  const error: ErrorObjectOut = { code, message };
  if (data !== undefined) error.data = data;
  return { jsonrpc: '2.0', id, error };
}

function serialize(response: Response): string {
  return JSON.stringify(response);
}

function methodNotFound(method: string, methods: ReadonlyMap<string, MethodDefinition>): ErrorObjectOut {
  const shown = method.length > 100 ? `${method.slice(0, 100)}…` : method;
  const lower = method.toLowerCase();
  const close = [...methods.keys()].find((name) => name.toLowerCase() === lower);
  return {
    code: ErrorCode.MethodNotFound,
    message: `Method not found: '${shown}'`,
    data: { hint: close ? `Did you mean '${close}'? Method names are case-sensitive.` : 'getCapabilities lists every method with its role and description.' },
  };
}

function roleRefusal(method: string, required: RequiredRole, role: string): ErrorObjectOut {
  if (required === 'person') {
    return {
      code: ErrorCode.RoleNotPermitted,
      message: `Role not permitted: ${method} is for the person only; no agent session may decide a plan`,
      data: {
        requiredRole: 'person',
        role,
        hint: 'Only the person decides plans (in the editor, or the owner of a headless server); wait for the planDecided notification.',
      },
    };
  }
  const roles = required === 'refactor' ? "'refactor' or 'generator' role" : "'generator' role";
  const asked = required === 'refactor' ? 'refactor' : 'generator';
  return {
    code: ErrorCode.RoleNotPermitted,
    message: `Role not permitted: ${method} requires ${roles} (this session is '${role}')`,
    data: { requiredRole: required, role, hint: `Call setAgentRole {"role": "${asked}"} first.` },
  };
}

/** Where a WebSocket client finds a method's params schema (the MCP tools say their own inputSchema instead). */
export const PARAMS_SCHEMA_HINT = "getCapabilities gives each method's params schema.";

/** -32602 naming the first field that fails, e.g. "params.nodeId must be string". */
function invalidParams(errors: readonly ErrorObject[]): ErrorObjectOut {
  const first = errors[0];
  if (!first) return { code: ErrorCode.InvalidParams, message: 'Invalid params', data: { field: 'params' } };
  const at = fieldPath(first.instancePath);
  let field = at;
  let problem: string;
  if (first.keyword === 'required') {
    field = joinField(at, String((first.params as { missingProperty: string }).missingProperty));
    problem = 'is required';
  } else if (first.keyword === 'additionalProperties') {
    field = joinField(at, String((first.params as { additionalProperty: string }).additionalProperty));
    problem = 'is not a parameter of this method';
  } else {
    problem = first.message ?? 'is invalid';
  }
  return {
    code: ErrorCode.InvalidParams,
    message: `Invalid params: ${field} ${problem}`,
    data: { field, hint: PARAMS_SCHEMA_HINT },
  };
}

/** "/mutations/0/type" → "params.mutations[0].type". */
function fieldPath(instancePath: string): string {
  let path = 'params';
  if (instancePath === '') return path;
  for (const raw of instancePath.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path = joinField(path, segment);
  }
  return path;
}

function joinField(path: string, segment: string): string {
  if (/^\d+$/.test(segment)) return `${path}[${segment}]`;
  if (/^[A-Za-z_$][\w$]*$/.test(segment)) return `${path}.${segment}`;
  return `${path}[${JSON.stringify(segment.length > 60 ? `${segment.slice(0, 60)}…` : segment)}]`;
}

/** Whether arrays and objects nest deeper than `limit` (iterative: the input may be very deep). */
export function nestingDepthExceeds(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    const next = depth + 1;
    if (next > limit) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: next });
  }
  return false;
}
