// How a method's result reads as an MCP tool result: the same facts as the WebSocket result, in
// fewer bytes of a model's context (the WebSocket result is a contract and keeps every field).
// - Fields that say nothing are left out: null, an empty list or object (but a query's lists at the
//   top, which are its answer), `false` for the flags
//   whose absence means false (truncated, ambiguous, indexing), a brokenCallersTotal of 0, and an
//   entry's `success` that repeats the result's.
// - With one source root, a file's URI is written relative to it (`core/text.wst`), and tools take
//   a relative path wherever they take a uri (toolArguments); with several roots URIs stay whole.
// - brokenCallers, one entry per call that carries its file and message, are grouped: one entry
//   per message, then per file, with the calls' node ids and positions.
// - A span is `[startLine, startColumn, endLine, endColumn]` (lines 1-based, columns 0-based).
// - A diagnostic's line and column are its span's start: only the span's end is kept, as `end`.
// - A diagnostic's fix gives its new node as Whetstone text (`source`), not as AST JSON: shorter,
//   and the mutation as updateNode and insertNode take it. A fix getDiagnostics kept under a
//   `fixId` is given by that id alone (its `hint` says what it does, applyBatch {fixId} applies
//   it, and with dryRun shows its edits): the agent passes the id back, not the mutations.
// - A related entry's message is left out when the diagnostic's message says it already
//   (`parameter 'kg'`).
// - What the call itself said is not said back: the result's `uri` when it is the file the call
//   named (a `fixId` names its fix's file and mutations: tool-calls.ts passes them as the call's),
//   in `changedNodeIds` the nodes the call's mutations named (`nodeId`, `parentId`), which
//   a change that succeeded changed (what else changed, a deleted node's parent, an import the
//   change added, is still listed), and in a query's list the field the call filtered by, which
//   every entry has with the value asked (findNodes' `type` and `name`, findSymbol's `kind`,
//   getAnnotationSuggestions' `annotationType`).

import { fixWithSource } from '../agent';
import { relativeUri, type UriBase } from './relative-uris';

/** Fields whose value is code or a mutation (a null literal, an empty argument list): passed as they are. */
const VERBATIM = new Set(['node', 'fix', 'value', 'mutation', 'mutations', 'steps', 'workflow']);

/** Arguments that filter a query's list by the entries' field of the same name. */
const FILTERS = ['type', 'name', 'kind', 'annotationType'];

/** Flags that are false unless said. */
const FALSE_UNLESS_SAID = new Set(['truncated', 'ambiguous', 'indexing']);

/**
 * `query`: a read-only method, whose lists at the top are its answer and stay, even empty. `args`:
 * the call's arguments as the method took them (URIs whole), whose file and nodes are not said back.
 */
export function leanResult(result: Record<string, unknown>, base: UriBase, query: boolean, args: Record<string, unknown> = {}): Record<string, unknown> {
  const out = leanObject(withoutEchoes(query ? withoutFilters(result, args) : result, args), base, result.success, true);
  if (query) for (const [key, value] of Object.entries(result)) if (Array.isArray(value) && value.length === 0) out[key] = [];
  return out;
}

/** The result without the file the call named, and, in its own and each file's changedNodeIds, without the nodes the call named there. */
function withoutEchoes(result: Record<string, unknown>, args: Record<string, unknown>): Record<string, unknown> {
  const named = typeof args.uri === 'string' ? args.uri : undefined;
  const out: Record<string, unknown> = { ...result };
  if (named !== undefined && out.uri === named) delete out.uri;
  if (Array.isArray(out.changedNodeIds)) out.changedNodeIds = unnamed(out.changedNodeIds, nodesNamed(args, undefined));
  if (Array.isArray(out.files)) {
    out.files = out.files.map((file: unknown) =>
      isRecord(file) && typeof file.uri === 'string' && Array.isArray(file.changedNodeIds) ? { ...file, changedNodeIds: unnamed(file.changedNodeIds, nodesNamed(args, file.uri)) } : file,
    );
  }
  return out;
}

/** A query's lists at the top without the fields the call filtered by (each entry has the value asked). */
function withoutFilters(result: Record<string, unknown>, args: Record<string, unknown>): Record<string, unknown> {
  const asked = FILTERS.filter((key) => typeof args[key] === 'string');
  if (asked.length === 0) return result;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(result)) {
    out[key] = Array.isArray(value)
      ? value.map((entry: unknown) => (isRecord(entry) ? Object.fromEntries(Object.entries(entry).filter(([field, v]) => !asked.includes(field) || v !== args[field])) : entry))
      : value;
  }
  return out;
}

/**
 * The node ids the call names for a change: its own `nodeId` and `parentId`, and its mutations';
 * for one file of several (`uri`), only those of the mutations naming that file.
 */
function nodesNamed(args: Record<string, unknown>, uri: string | undefined): Set<string> {
  const ids = new Set<string>();
  const add = (item: Record<string, unknown>): void => {
    for (const key of ['nodeId', 'parentId']) if (typeof item[key] === 'string') ids.add(item[key]);
  };
  const batchUri = typeof args.uri === 'string' ? args.uri : undefined;
  if (uri === undefined || batchUri === uri) add(args);
  for (const mutation of Array.isArray(args.mutations) ? args.mutations : []) {
    if (isRecord(mutation) && (uri === undefined || (typeof mutation.uri === 'string' ? mutation.uri : batchUri) === uri)) add(mutation);
  }
  return ids;
}

