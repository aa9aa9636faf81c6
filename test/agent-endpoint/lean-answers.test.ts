// What a model reads through MCP is the same facts as the WebSocket result, in fewer bytes: no
// empty fields, file URIs relative to the served folder (and taken that way), brokenCallers
// grouped by message and file; the WebSocket result keeps every documented field. And a
// diagnostic about a call's argument or arity names the declaration it is about, in any file.
// Real `whetstone-agent serve` processes, the MCP SDK's own client, a real WebSocket.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { connectHttp, type McpAgent } from './mcp-harness';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const FILES: Record<string, string> = {
  'shop/pricing.wst': 'fn orderTotal(prices: list<number>): number {\n  let t = 0;\n  for p in prices {\n    t = t + p;\n  }\n  return t;\n}\n\nfn label(kg: string): string {\n  return kg;\n}\n',
  'shop/orders.wst': 'use shop.pricing.{orderTotal, label};\nfn checkout(items: list<number>): number {\n  return orderTotal(items);\n}\nprint(label(3));\n',
  'reports/weekly.wst': 'use shop.pricing;\nlet monday = pricing.orderTotal([1, 2]);\nlet tuesday = pricing.orderTotal([3]);\nprint(monday + tuesday);\n',
};

interface Diagnostic {
  code: string;
  nodeId: string;
  span?: unknown;
  end?: number[];
  related?: { message: string; qualifiedName: string; uri: string; nodeId?: string; line: number; column: number }[];
}

