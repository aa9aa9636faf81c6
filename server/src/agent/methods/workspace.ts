// The whole workspace, open or not (docs/AGENT-ENDPOINT.md "Across the workspace"): its files,
// its declarations by qualified name (`shop.pricing.orderTotal`, `Order.total`) and the places
// that refer to a top-level declaration. The facts come from the workspace index (every file's
// summary; an open buffer speaks for its file, workspace/qualified-names.ts); these handlers pick
// what was asked and translate. An entry in a file open here carries its nodeId and revision; one
// in a file that is not open carries its line and column only (it has no buffer, so no node ids).
import type { OpenBuffer } from '../../workspace/buffer';
import { fieldReferencesOf } from '../../workspace/field-references';
import { FileIndex } from '../../workspace/file-index';
import { declarationNode, findSymbols, namePositionOf, referencesOf, signatureOf, symbolAtNode, SYMBOL_KINDS, type WorkspaceSymbol } from '../../workspace/qualified-names';
import { nodeIn, resolveBuffer } from '../buffers';
import { AgentError, ErrorCode } from '../errors';
import type { AgentHost } from '../host';
import { defineMethod, type MethodDefinition } from '../method';
import { perHost } from '../per-host';
import { ID, URI } from '../param-bounds';

/** listFiles' default and largest page. */
export const DEFAULT_FILES_LIMIT = 100;
export const MAX_FILES_LIMIT = 1000;
/** findSymbol's default and largest number of matches. */
export const DEFAULT_SYMBOL_LIMIT = 20;
export const MAX_SYMBOL_LIMIT = 500;
/** findReferences' default and largest number of references. */
export const DEFAULT_REFERENCE_LIMIT = 50;
export const MAX_REFERENCE_LIMIT = 1000;
/** The most candidates an ambiguous qualifiedName's error lists. */
const MAX_LISTED_CANDIDATES = 20;
/** A qualified name: module segments, a name and a field, each a name. */
const MAX_QUALIFIED_NAME_LENGTH = 1000;

const QUALIFIED_NAME = { type: 'string', minLength: 1, maxLength: MAX_QUALIFIED_NAME_LENGTH } as const;

/** A host without an index answers from its open buffers alone (no source roots, so each file's module is its name). */
const buffersOnly = perHost((host: AgentHost) => new FileIndex(host.workspace, { skipped: () => undefined, error: () => undefined }));

/** The workspace's files as the host knows them (its index, or its open buffers alone). */
export function indexOf(host: AgentHost): FileIndex {
  return host.index ?? buffersOnly(host);
}

const listFiles = defineMethod({
  name: 'listFiles',
  role: 'any',
  description: 'Every .wst file, open or not: {uri, module, open, revision?}; cursor: the last page\'s.',
  params: {
    type: 'object',
    properties: { limit: { type: 'integer', minimum: 1, maximum: MAX_FILES_LIMIT }, cursor: URI },
    additionalProperties: false,
  },
  recorded: true,
  readOnly: true,
  whenToUse: 'listBuffers: open ones only.',
  returns: { files: 'array', truncated: 'boolean', cursor: 'string', indexing: 'boolean' },
  handler(params, { host }) {
    const index = indexOf(host);
    const all = index.filesNow();
    // The cursor is the last uri given: the next page starts after it, whatever changed meanwhile.
    const from = params.cursor === undefined ? 0 : firstAfter(all, params.cursor);
    const limit = params.limit ?? DEFAULT_FILES_LIMIT;
    const page = all.slice(from, from + limit);
    const truncated = from + limit < all.length;
    return {
      files: page.map((file) => ({ uri: file.uri, module: file.module, open: file.buffer !== undefined, ...(file.buffer ? { revision: file.buffer.revision } : {}) })),
      truncated,
      ...(truncated ? { cursor: page[page.length - 1].uri } : {}),
      indexing: index.building,
    };
  },
});

