// The query methods (docs/AGENT-ENDPOINT.md "AST Access", "Context Queries", "More methods"),
// driven directly on a real workspace of real files: the shapes of their results, and the errors
// -32000, -32001 and -32002 with data an agent can act on.
import * as assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ErrorCode } from '../../server/src/agent/errors';
import type { FunctionDeclaration, Node, Program } from '../../server/src/core/ast';
import { readLibraryContext } from '../../server/src/core/semantics';
import { agentFixture, type AgentFixture } from '../helpers/agent';
import { allNodes, readRepoFile } from '../helpers/core';

const ORDERS = readRepoFile('test', 'fixtures', 'agent', 'orders.wst');
const LIBRARY = readLibraryContext(JSON.parse(readRepoFile('test', 'fixtures', 'agent', 'library.json')));

interface AstResult {
  ast: Program;
  annotationCount: number;
  diagnostics: { code: string }[];
  uri: string;
  revision: number;
}

function named(ast: Program, type: string, name: string): Node {
  const found = allNodes(ast).find((node) => node.type === type && 'name' in node && node.name === name);
  assert.ok(found, `${type} ${name}`);
  return found;
}

describe('agent queries', () => {
  let f: AgentFixture;
  beforeEach(async () => {
    f = await agentFixture({ 'orders.wst': ORDERS, 'other.wst': 'print(nope);\n' }, { library: LIBRARY });
  });
  afterEach(() => f.dispose());

  it('getAST: the whole tree with annotationCount, diagnostics, uri and revision', async () => {
    const result = await f.call<AstResult>('getAST');
    assert.equal(result.ast.type, 'Program');
    assert.equal(result.uri, f.uri('orders.wst'));
    assert.equal(result.revision, 1);
    assert.equal(result.annotationCount, 1, 'the @semantic(pure) on lineTotal');
    assert.deepEqual(result.diagnostics, []);
    assert.equal(named(result.ast, 'FunctionDeclaration', 'calculateTotal').type, 'FunctionDeclaration');
    const other = await f.call<AstResult>('getAST', { uri: f.uri('other.wst') });
    assert.deepEqual(
      other.diagnostics.map((d) => d.code),
      ['E_UNDEFINED'],
    );
  });

  it('getAST: -32000 without an active buffer or for a uri that is not open, -32001 when the active editor is not open here', async () => {
    const missing = await f.fails('getAST', { uri: 'file:///nowhere.wst' }, ErrorCode.NoStructuredBuffer);
    assert.match(String(missing.data?.hint), /orders\.wst/, 'the hint lists the open buffers');
    f.workspace.setActive(null);
    const none = await f.fails('getAST', {}, ErrorCode.NoStructuredBuffer);
    assert.match(none.message, /No structured buffer active/);
    f.workspace.setActive('file:///not-opened-yet.wst');
    const unavailable = await f.fails('getAST', {}, ErrorCode.AstUnavailable);
    assert.equal(unavailable.data?.uri, 'file:///not-opened-yet.wst');
    assert.ok(unavailable.data?.hint);
  });

  it('getNode: depth limits descendants and marks what it cut', async () => {
    const { ast } = await f.call<AstResult>('getAST');
    const fn = named(ast, 'FunctionDeclaration', 'calculateTotal');
    const shallow = await f.call<{ node: Record<string, unknown>; truncated: boolean; parentId: string; revision: number }>('getNode', { nodeId: fn.id, depth: 0 });
    assert.equal(shallow.truncated, true);
    assert.equal(shallow.parentId, ast.id);
    assert.equal(shallow.node.name, 'calculateTotal');
    const body = shallow.node.body as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['id', 'span', 'truncated', 'type']);
    assert.equal(body.truncated, true);
    assert.equal((shallow.node.parameters as unknown[]).length, 2);
    const full = await f.call<{ node: unknown; truncated: boolean }>('getNode', { nodeId: fn.id, depth: 100 });
    assert.equal(full.truncated, false);
    assert.deepEqual(JSON.parse(JSON.stringify(full.node)), JSON.parse(JSON.stringify(fn)));
    const defaults = await f.call<{ node: { body: { statements: { type: string; truncated?: boolean; initializer: { truncated?: boolean } }[] } } }>('getNode', {
      nodeId: fn.id,
    });
    const [first] = defaults.node.body.statements;
    assert.equal(first.type, 'VariableDeclaration');
    assert.equal(first.truncated, undefined, 'the default depth is 2: the body and its statements');
    assert.equal(first.initializer.truncated, true, 'and no deeper');
  });

  it('-32002 for an unknown node id, with the id and a hint', async () => {
    for (const [method, params] of [
      ['getNode', { nodeId: 'node_99999' }],
      ['getInScopeSymbols', { nodeId: 'node_99999' }],
      ['getCallHierarchy', { functionId: 'node_99999' }],
      ['getDependencyGraph', { nodeId: 'node_99999' }],
      ['getAnnotationSuggestions', { nodeId: 'node_99999' }],
    ] as const) {
      const error = await f.fails(method, params, ErrorCode.NodeNotFound);
      assert.equal(error.data?.nodeId, 'node_99999', method);
      assert.ok(error.data?.hint, method);
    }
  });

  it('findNodes: by type, name or text; candidates with ids and spans; ambiguity and truncation explicit', async () => {
    const { ast } = await f.call<AstResult>('getAST');
    const functions = await f.call<{ candidates: { nodeId: string; type: string; name?: string; parentId: string }[]; total: number; truncated: boolean; ambiguous: boolean }>(
      'findNodes',
      { type: 'FunctionDeclaration' },
    );
    assert.deepEqual(
      functions.candidates.map((c) => c.name),
      ['lineTotal', 'calculateTotal', 'loadOrder'],
    );
    assert.equal(functions.ambiguous, true);
    assert.equal(functions.truncated, false);
    assert.ok(functions.candidates.every((c) => c.parentId === ast.id));
    const one = await f.call<{ candidates: { nodeId: string; span: { start: { line: number } } }[]; ambiguous: boolean; total: number }>('findNodes', { name: 'calculateTotal', type: 'FunctionDeclaration' });
    assert.equal(one.total, 1);
    assert.equal(one.ambiguous, false);
    assert.equal(one.candidates[0].nodeId, named(ast, 'FunctionDeclaration', 'calculateTotal').id);
    assert.equal(one.candidates[0].span.start.line, 13);
    const text = await f.call<{ candidates: { type: string }[] }>('findNodes', { text: '1 + taxRate' });
    assert.deepEqual(
      text.candidates.map((c) => c.type),
      ['BinaryExpression'],
      'only the innermost node containing the text',
    );
    const limited = await f.call<{ candidates: unknown[]; total: number; truncated: boolean }>('findNodes', { type: 'Identifier', limit: 3 });
    assert.equal(limited.candidates.length, 3);
    assert.ok(limited.total > 3);
    assert.equal(limited.truncated, true);
    assert.equal(f.paramsValid('findNodes', {}), false, 'at least one criterion');
  });

  it('getInScopeSymbols: what is visible at a node, with kinds; built-ins on request', async () => {
    const { ast } = await f.call<AstResult>('getAST');
    const inLoop = allNodes(ast).find((node) => node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'lineTotal');
    assert.ok(inLoop);
    const { symbols, revision } = await f.call<{ symbols: { name: string; kind: string; nodeId: string | null; type: string }[]; revision: number }>('getInScopeSymbols', { nodeId: inLoop.id });
    assert.equal(revision, 1);
    const kinds = Object.fromEntries(symbols.map((s) => [s.name, s.kind]));
    assert.deepEqual(
      { item: kinds.item, subtotal: kinds.subtotal, order: kinds.order, taxRate: kinds.taxRate, calculateTotal: kinds.calculateTotal, Order: kinds.Order, round: kinds.round },
      { item: 'iterator', subtotal: 'variable', order: 'parameter', taxRate: 'parameter', calculateTotal: 'function', Order: 'type', round: 'import' },
    );
    assert.equal(symbols.find((s) => s.name === 'calculateTotal')?.nodeId, named(ast, 'FunctionDeclaration', 'calculateTotal').id);
    assert.equal(symbols.find((s) => s.name === 'taxRate')?.type, 'number');
    assert.ok(!symbols.some((s) => s.kind === 'builtin'));
    const withBuiltins = await f.call<{ symbols: { name: string; kind: string; nodeId: string | null }[] }>('getInScopeSymbols', { nodeId: inLoop.id, includeBuiltins: true });
    assert.deepEqual(withBuiltins.symbols.find((s) => s.name === 'print'), { name: 'print', kind: 'builtin', nodeId: null, type: 'fn(...values: any): void' });
  });

  it('getCallHierarchy: callers and callees by id; -32002 for a node that is not a function', async () => {
    const { ast } = await f.call<AstResult>('getAST');
    const calculateTotal = named(ast, 'FunctionDeclaration', 'calculateTotal') as FunctionDeclaration;
    const lineTotal = named(ast, 'FunctionDeclaration', 'lineTotal');
    const mathImport = ast.children.find((child) => child.type === 'ImportDeclaration' && child.module === 'math');
    const result = await f.call<{ functionId: string; functionName: string; callerIds: string[]; calleeIds: string[]; uri: string; revision: number }>('getCallHierarchy', {
      functionId: calculateTotal.id,
    });
    assert.equal(result.functionId, calculateTotal.id);
    assert.equal(result.functionName, 'calculateTotal');
    assert.deepEqual(result.callerIds, [ast.id], 'called from top-level code');
    assert.deepEqual(result.calleeIds.sort(), [lineTotal.id, mathImport?.id].sort());
    const lineCallers = await f.call<{ callerIds: string[] }>('getCallHierarchy', { functionId: lineTotal.id });
    assert.deepEqual(lineCallers.callerIds, [calculateTotal.id]);
    const error = await f.fails('getCallHierarchy', { functionId: calculateTotal.body.id }, ErrorCode.NodeNotFound);
    assert.match(error.message, /Block, not a function/);
  });

  it('getDependencyGraph: the declarations a node depends on', async () => {
    const { ast } = await f.call<AstResult>('getAST');
    const calculateTotal = named(ast, 'FunctionDeclaration', 'calculateTotal');
    const { dependencies } = await f.call<{ dependencies: string[] }>('getDependencyGraph', { nodeId: calculateTotal.id });
    const declared = dependencies.map((id) => allNodes(ast).find((node) => node.id === id)?.type);
    assert.ok(dependencies.includes(named(ast, 'TypeDeclaration', 'Order').id), 'its parameter type');
    assert.ok(dependencies.includes(named(ast, 'FunctionDeclaration', 'lineTotal').id));
    assert.ok(declared.includes('ImportDeclaration'), 'round and clamp come from an import');
    assert.ok(!dependencies.includes(calculateTotal.id), 'not itself');
  });

  it('getDiagnostics: the core diagnostics of a buffer', async () => {
    const { diagnostics, uri, revision } = await f.call<{ diagnostics: Record<string, unknown>[]; uri: string; revision: number }>('getDiagnostics', { uri: f.uri('other.wst') });
    assert.equal(uri, f.uri('other.wst'));
    assert.equal(revision, 1);
    assert.equal(diagnostics.length, 1);
    const [diagnostic] = diagnostics;
    assert.deepEqual(
      Object.keys(diagnostic).filter((k) => k !== 'fix').sort(),
      ['code', 'column', 'hint', 'line', 'message', 'nodeId', 'severity', 'span'],
    );
    assert.equal(diagnostic.code, 'E_UNDEFINED');
    assert.equal(diagnostic.line, 1);
    assert.equal(diagnostic.column, 6);
  });

  it('listBuffers: every open buffer with languageId, revision and which is active', async () => {
    const { buffers } = await f.call<{ buffers: { uri: string; languageId: string; revision: number; active: boolean }[] }>('listBuffers');
    assert.deepEqual(
      buffers.map((b) => [b.uri, b.languageId, b.revision, b.active]),
      [
        [f.uri('orders.wst'), 'whetstone', 1, true],
        [f.uri('other.wst'), 'whetstone', 1, false],
      ],
    );
  });
});