describe('lean MCP answers, and diagnostics that name their cause', () => {
  let server: ServeProcess;
  let mcp: McpAgent;
  let ws: AgentClient;
  const uriOf = (file: string): string => pathToFileURL(join(server.folder, file)).href;

  before(async () => {
    server = await startServe({ files: FILES });
    mcp = await connectHttp(server);
    await mcp.ok('setAgentRole', { role: 'refactor' });
    ws = await AgentClient.connect(server);
    await ws.request('setAgentRole', { role: 'refactor' });
  });
  after(async () => {
    await mcp?.close();
    ws?.socket.close();
    await server?.stop();
  });

  it('gives file URIs relative to the served folder, takes them so, and leaves out empty fields', async () => {
    const found = await mcp.ok<Record<string, unknown>>('findNodes', { type: 'FunctionDeclaration', name: 'orderTotal', uri: 'shop/pricing.wst' });
    assert.equal(found.total, 1);
    assert.ok(!('truncated' in found) && !('ambiguous' in found), `false flags are left out: ${JSON.stringify(found)}`);
    const [candidate] = found.candidates as { nodeId: string; span: unknown }[];
    assert.deepEqual(candidate.span, [1, 0, 7, 1], 'a span is [startLine, startColumn, endLine, endColumn]');
    const symbol = await mcp.ok<{ matches: { uri: string; nodeId: string }[] }>('findSymbol', { name: 'shop.pricing.orderTotal' });
    assert.equal(symbol.matches[0].uri, 'shop/pricing.wst');
    // A path that leaves the folder names no file of the workspace.
    const outside = await mcp.call('getDiagnostics', { uri: '../shop/pricing.wst' });
    assert.equal(outside.isError, true);
    assert.equal(outside.structured.code, -32000, outside.text);
    // The same call over the WebSocket keeps every documented field, with whole URIs.
    const overSocket = await ws.request<Record<string, unknown>>('findNodes', { type: 'FunctionDeclaration', name: 'orderTotal', uri: uriOf('shop/pricing.wst') });
    assert.equal(overSocket.uri, uriOf('shop/pricing.wst'));
    assert.equal(overSocket.truncated, false);
    assert.equal(overSocket.ambiguous, false);
  });

  it('groups brokenCallers by message and file, and a relative uri in a batch changes that file', async () => {
    const { matches } = await mcp.ok<{ matches: { uri: string; nodeId: string }[] }>('findSymbol', { name: 'orderTotal', kind: 'function' });
    const addDiscount = { type: 'insertNode', parentId: matches[0].nodeId, role: 'parameters', node: { type: 'Parameter', name: 'discount', paramType: 'number' } };
    const preview = await mcp.ok<Record<string, unknown>>('applyBatch', { uri: matches[0].uri, mutations: [addDiscount], dryRun: true });
    // One message, said once; under it each file once, with its calls.
    const groups = preview.brokenCallers as { code: string; message: string; severity?: string; files: { uri: string; calls: { nodeId: string; line: number; column: number }[] }[] }[];
    assert.equal(groups.length, 1, JSON.stringify(groups));
    assert.deepEqual([groups[0].code, groups[0].message, groups[0].severity], ['E_ARITY', "'orderTotal' expects 2 arguments but got 1", undefined]);
    assert.deepEqual(groups[0].files.map((file) => [file.uri, file.calls.map((call) => call.line)]), [['reports/weekly.wst', [2, 3]], ['shop/orders.wst', [3]]]);
    const calls = (preview.brokenCallers as { files: { uri: string; calls: { nodeId: string; line: number; column: number }[] }[] }[]).flatMap((group) => group.files.flatMap((file) => file.calls.map((call) => ({ uri: file.uri, ...call }))));
    assert.deepEqual(calls.map((call) => `${call.uri}:${call.line}`).sort(), ['reports/weekly.wst:2', 'reports/weekly.wst:3', 'shop/orders.wst:3']);
    assert.equal(preview.brokenCallersTotal, 3);
    assert.ok(!('diagnostics' in preview) && !('warning' in preview), `empty fields are left out: ${JSON.stringify(preview)}`);
    // The WebSocket's dry run keeps the flat list, one entry per call with its whole URI and diagnostic.
    const socketPreview = await ws.request<{ brokenCallers: { uri: string; diagnostic: { code: string } }[]; warning: unknown }>('applyBatch', { uri: uriOf('shop/pricing.wst'), mutations: [addDiscount], dryRun: true });
    assert.equal(socketPreview.brokenCallers.length, 3);
    assert.ok(socketPreview.brokenCallers.every((caller) => caller.uri.startsWith('file://') && caller.diagnostic.code === 'E_ARITY'));
    assert.equal(socketPreview.warning, null, 'the WebSocket result keeps its null fields');
    // The change and every caller's fix, each mutation naming its file by its relative path.
    const applied = await mcp.ok<{ files: { uri: string }[] }>('applyBatch', {
      mutations: [{ ...addDiscount, uri: 'shop/pricing.wst' }, ...calls.map((call) => ({ type: 'insertNode', parentId: call.nodeId, role: 'arguments', node: { type: 'Literal', value: 0 }, uri: call.uri }))],
    });
    assert.deepEqual(applied.files.map((file) => file.uri).sort(), ['reports/weekly.wst', 'shop/orders.wst', 'shop/pricing.wst']);
    assert.match(readFileSync(join(server.folder, 'reports/weekly.wst'), 'utf8'), /pricing\.orderTotal\(\[3\], 0\)/);
  });

  it('names the parameter an argument does not fit, declared in another file, and the function a call has the wrong arity for', async () => {
    const { diagnostics } = await ws.request<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri: uriOf('shop/orders.wst') });
    const mismatch = diagnostics.find((diagnostic) => diagnostic.code === 'E_TYPE_MISMATCH');
    assert.ok(mismatch?.related, JSON.stringify(diagnostics));
    const [parameter] = mismatch.related;
    assert.equal(parameter.qualifiedName, 'shop.pricing.label');
    assert.equal(parameter.uri, uriOf('shop/pricing.wst'));
    assert.equal(parameter.message, "parameter 'kg'", 'the message does not repeat the qualified name beside it');
    assert.deepEqual([parameter.line, parameter.column], [9, 9]);
    const { node } = await ws.request<{ node: { type: string; name: string } }>('getNode', { uri: parameter.uri, nodeId: parameter.nodeId, depth: 0 });
    assert.deepEqual([node.type, node.name], ['Parameter', 'kg']);
    // Through MCP: the diagnostic's span is its end, the related file relative.
    const overMcp = await mcp.ok<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri: 'shop/orders.wst' });
    const compact = overMcp.diagnostics.find((diagnostic) => diagnostic.code === 'E_TYPE_MISMATCH')!;
    assert.equal(compact.span, undefined);
    assert.deepEqual(compact.end, [5, 13]);
    assert.equal(compact.related?.[0].uri, 'shop/pricing.wst');
    // A call with one argument too many names the function's declaration.
    const weekly = uriOf('reports/weekly.wst');
    const { candidates } = await ws.request<{ candidates: { nodeId: string }[] }>('findNodes', { type: 'CallExpression', text: 'pricing.orderTotal([3]', uri: weekly });
    await ws.request('applyMutation', { type: 'insertNode', parentId: candidates[0].nodeId, role: 'arguments', node: { type: 'Literal', value: 1 }, uri: weekly });
    const after = await ws.request<{ diagnostics: Diagnostic[] }>('getDiagnostics', { uri: weekly });
    const arity = after.diagnostics.find((diagnostic) => diagnostic.code === 'E_ARITY');
    assert.ok(arity?.related, JSON.stringify(after.diagnostics));
    assert.equal(arity.related[0].qualifiedName, 'shop.pricing.orderTotal');
    assert.equal(arity.related[0].message, 'declared here');
  });

  it('takes a node as Whetstone source text for the role it goes into, and refuses text that is not one such node, changing nothing', async () => {
    const file = join(server.folder, 'reports/weekly.wst');
    const { candidates } = await mcp.ok<{ candidates: { nodeId: string; parentId: string }[] }>('findNodes', { type: 'VariableDeclaration', name: 'monday', uri: 'reports/weekly.wst' });
    const program = candidates[0].parentId;
    const before = readFileSync(file, 'utf8');
    for (const [mutation, why] of [
      [{ type: 'insertNode', parentId: program, role: 'children', source: 'print(1);\nprint(2);' }, /exactly one declaration or statement/],
      [{ type: 'insertNode', parentId: program, role: 'children', source: 'fn broken( {' }, /does not parse/],
      [{ type: 'insertNode', parentId: program, role: 'children', source: '// why\nprint(1);' }, /comment/],
      [{ type: 'insertNode', parentId: program, role: 'children', source: 'print(1);', node: { type: 'Identifier', name: 'x' } }, /not both/],
      [{ type: 'insertNode', parentId: candidates[0].nodeId, role: 'initializer', source: 'let x = 1;' }, /does not parse/],
    ] as const) {
      const refused = await mcp.call('applyMutation', { ...mutation, uri: 'reports/weekly.wst' });
      assert.equal(refused.isError, true, JSON.stringify(mutation));
      assert.equal(refused.structured.code, -32602, refused.text);
      assert.match(String(refused.structured.message), why);
    }
    assert.equal(readFileSync(file, 'utf8'), before, 'a refused text changes nothing');
    // A function at the end of the file, an argument replaced, a parameter added: each as text.
    const inserted = await mcp.ok<{ insertedNodeIds: string[] }>('applyBatch', {
      uri: 'reports/weekly.wst',
      mutations: [
        { type: 'insertNode', parentId: program, role: 'children', source: 'fn twice(x: number): number {\n  return x * 2;\n}' },
        { type: 'insertNode', parentId: program, role: 'children', source: 'print(twice(monday));' },
      ],
    });
    assert.equal(inserted.insertedNodeIds.length, 2);
    // Without parentId a node goes into the file's top level, over MCP and over the WebSocket alike.
    const topLevel = await mcp.ok<{ changedNodeIds: string[] }>('applyMutation', { type: 'insertNode', role: 'children', source: 'print(3);', uri: 'reports/weekly.wst' });
    assert.deepEqual(topLevel.changedNodeIds, [program]);
    await ws.request('applyMutation', { type: 'insertNode', role: 'children', source: 'print(4);', uri: uriOf('reports/weekly.wst') });
    assert.match(readFileSync(file, 'utf8'), /\nprint\(3\);\nprint\(4\);\n$/);
    const twice = await mcp.ok<{ candidates: { nodeId: string }[] }>('findNodes', { type: 'FunctionDeclaration', name: 'twice', uri: 'reports/weekly.wst' });
    await mcp.ok('applyMutation', { type: 'insertNode', parentId: twice.candidates[0].nodeId, role: 'parameters', source: 'factor: number = 2', uri: 'reports/weekly.wst' });
    const product = await mcp.ok<{ candidates: { nodeId: string }[] }>('findNodes', { type: 'BinaryExpression', text: 'x * 2', uri: 'reports/weekly.wst' });
    await mcp.ok('applyMutation', { type: 'updateNode', nodeId: product.candidates[0].nodeId, source: 'x * factor', uri: 'reports/weekly.wst' });
    const after = readFileSync(file, 'utf8');
    assert.match(after, /\nfn twice\(x: number, factor: number = 2\): number \{\n {2}return x \* factor;\n\}\n/);
    assert.match(after, /\nprint\(twice\(monday\)\);\n/);
    // No error but the call the test before gave one argument too many.
    const { diagnostics } = await mcp.ok<{ diagnostics: { severity: string; code: string }[] }>('getDiagnostics', { uri: 'reports/weekly.wst' });
    assert.deepEqual(diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => diagnostic.code), ['E_ARITY']);
  });

  it("gives getDiagnostics' fixes by their id, and a change's diagnostics' fix as Whetstone source text, which applyMutation takes as it is", async () => {
    type Fixed = { code: string; fix?: Record<string, unknown>[]; fixId?: string };
    const overMcp = await mcp.ok<{ diagnostics: Fixed[] }>('getDiagnostics', { uri: 'shop/orders.wst' });
    const mismatch = overMcp.diagnostics.find((diagnostic) => diagnostic.code === 'E_TYPE_MISMATCH');
    assert.deepEqual([mismatch?.fix, typeof mismatch?.fixId], [undefined, 'string'], JSON.stringify(mismatch));
    // The WebSocket's fix keeps its node as AST JSON, beside its id.
    const overSocket = await ws.request<{ diagnostics: Fixed[] }>('getDiagnostics', { uri: uriOf('shop/orders.wst') });
    const socketMismatch = overSocket.diagnostics.find((diagnostic) => diagnostic.code === 'E_TYPE_MISMATCH');
    assert.equal((socketMismatch?.fix?.[0].node as { type: string } | undefined)?.type, 'Literal');
    assert.equal(typeof socketMismatch?.fixId, 'string');
    // A change's answer gives the file's diagnostics with their fix as text.
    const changed = await mcp.ok<{ diagnostics: Fixed[] }>('applyMutation', { type: 'insertNode', role: 'children', source: 'print(0);', uri: 'shop/orders.wst' });
    const [fix] = changed.diagnostics.find((diagnostic) => diagnostic.code === 'E_TYPE_MISMATCH')?.fix ?? [];
    assert.deepEqual(fix && { ...fix, nodeId: undefined }, { type: 'updateNode', nodeId: undefined, source: '"3"' }, JSON.stringify(changed));
    await mcp.ok('applyMutation', { ...fix, uri: 'shop/orders.wst' });
    assert.match(readFileSync(join(server.folder, 'shop/orders.wst'), 'utf8'), /\nprint\(label\("3"\)\);\n/);
    const after = await mcp.ok<{ diagnostics: Fixed[] }>('getDiagnostics', { uri: 'shop/orders.wst' });
    assert.deepEqual(after.diagnostics.map((diagnostic) => diagnostic.code), []);
  });

  it('does not say back what the call said: the file it named, the nodes its mutations named among those changed, the field a query filtered by', async () => {
    // A query naming its file, by its relative path or its whole URI: the answer is that file's.
    for (const uri of ['shop/pricing.wst', uriOf('shop/pricing.wst')]) {
      const answer = await mcp.ok<Record<string, unknown>>('getDiagnostics', { uri });
      assert.ok(!('uri' in answer) && typeof answer.revision === 'number', JSON.stringify(answer));
    }
    const { candidates } = await mcp.ok<{ candidates: { parentId: string }[] }>('findNodes', { type: 'FunctionDeclaration', name: 'label', uri: 'shop/pricing.wst' });
    const program = candidates[0].parentId;
    // An insert into the node it names: that node changed, the answer lists only what is new.
    const inserted = await mcp.ok<Record<string, unknown>>('applyMutation', { type: 'insertNode', parentId: program, role: 'children', source: 'print(1);', uri: 'shop/pricing.wst' });
    assert.deepEqual([inserted.uri, inserted.changedNodeIds, (inserted.insertedNodeIds as string[]).length], [undefined, undefined, 1], JSON.stringify(inserted));
    // Over the WebSocket the same change says every field.
    const overSocket = await ws.request<{ uri: string; changedNodeIds: string[] }>('applyMutation', { type: 'insertNode', parentId: program, role: 'children', source: 'print(2);', uri: uriOf('shop/pricing.wst') });
    assert.deepEqual([overSocket.uri, overSocket.changedNodeIds], [uriOf('shop/pricing.wst'), [program]]);
    // A change of several files: each file keeps its uri, and its changedNodeIds what its mutations did not name.
    const weekly = await mcp.ok<{ candidates: { nodeId: string }[] }>('findNodes', { type: 'CallExpression', text: 'pricing.orderTotal([1, 2]', uri: 'reports/weekly.wst' });
    const batch = await mcp.ok<{ files: Record<string, unknown>[] }>('applyBatch', {
      mutations: [
        { type: 'insertNode', parentId: program, role: 'children', source: 'print(3);', uri: 'shop/pricing.wst' },
        { type: 'insertNode', role: 'children', source: 'print(4);', uri: 'reports/weekly.wst' },
        { type: 'insertNode', parentId: weekly.candidates[0].nodeId, role: 'arguments', source: '5', uri: 'reports/weekly.wst' },
      ],
    });
    const byUri = new Map(batch.files.map((file) => [file.uri, file]));
    assert.equal(byUri.get('shop/pricing.wst')?.changedNodeIds, undefined, JSON.stringify(batch));
    // A query's list leaves out the field the call filtered by: every entry has the value asked.
    const byType = await mcp.ok<{ candidates: Record<string, unknown>[] }>('findNodes', { type: 'FunctionDeclaration', name: 'label', uri: 'shop/pricing.wst' });
    assert.deepEqual(Object.keys(byType.candidates[0]).sort(), ['nodeId', 'parentId', 'span'], JSON.stringify(byType));
    const byText = await mcp.ok<{ candidates: Record<string, unknown>[] }>('findNodes', { text: 'fn label', uri: 'shop/pricing.wst' });
    assert.deepEqual([byText.candidates[0].type, byText.candidates[0].name], ['FunctionDeclaration', 'label'], 'what the call did not ask is said');
    const byKind = await mcp.ok<{ matches: Record<string, unknown>[] }>('findSymbol', { name: 'label', kind: 'function' });
    assert.equal(byKind.matches[0].kind, undefined, JSON.stringify(byKind));
    assert.equal((await mcp.ok<{ matches: Record<string, unknown>[] }>('findSymbol', { name: 'label' })).matches[0].kind, 'function');
    // The Program of reports/weekly.wst was not named (the insert took the top level by default): it is listed, the call named is not.
    const monday = await mcp.ok<{ candidates: { parentId: string }[] }>('findNodes', { type: 'VariableDeclaration', name: 'monday', uri: 'reports/weekly.wst' });
    assert.deepEqual(byUri.get('reports/weekly.wst')?.changedNodeIds, [monday.candidates[0].parentId], JSON.stringify(batch));
  });
});