const findSymbol = defineMethod({
  name: 'findSymbol',
  role: 'any',
  description:
    'Declarations in any file by qualified name (m.name, m.Type.field) or its end: {qualifiedName, kind, uri, nodeId?, revision?, signature, line, column}.',
  params: {
    type: 'object',
    properties: {
      name: QUALIFIED_NAME,
      kind: { enum: SYMBOL_KINDS },
      limit: { type: 'integer', minimum: 1, maximum: MAX_SYMBOL_LIMIT },
    },
    required: ['name'],
    additionalProperties: false,
  },
  recorded: true,
  readOnly: true,
  whenToUse: 'Several: pick one.',
  returns: { matches: 'array', total: 'integer', truncated: 'boolean', indexing: 'boolean' },
  handler(params, { host }) {
    const index = indexOf(host);
    const all = findSymbols(index, checkedQualifiedName(params.name, 'name'), params.kind);
    const limit = params.limit ?? DEFAULT_SYMBOL_LIMIT;
    return {
      matches: all.slice(0, limit).map((symbol) => ({ ...described(symbol), signature: signatureOf(symbol) })),
      total: all.length,
      truncated: all.length > limit,
      indexing: index.building,
    };
  },
});

const findReferences = defineMethod({
  name: 'findReferences',
  role: 'any',
  description:
    'Uses of a top-level declaration or field in any file (nodeId: it or a use; or qualifiedName): [{uri, nodeId?, revision?, line, column}].',
  params: {
    type: 'object',
    properties: {
      nodeId: ID,
      qualifiedName: QUALIFIED_NAME,
      uri: URI,
      limit: { type: 'integer', minimum: 1, maximum: MAX_REFERENCE_LIMIT },
    },
    oneOf: [{ required: ['nodeId'] }, { required: ['qualifiedName'] }],
    additionalProperties: false,
  },
  recorded: true,
  readOnly: true,
  whenToUse: 'By scope.',
  errors: '-32602 data.candidates: ambiguous.',
  returns: { declaration: 'object', references: 'array', total: 'integer', truncated: 'boolean', notes: 'array', indexing: 'boolean' },
  handler(params, { host }) {
    const index = indexOf(host);
    const symbol = params.nodeId !== undefined ? symbolOfNode(host, index, params.nodeId, params.uri) : symbolNamed(index, params.qualifiedName ?? '', params.uri);
    const { references: all, notes } = symbol.kind === 'field' ? fieldReferences(host, index, symbol) : { references: referencesOf(index, symbol), notes: [] };
    const limit = params.limit ?? DEFAULT_REFERENCE_LIMIT;
    return {
      declaration: described(symbol),
      references: all.slice(0, limit).map((reference) => ({
        uri: reference.uri,
        ...('nodeId' in reference && reference.buffer ? { nodeId: reference.nodeId, revision: reference.buffer.revision } : nodeAtPosition(reference.buffer, reference.line, reference.column)),
        line: reference.line,
        column: reference.column,
      })),
      total: all.length,
      truncated: all.length > limit,
      notes,
      indexing: index.building,
    };
  },
});

/** A symbol as results describe it: where it is, and in an open file its node and revision. */
export function described(symbol: WorkspaceSymbol): Record<string, unknown> {
  const buffer = symbol.file.buffer;
  const node = buffer ? declarationNode(buffer, symbol) : undefined;
  return {
    qualifiedName: symbol.qualifiedName,
    kind: symbol.kind,
    uri: symbol.file.uri,
    ...(buffer && node ? { nodeId: node.id, revision: buffer.revision } : {}),
    ...namePositionOf(symbol),
  };
}

/** The innermost node at a reference's token in an open buffer (its node id and the buffer's revision); nothing for a file not open. */
function nodeAtPosition(buffer: OpenBuffer | undefined, line: number, column: number): { nodeId?: string; revision?: number } {
  if (!buffer) return {};
  const node = buffer.document.nodeAt(buffer.document.offsetAt({ line, column }));
  return { nodeId: node.id, revision: buffer.revision };
}