function unnamed(ids: unknown[], named: ReadonlySet<string>): unknown[] {
  return ids.filter((id) => typeof id !== 'string' || !named.has(id));
}

function lean(value: unknown, key: string, base: UriBase, success: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    if (key === 'brokenCallers' && value.every(isBrokenCaller)) return groupBrokenCallers(value, base);
    const items = value.map((item) => lean(item, '', base, success) ?? null);
    return items.length === 0 ? undefined : items;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (key === 'span' && isSpan(record)) return compactSpan(record);
    const out = isDiagnostic(record) ? leanDiagnostic(record, base, success) : leanObject(record, base, success);
    return Object.keys(out).length === 0 ? undefined : out;
  }
  if (typeof value === 'string' && key === 'uri') return relativeUri(value, base);
  return value;
}

function leanObject(record: Record<string, unknown>, base: UriBase, success: unknown, top = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === false && FALSE_UNLESS_SAID.has(key)) continue;
    if (key === 'brokenCallersTotal' && value === 0) continue;
    if (key === 'success' && !top && success !== undefined && value === success) continue;
    const fix = key === 'fix' && Array.isArray(value) ? value.map(fixWithSource) : value;
    const leaned = VERBATIM.has(key) ? fix : lean(value, key, base, success);
    if (leaned !== undefined) out[key] = leaned;
  }
  return out;
}

function leanDiagnostic(diagnostic: Record<string, unknown>, base: UriBase, success: unknown): Record<string, unknown> {
  const { span, line, column, ...rest } = diagnostic;
  const out = leanObject(withoutKeptFix(rest), base, success);
  if (Array.isArray(out.related) && typeof out.message === 'string') out.related = out.related.map((entry: unknown) => leanRelated(entry, out.message as string));
  const end = isSpan(span) ? (span.end as { line: number; column: number }) : undefined;
  return { ...pick(out, ['code', 'severity', 'message', 'nodeId']), line, column, ...(end && (end.line !== line || end.column !== column) ? { end: [end.line, end.column] } : {}), ...omit(out, ['code', 'severity', 'message', 'nodeId']) };
}

/** Without `fix` when the fix is kept under a fixId. */
function withoutKeptFix(record: Record<string, unknown>): Record<string, unknown> {
  return typeof record.fixId === 'string' ? omit(record, ['fix']) : record;
}

/** A related entry without its kept fix, and without its message when the diagnostic's says it. */
function leanRelated(entry: unknown, message: string): unknown {
  if (!isRecord(entry)) return entry;
  const out = withoutKeptFix(entry);
  return typeof out.message === 'string' && message.includes(out.message) ? omit(out, ['message']) : out;
}

interface BrokenCaller {
  uri: string;
  nodeId?: string;
  line: number;
  column: number;
  diagnostic: { code: string; severity: string; message: string };
}

function isBrokenCaller(value: unknown): value is BrokenCaller {
  if (!isRecord(value) || typeof value.uri !== 'string' || !isRecord(value.diagnostic)) return false;
  return typeof value.diagnostic.message === 'string' && typeof value.diagnostic.code === 'string';
}

/** brokenCallers as [{code, severity?, message, files: [{uri, calls: [{nodeId?, line, column}]}]}], in the order given. */
function groupBrokenCallers(callers: BrokenCaller[], base: UriBase): unknown {
  if (callers.length === 0) return undefined;
  const byMessage = new Map<string, { diagnostic: BrokenCaller['diagnostic']; files: Map<string, Record<string, unknown>[]> }>();
  for (const caller of callers) {
    const key = `${caller.diagnostic.code}\u0000${caller.diagnostic.severity}\u0000${caller.diagnostic.message}`;
    const group = byMessage.get(key) ?? { diagnostic: caller.diagnostic, files: new Map() };
    byMessage.set(key, group);
    const calls = group.files.get(caller.uri) ?? [];
    group.files.set(caller.uri, calls);
    calls.push({ ...(caller.nodeId !== undefined ? { nodeId: caller.nodeId } : {}), line: caller.line, column: caller.column });
  }
  return [...byMessage.values()].map(({ diagnostic, files }) => ({
    code: diagnostic.code,
    ...(diagnostic.severity !== 'error' ? { severity: diagnostic.severity } : {}),
    message: diagnostic.message,
    files: [...files].map(([uri, calls]) => ({ uri: relativeUri(uri, base), calls })),
  }));
}

function isSpan(value: unknown): value is { start: { line: number; column: number }; end: { line: number; column: number } } {
  return isRecord(value) && isPosition(value.start) && isPosition(value.end);
}

function isPosition(value: unknown): boolean {
  return isRecord(value) && typeof value.line === 'number' && typeof value.column === 'number';
}

function compactSpan(span: Record<string, unknown>): number[] {
  const { start, end } = span as { start: { line: number; column: number }; end: { line: number; column: number } };
  return [start.line, start.column, end.line, end.column];
}

/** A diagnostic as the engine reports it (code, severity, message, line, column, span). */
function isDiagnostic(record: Record<string, unknown>): boolean {
  return typeof record.code === 'string' && typeof record.severity === 'string' && typeof record.message === 'string' && typeof record.line === 'number' && typeof record.column === 'number' && isSpan(record.span);
}

function pick(record: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}

function omit(record: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
