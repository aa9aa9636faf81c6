// One MCP tools/call: the method of the same name runs through the endpoint's dispatcher with the
// MCP session's role, params validation and workflow recording, exactly as a WebSocket request
// would. Its result becomes structuredContent in the contract's shape (a result that is not an
// object is carried under one named key) and a JSON text block for clients that read only text;
// an error becomes an isError result whose structuredContent keeps the JSON-RPC code:
// {code, message, hint, data}. Nothing the client sends escapes as an exception.
import { ErrorCode } from '../agent/errors';
import type { Dispatcher } from '../agent/dispatcher';
import type { AgentHost } from '../agent/host';
import type { CallOutcome } from '../agent/method';
import { jsonTextOf, RawJson } from '../agent/raw-json';
import { MAX_WAITING_CALLS, type McpSession } from './mcp-session';
import { TOOL_GUIDE } from './tool-guide';

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

export interface ToolCallContext {
  dispatcher: Dispatcher;
  host: AgentHost;
}

export async function callTool(name: string, args: Record<string, unknown> | undefined, session: McpSession, context: ToolCallContext): Promise<ToolResult> {
  const running = session.run(() => context.dispatcher.call(name, args ?? {}, session, context.host));
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
  return 'error' in outcome ? errorResult(outcome.error) : successResult(name, outcome.result);
}

function successResult(name: string, answer: unknown): ToolResult {
  // A result the source worker serialised (parseSource, runPipeline) is a value again here: MCP carries it as structuredContent.
  const result = answer instanceof RawJson ? answer.toJSON() : answer;
  const wrap = TOOL_GUIDE[name]?.wrap;
  const structured = wrap !== undefined ? { [wrap]: result } : isRecord(result) ? result : { result };
  // A result whose JSON the endpoint kept (getAST, getNode) gives the text block without serialising it again.
  const written = structured === result ? jsonTextOf(result) : undefined;
  const text = written ? Buffer.concat(written).toString('utf8') : JSON.stringify(structured);
  return { content: [{ type: 'text', text }], structuredContent: structured };
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