/** The declaration a node is or refers to; -32002 when it has no qualified name (a local, a parameter, a built-in). */
function symbolOfNode(host: AgentHost, index: FileIndex, nodeId: string, uri: string | undefined): WorkspaceSymbol {
  const buffer = resolveBuffer(host, uri);
  const node = nodeIn(buffer, nodeId);
  const symbol = symbolAtNode(index, buffer, node);
  if (symbol) return symbol;
  throw new AgentError(ErrorCode.NodeNotFound, `Node not found: ${node.id} (${node.type}) is not a top-level declaration or a field of a file, nor a name referring to one`, {
    nodeId: node.id,
    uri: buffer.uri,
    hint: 'findReferences follows functions, types, constants, top-level variables and fields across files (a field by its Field node, or its qualifiedName from findSymbol); the uses of a local are in its function: findNodes {name}.',
  });
}

/** A field's uses in every file (fieldReferencesOf); -32002 when its file no longer declares it or cannot be read. */
function fieldReferences(host: AgentHost, index: FileIndex, symbol: WorkspaceSymbol): ReturnType<typeof fieldReferencesOf> & object {
  const found = fieldReferencesOf(index, host.workspace.modules, symbol);
  if (found) return found;
  throw new AgentError(ErrorCode.NodeNotFound, `Node not found: ${symbol.qualifiedName} is no longer declared in ${symbol.file.uri}, or the file cannot be read`, {
    qualifiedName: symbol.qualifiedName,
    hint: 'findSymbol finds it where it is now.',
  });
}

/** The one declaration a qualified name names (in full, or else by its last segments); -32002 for none, -32602 with the candidates for several. */
function symbolNamed(index: FileIndex, qualifiedName: string, uri: string | undefined): WorkspaceSymbol {
  const all = findSymbols(index, checkedQualifiedName(qualifiedName, 'qualifiedName')).filter((symbol) => uri === undefined || symbol.file.uri === uri);
  const exact = all.filter((symbol) => symbol.exact);
  const candidates = exact.length > 0 ? exact : all;
  if (candidates.length === 0) {
    throw new AgentError(ErrorCode.NodeNotFound, `Node not found: no declaration is named ${qualifiedName}${uri === undefined ? '' : ` in ${uri}`}`, {
      qualifiedName,
      hint: index.building ? 'The workspace is still being indexed: retry in a moment, or use findSymbol.' : 'findSymbol finds declarations by the end of their name.',
    });
  }
  if (candidates.length > 1) {
    throw new AgentError(ErrorCode.InvalidParams, `Ambiguous: ${candidates.length} declarations are named ${qualifiedName}; nothing was chosen`, {
      qualifiedName,
      candidates: candidates.slice(0, MAX_LISTED_CANDIDATES).map((symbol) => ({ qualifiedName: symbol.qualifiedName, kind: symbol.kind, uri: symbol.file.uri })),
      hint: 'Pass one candidate\'s qualifiedName (and uri when two files give the same one).',
    });
  }
  return candidates[0];
}

/** A qualified name's segments are names: `a..b`, a leading or trailing dot is -32602. */
function checkedQualifiedName(name: string, param: string): string {
  if (name.split('.').every((segment) => segment.trim() === segment && segment !== '')) return name;
  throw new AgentError(ErrorCode.InvalidParams, `Invalid params: params.${param} is not a qualified name (names joined by dots)`, {
    field: `params.${param}`,
    hint: 'Write module.name (shop.pricing.orderTotal), a bare name (orderTotal) or Type.field (Order.total).',
  });
}

function firstAfter(files: readonly { uri: string }[], cursor: string): number {
  const at = files.findIndex((file) => file.uri > cursor);
  return at < 0 ? files.length : at;
}

export const WORKSPACE_METHODS: readonly MethodDefinition[] = [listFiles, findSymbol, findReferences];
