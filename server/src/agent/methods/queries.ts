// Read-only queries (docs/AGENT-ENDPOINT.md "AST Access", "Context Queries", "More methods"):
// the AST, one node to a depth, nodes found by type/name/text, symbols in scope, call hierarchy,
// dependencies, diagnostics and the open buffers. Every fact comes from the core (the document,
// the semantic model, core/queries/node-query.ts); these handlers pick the buffer and translate.
import { nameOffsetOf } from '../../core/editing';
import { findNodes, nodeToDepth } from '../../core/queries';
import type { OpenBuffer } from '../../workspace/buffer';
import { nameTargetAt } from '../../workspace/name-references';
import { callsFromOtherFiles, calleesInOtherFiles, importedDependencies } from '../../workspace/qualified-names';
import { typeToString } from '../../core/semantics';
import { astJsonOf } from '../ast-json/ast-json';
import { nodeIn, resolveBuffer } from '../buffers';
import { AgentError, ErrorCode } from '../errors';
import { BUFFER_RESULT, defineMethod, type MethodDefinition } from '../method';
import { withJsonText } from '../ast-json/raw-json';
import { ID, MAX_SEARCH_TEXT_LENGTH, NAME, URI } from '../param-bounds';
import type { AgentHost } from '../host';
import { described, indexOf } from './workspace';
import { withRelated } from '../diagnostic-related';
import { withFixIds } from '../diagnostic-fixes';

const NODE_ID = ID;

/** getNode's default depth: the node, its children and grandchildren; ask for more when needed. */
export const DEFAULT_NODE_DEPTH = 2;
/** findNodes' default and largest limits. */
export const DEFAULT_FIND_LIMIT = 20;
export const MAX_FIND_LIMIT = 500;

const getAST = defineMethod({
  name: 'getAST',
  role: 'any',
  description:
    'The buffer\'s whole AST (each node: type, id, span).',
  params: { type: 'object', properties: { uri: URI }, additionalProperties: false },
  recorded: true,
  whenToUse: 'Large: prefer findNodes, getNode.',
  readOnly: true,
  returns: { ast: 'object', annotationCount: 'integer', diagnostics: 'array', ...BUFFER_RESULT },
  handler(params, { host }) {
    const buffer = resolveBuffer(host, params.uri);
    // -32001 comes from resolveBuffer: an open buffer always has an AST (the parser recovers).
    // The answer's JSON is written from what the cache kept of earlier answers (ast-json.ts).
    const cache = astJsonOf(host);
    const ast = cache.ast(buffer);
    const diagnostics = buffer.diagnostics();
    const result = { ast: buffer.document.ast, annotationCount: ast.annotationCount, diagnostics, uri: buffer.uri, revision: buffer.revision };
    return withJsonText(result, [
      Buffer.from('{"ast":'),
      ...ast.slices,
      Buffer.from(`,"annotationCount":${ast.annotationCount},"diagnostics":`),
      cache.diagnostics(buffer, diagnostics),
      Buffer.from(`,"uri":${JSON.stringify(buffer.uri)},"revision":${JSON.stringify(buffer.revision)}}`),
    ]);
  },
});

const getNode = defineMethod({
  name: 'getNode',
  role: 'any',
  description: `One node by id, descendants to depth (${DEFAULT_NODE_DEPTH}); deeper ones {type, id, span, truncated: true}.`,
  params: {
    type: 'object',
    properties: { nodeId: NODE_ID, depth: { type: 'integer', minimum: 0, maximum: 1000 }, uri: URI },
    required: ['nodeId'],
    additionalProperties: false,
  },
  recorded: true,
  readOnly: true,
  returns: { node: 'object', truncated: 'boolean', parentId: 'string|null', ...BUFFER_RESULT },
  handler(params, { host }) {
    const buffer = resolveBuffer(host, params.uri);
    const node = nodeIn(buffer, params.nodeId);
    const parent = buffer.document.parentOf(node.id);
    const depth = params.depth ?? DEFAULT_NODE_DEPTH;
    const parentId = parent ? parent.id : null;
    // A whole declaration asked for again is sent from the JSON getAST kept of it.
    const kept = parent === buffer.document.ast ? astJsonOf(host).item(buffer, node, depth) : undefined;
    if (kept) {
      const result = { node, truncated: false, parentId, uri: buffer.uri, revision: buffer.revision };
      const rest = `,"truncated":false,"parentId":${JSON.stringify(parentId)},"uri":${JSON.stringify(buffer.uri)},"revision":${JSON.stringify(buffer.revision)}}`;
      return withJsonText(result, [Buffer.from('{"node":'), kept, Buffer.from(rest)]);
    }
    const cut = nodeToDepth(node, depth);
    return { node: cut.node, truncated: cut.truncated, parentId, uri: buffer.uri, revision: buffer.revision };
  },
});

