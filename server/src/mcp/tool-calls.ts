// One MCP tools/call: the method of the same name runs through the endpoint's dispatcher with the
// MCP session's role, params validation and workflow recording, exactly as a WebSocket request
// would. Its result becomes structuredContent in the contract's shape (a result that is not an
// object is carried under one named key) and a JSON text block for clients that read only text;
// an error becomes an isError result whose structuredContent keeps the JSON-RPC code:
// {code, message, hint, data}. Nothing the client sends escapes as an exception.
// Two WebSocket bounds hold here too: arguments nested deeper than a WebSocket message may be are
// refused as the dispatcher refuses that message (-32600), before anything runs; and a result
// whose JSON is larger than maxResultBytes is refused instead of sent. MCP has to carry a result
// as a value (the SDK serialises the whole answer on the endpoint's thread, and the client
// validates structuredContent), so a large one cannot pass through untouched as on the WebSocket:
// the bound keeps that work, and the memory, small. A result that comes as JSON text (the source
// worker's, the JSON getAST kept) is measured without being parsed, parsed once for
// structuredContent, and its text becomes the text block as it is.
import { ErrorCode, PARAMS_SCHEMA_HINT, type Dispatcher, type AgentHost, type CallOutcome, type MethodDefinition, jsonTextOf, RawJson, withFixNamed } from '../agent';
import { MAX_WAITING_CALLS, type McpSession } from './mcp-session';
import { isTool } from './tool-catalog';
import { leanResult } from './lean-result';
import { toolArguments, uriBase, type UriBase } from './relative-uris';

type CallError = Extract<CallOutcome, { error: unknown }>['error'];

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

/**
 * The largest tool result sent, in bytes of its JSON: parsing, validating and serialising one this
 * large on the endpoint's thread holds other sessions about as long as the bench allows a long
 * parse to (bench/README.md); a model could not read more in one answer anyway.
 */
export const DEFAULT_MAX_RESULT_BYTES = 4 * 1024 * 1024;

export interface ToolCallContext {
  dispatcher: Dispatcher;
  host: AgentHost;
  /** The largest result sent, in bytes of its JSON; DEFAULT_MAX_RESULT_BYTES unless said. */
  maxResultBytes?: number;
}

export async function callTool(name: string, args: Record<string, unknown> | undefined, session: McpSession, context: ToolCallContext): Promise<ToolResult> {
  // Only what tools/list offers runs: a method that is not a tool (ping, getCapabilities) is as
  // unknown as any other name. The person's methods go on to be refused with who decides (-32031).
  const method = context.dispatcher.method(name);
  if (method === undefined || (!isTool(method) && method.role !== 'person')) return errorResult(unknownTool(name, context.dispatcher));
  // Counted as the WebSocket request {"params": args, …} would be, so the same arguments get the same answer.
  const tooDeep = context.dispatcher.nestingRefusal({ params: args });
  if (tooDeep) return errorResult(tooDeep);
  const base = uriBase(context.host);
  const params = toolArguments(args ?? {}, base);
  const running = session.run(() => context.dispatcher.call(name, params, session, context.host));
  if (running === undefined) {
    return errorResult({
      code: ErrorCode.InvalidRequest,
      message: `Invalid Request: this session already has ${MAX_WAITING_CALLS} calls waiting; nothing was run`,
      data: { hint: 'Wait for answers before sending more calls.' },
    });
  }
  let outcome: CallOutcome;
  try {
    outcome = await running;
  } catch {
    outcome = { error: { code: ErrorCode.InternalError, message: `Internal error while handling '${name}'; the server keeps running` } };
  }
  if ('error' in outcome) return errorResult(withToolHint(name, outcome.error));
  // A fixId names the fix's file and mutations as much as the call's own uri and mutations would.
  return successResult(method, outcome.result, context.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES, base, withFixNamed(session, params));
}

function unknownTool(name: string, dispatcher: Dispatcher): CallError {
  const shown = name.length > 100 ? `${name.slice(0, 100)}…` : name;
  const lower = name.toLowerCase();
  const close = dispatcher.allMethods().find((method) => isTool(method) && method.name.toLowerCase() === lower);
  const hint = close ? `Did you mean '${close.name}'? Tool names are case-sensitive.` : 'tools/list names every tool.';
  return { code: ErrorCode.MethodNotFound, message: `Method not found: no tool '${shown}'`, data: { hint } };
}

/** A params error points at the tool's own inputSchema: an MCP client has no getCapabilities. */
function withToolHint(name: string, error: CallError): CallError {
  if (error.code !== ErrorCode.InvalidParams || !isRecord(error.data) || error.data.hint !== PARAMS_SCHEMA_HINT) return error;
  return { ...error, data: { ...error.data, hint: `${name}'s inputSchema (tools/list) gives its arguments.` } };
}

function successResult(method: MethodDefinition, answer: unknown, maxBytes: number, base: UriBase, params: Record<string, unknown>): ToolResult {
  // A result already written as JSON (the source worker's, the JSON getAST kept) is measured as it is.
  const pieces = answer instanceof RawJson ? [answer.bytes] : jsonTextOf(answer);
  const written = pieces?.reduce((sum, piece) => sum + piece.length, 0);
  if (written !== undefined && written > maxBytes) return tooLarge(method, written, maxBytes);
  // The one parse of a worker's result: MCP carries it as a value in structuredContent.
  const result = answer instanceof RawJson ? answer.toJSON() : answer;
  const wrap = method.wrap;
  const contract = wrap !== undefined ? { [wrap]: result } : isRecord(result) ? result : { result };
  // A result written as JSON (getAST, parseSource: code) is sent as it is; others leaner (lean-result.ts).
  const structured = answer instanceof RawJson ? contract : leanResult(contract, base, method.readOnly === true, params);
  // Written JSON of the structured result itself is the text block as it is, not serialised again.
  if (pieces !== undefined && structured === result) return { content: [{ type: 'text', text: Buffer.concat(pieces).toString('utf8') }], structuredContent: structured };
  const text = JSON.stringify(structured);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) return tooLarge(method, bytes, maxBytes);
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

function tooLarge({ name, readOnly }: MethodDefinition, bytes: number, maxBytes: number): ToolResult {
  const ran = readOnly === true ? '' : ` (the call ran: what it changed stays changed)`;
  return errorResult({
    code: ErrorCode.InvalidRequest,
    message: `Invalid Request: the result of ${name} is ${bytes} bytes of JSON, more than the ${maxBytes} an MCP result may be; it was not sent${ran}`,
    data: {
      resultBytes: bytes,
      maxResultBytes: maxBytes,
      hint: 'Ask for less: findNodes and getNode with a small depth instead of getAST, a smaller source for parseSource or runPipeline; the WebSocket endpoint sends results of any size.',
    },
  });
}

export function errorResult(error: { code: number; message: string; data?: unknown }): ToolResult {
  const structured: Record<string, unknown> = { code: error.code, message: error.message };
  if (isRecord(error.data)) {
    const { hint, ...rest } = error.data;
    if (typeof hint === 'string') structured.hint = hint;
    if (Object.keys(rest).length > 0) structured.data = rest;
  } else if (error.data !== undefined) {
    structured.data = error.data;
  }
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured, isError: true };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