const findNodesMethod = defineMethod({
  name: 'findNodes',
  role: 'any',
  description:
    'Nodes by type, name and/or source text (innermost): candidates {nodeId, type, name?, span, parentId}.',
  params: {
    type: 'object',
    properties: {
      type: NAME,
      name: NAME,
      text: { type: 'string', minLength: 1, maxLength: MAX_SEARCH_TEXT_LENGTH },
      limit: { type: 'integer', minimum: 1, maximum: MAX_FIND_LIMIT },
      uri: URI,
    },
    anyOf: [{ required: ['type'] }, { required: ['name'] }, { required: ['text'] }],
    additionalProperties: false,
  },
  recorded: true,
  readOnly: true,
  returns: { candidates: 'array', total: 'integer', truncated: 'boolean', ambiguous: 'boolean', ...BUFFER_RESULT },
  handler(params, { host }) {
    const buffer = resolveBuffer(host, params.uri);
    const all = findNodes(buffer.document.ast, buffer.text, { type: params.type, name: params.name, text: params.text });
    const limit = params.limit ?? DEFAULT_FIND_LIMIT;
    return {
      candidates: all.slice(0, limit),
      total: all.length,
      truncated: all.length > limit,
      ambiguous: all.length > 1,
      uri: buffer.uri,
      revision: buffer.revision,
    };
  },
});

const getInScopeSymbols = defineMethod({
  name: 'getInScopeSymbols',
  role: 'any',
  description:
    'Symbols visible at a node, innermost first: {name, kind, nodeId, type}; built-ins with includeBuiltins.',
  params: {
    type: 'object',
    properties: { nodeId: NODE_ID, includeBuiltins: { type: 'boolean' }, uri: URI },
    required: ['nodeId'],
    additionalProperties: false,
  },
  recorded: true,
  readOnly: true,
  returns: { symbols: 'array', ...BUFFER_RESULT },
  handler(params, { host }) {
    const buffer = resolveBuffer(host, params.uri);
    const node = nodeIn(buffer, params.nodeId);
    const symbols = buffer
      .analysis()
      .symbolsInScopeAt(node.id)
      .filter((symbol) => params.includeBuiltins === true || symbol.kind !== 'builtin')
      .map((symbol) => ({ name: symbol.name, kind: symbol.kind, nodeId: symbol.declNodeId, type: typeToString(symbol.type) }));
    return { symbols, uri: buffer.uri, revision: buffer.revision };
  },
});

const getCallHierarchy = defineMethod({
  name: 'getCallHierarchy',
  role: 'any',
  description:
    'Callers (Program: top-level code) and callees of a FunctionDeclaration, and each call, also in other files.',
  params: { type: 'object', properties: { functionId: NODE_ID, uri: URI }, required: ['functionId'], additionalProperties: false },
  recorded: true,
  readOnly: true,
  returns: { functionId: 'string', functionName: 'string', callerIds: 'array', calleeIds: 'array', incomingCalls: 'array', outgoingCalls: 'array', callersInOtherFiles: 'array', calleesInOtherFiles: 'array', ...BUFFER_RESULT },
  handler(params, { host }) {
    const buffer = resolveBuffer(host, params.uri);
    const node = nodeIn(buffer, params.functionId);
    const hierarchy = buffer.analysis().callHierarchyOf(node.id);
    if (!hierarchy) {
      throw new AgentError(ErrorCode.NodeNotFound, `Node not found: ${node.id} is a ${node.type}, not a function declaration`, {
        nodeId: node.id,
        hint: 'Pass the id of a FunctionDeclaration (findNodes {type: "FunctionDeclaration"} lists them).',
      });
    }
    return { ...hierarchy, ...acrossFiles(host, buffer, node.id), uri: buffer.uri, revision: buffer.revision };
  },
});

/** The calls of a top-level function written in other files, and the functions of other files it calls (none for a nested function). */
function acrossFiles(host: AgentHost, buffer: OpenBuffer, functionId: string): { callersInOtherFiles: unknown[]; calleesInOtherFiles: unknown[] } {
  const index = indexOf(host);
  const target = nameTargetAt(index, buffer, nameOffsetOf(buffer.document, functionId) ?? -1, { outsideRoots: true });
  if (!target) return { callersInOtherFiles: [], calleesInOtherFiles: [] };
  return {
    callersInOtherFiles: callsFromOtherFiles(index, target).map((call) => {
      // The caller as callerIds names it: its function, or the file's Program for top-level code.
      const caller = call.caller ? described(call.caller) : { qualifiedName: call.file.module, ...(call.file.buffer ? { nodeId: call.file.buffer.document.ast.id, revision: call.file.buffer.revision } : {}) };
      return { uri: call.file.uri, qualifiedName: caller.qualifiedName, ...('nodeId' in caller ? { nodeId: caller.nodeId, revision: caller.revision } : {}), line: call.line, column: call.column };
    }),
    calleesInOtherFiles: calleesInOtherFiles(index, target).map(described),
  };
}

const getDependencyGraph = defineMethod({
  name: 'getDependencyGraph',
  role: 'any',
  description: 'Declarations the names, fields and types in a node refer to, by id; importedDeclarations: in other files.',
  params: { type: 'object', properties: { nodeId: NODE_ID, uri: URI }, required: ['nodeId'], additionalProperties: false },
  recorded: true,
  readOnly: true,
  returns: { dependencies: 'array', importedDeclarations: 'array', ...BUFFER_RESULT },
  handler(params, { host }) {
    const buffer = resolveBuffer(host, params.uri);
    const node = nodeIn(buffer, params.nodeId);
    const importedDeclarations = importedDependencies(indexOf(host), buffer, node).map(described);
    return { dependencies: buffer.analysis().dependenciesOf(node.id), importedDeclarations, uri: buffer.uri, revision: buffer.revision };
  },
});

const getDiagnostics = defineMethod({
  name: 'getDiagnostics',
  role: 'any',
  description: '[{code, severity, message, nodeId, line, column, span, hint?, fix?, fixId?, related? (declared cause)}]',
  params: { type: 'object', properties: { uri: URI }, additionalProperties: false },
  recorded: true,
  readOnly: true,
  returns: { diagnostics: 'array', ...BUFFER_RESULT },
  handler(params, { host, session }) {
    const buffer = resolveBuffer(host, params.uri);
    const diagnostics = withFixIds(session, host.workspace, buffer, withRelated(indexOf(host), buffer, buffer.diagnostics()));
    return { diagnostics, uri: buffer.uri, revision: buffer.revision };
  },
});

const listBuffers = defineMethod({
  name: 'listBuffers',
  role: 'any',
  description: 'The open Whetstone buffers: uri, languageId, revision, active.',
  params: { type: 'object', additionalProperties: false },
  recorded: true,
  readOnly: true,
  returns: { buffers: 'array' },
  handler(_params, { host }) {
    const active = host.workspace.activeBufferUri;
    return {
      buffers: host.workspace.all().map((buffer) => ({ uri: buffer.uri, languageId: buffer.languageId, revision: buffer.revision, active: buffer.uri === active })),
    };
  },
});

export const QUERY_METHODS: readonly MethodDefinition[] = [
  getAST,
  getNode,
  findNodesMethod,
  getInScopeSymbols,
  getCallHierarchy,
  getDependencyGraph,
  getDiagnostics,
  listBuffers,
];
