// listFiles, findSymbol and findReferences over a real WebSocket on a real `serve` of a folder
// with nested modules: every file by module path, paged with a cursor; declarations by qualified
// name, bare name and Type.field, exact matches first, every candidate of an ambiguous name;
// references of a function in every file that uses it (by `use m.{x}` and by `m.x`), from its
// qualified name or from the node id of a use; the bounds and the refusals.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, type RpcError, type ServeProcess } from './serve-harness';

const ORDERS = `type Order { id: string, total: number }

fn total(values: list<number>): number {
  let sum = 0;
  for v in values {
    sum = sum + v;
  }
  return sum;
}
`;

const PRICING = `use shop.orders.{Order};

const TAX: number = 0.2;

fn orderTotal(order: Order): number {
  return order.total * (1 + TAX);
}
`;

const INVOICE = `use shop.pricing.{orderTotal};
use shop.orders.{Order};

fn invoiceLine(order: Order): number {
  return orderTotal(order) * 2;
}

print(orderTotal({ id: "a", total: 2 }));
`;

const REPORT = `use shop.pricing;

fn report(order) {
  print(pricing.orderTotal(order));
}
`;

// A file of its own with a function of the same name: a second candidate for a bare name.
const LEGACY = `fn orderTotal(n: number): number {
  return n;
}
`;

interface Match {
  qualifiedName: string;
  kind: string;
  uri: string;
  nodeId?: string;
  revision?: number;
  signature: string;
  line: number;
  column: number;
}

interface References {
  declaration: Match;
  references: { uri: string; nodeId?: string; revision?: number; line: number; column: number }[];
  total: number;
  truncated: boolean;
}

describe('listFiles, findSymbol, findReferences across a served folder (WebSocket, serve)', () => {
  let server: ServeProcess;
  let client: AgentClient;
  const file = (uri: string): string => uri.slice(uri.indexOf('/src/') + 5);
  const failure = async (method: string, params: unknown): Promise<RpcError> => {
    const response = await client.call(method, params);
    assert.ok(response.error, `${method} ${JSON.stringify(params).slice(0, 80)} answered`);
    return response.error;
  };

  before(async () => {
    server = await startServe({
      files: { 'shop/orders.wst': ORDERS, 'shop/pricing.wst': PRICING, 'billing/invoice.wst': INVOICE, 'billing/report.wst': REPORT, 'legacy.wst': LEGACY },
    });
    client = await AgentClient.connect(server);
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  it('lists every file with its module path, open with its revision, and pages through them with a cursor', async () => {
    const all = await client.request<{ files: { uri: string; module: string; open: boolean; revision?: number }[]; truncated: boolean; cursor?: string; indexing: boolean }>('listFiles');
    assert.deepEqual(
      all.files.map((entry) => [file(entry.uri), entry.module, entry.open, entry.revision]),
      [
        ['billing/invoice.wst', 'billing.invoice', true, 1],
        ['billing/report.wst', 'billing.report', true, 1],
        ['legacy.wst', 'legacy', true, 1],
        ['shop/orders.wst', 'shop.orders', true, 1],
        ['shop/pricing.wst', 'shop.pricing', true, 1],
      ],
    );
    assert.equal(all.truncated, false);
    assert.equal(all.cursor, undefined);
    assert.equal(all.indexing, false);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await client.request<{ files: { module: string }[]; truncated: boolean; cursor?: string }>('listFiles', { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.files.map((entry) => entry.module));
      if (!page.truncated) break;
      assert.equal(page.files.length, 2);
      cursor = page.cursor;
    }
    assert.deepEqual(seen, all.files.map((entry) => entry.module));
  });

  it('finds a declaration by its qualified name, with its node, revision and signature', async () => {
    const found = await client.request<{ matches: Match[]; total: number; truncated: boolean }>('findSymbol', { name: 'shop.pricing.orderTotal' });
    assert.equal(found.total, 1);
    const [match] = found.matches;
    assert.deepEqual([match.qualifiedName, match.kind, file(match.uri), match.signature, match.line, match.column, match.revision], ['shop.pricing.orderTotal', 'function', 'shop/pricing.wst', 'fn orderTotal(order: Order): number', 5, 3, 1]);
    const node = await client.request<{ node: { type: string; name: string } }>('getNode', { nodeId: match.nodeId, uri: match.uri, depth: 0 });
    assert.deepEqual([node.node.type, node.node.name], ['FunctionDeclaration', 'orderTotal']);
  });

  it('answers an ambiguous bare name with every candidate, the one named in full first, never one picked', async () => {
    const bare = await client.request<{ matches: Match[]; total: number }>('findSymbol', { name: 'orderTotal' });
    assert.deepEqual(bare.matches.map((match) => match.qualifiedName), ['legacy.orderTotal', 'shop.pricing.orderTotal']);
    // `total` is a function of shop.orders and a field of Order: both, with their kinds.
    const total = await client.request<{ matches: Match[] }>('findSymbol', { name: 'total' });
    assert.deepEqual(total.matches.map((match) => [match.qualifiedName, match.kind, match.signature]), [
      ['shop.orders.Order.total', 'field', 'total: number'],
      ['shop.orders.total', 'function', 'fn total(values: list<number>): number'],
    ]);
    const functions = await client.request<{ matches: Match[] }>('findSymbol', { name: 'total', kind: 'function' });
    assert.deepEqual(functions.matches.map((match) => match.qualifiedName), ['shop.orders.total']);
    // A module-less name named in full comes before the candidates that only end with it.
    const legacy = await client.request<{ matches: Match[] }>('findSymbol', { name: 'legacy.orderTotal' });
    assert.deepEqual(legacy.matches.map((match) => match.qualifiedName), ['legacy.orderTotal']);
  });

  it('finds a field as Type.field and module.Type.field, with the field\'s node', async () => {
    for (const name of ['Order.total', 'shop.orders.Order.total', 'orders.Order.total']) {
      const found = await client.request<{ matches: Match[] }>('findSymbol', { name });
      assert.deepEqual(found.matches.map((match) => [match.qualifiedName, match.kind]), [['shop.orders.Order.total', 'field']], name);
      const node = await client.request<{ node: { type: string; name: string } }>('getNode', { nodeId: found.matches[0].nodeId, uri: found.matches[0].uri, depth: 0 });
      assert.deepEqual([node.node.type, node.node.name], ['Field', 'total']);
    }
    const type = await client.request<{ matches: Match[] }>('findSymbol', { name: 'Order', kind: 'type' });
    assert.deepEqual(type.matches.map((match) => [match.qualifiedName, match.signature]), [['shop.orders.Order', 'type Order { id: string, total: number }']]);
  });

  it('keeps results small: limit, total and truncated', async () => {
    const one = await client.request<{ matches: Match[]; total: number; truncated: boolean }>('findSymbol', { name: 'orderTotal', limit: 1 });
    assert.deepEqual([one.matches.length, one.total, one.truncated], [1, 2, true]);
    const none = await client.request<{ matches: Match[]; total: number; truncated: boolean }>('findSymbol', { name: 'noSuchName' });
    assert.deepEqual([none.matches, none.total, none.truncated], [[], 0, false]);
  });

  it('finds every reference to a function in every file, by its qualified name or by the node id of a use', async () => {
    const byName = await client.request<References>('findReferences', { qualifiedName: 'shop.pricing.orderTotal' });
    assert.equal(byName.declaration.qualifiedName, 'shop.pricing.orderTotal');
    assert.equal(file(byName.declaration.uri), 'shop/pricing.wst');
    assert.deepEqual(
      byName.references.map((reference) => [file(reference.uri), reference.line, reference.column]),
      [
        ['billing/invoice.wst', 1, 18],
        ['billing/invoice.wst', 5, 9],
        ['billing/invoice.wst', 8, 6],
        ['billing/report.wst', 4, 16],
      ],
    );
    assert.deepEqual([byName.total, byName.truncated], [4, false]);
    for (const reference of byName.references) {
      assert.equal(reference.revision, 1);
      assert.ok(reference.nodeId, 'an open file\'s reference carries its node');
    }
    // The node id of a use in another file leads to the same declaration.
    const use = byName.references[2];
    const fromUse = await client.request<References>('findReferences', { nodeId: use.nodeId, uri: use.uri, limit: 2 });
    assert.equal(fromUse.declaration.qualifiedName, 'shop.pricing.orderTotal');
    assert.deepEqual([fromUse.references.length, fromUse.total, fromUse.truncated], [2, 4, true]);
  });

  it('follows calls and imports across modules: getCallHierarchy and getDependencyGraph name the other files\' entries by uri and qualified name', async () => {
    const [orderTotal] = (await client.request<{ matches: Match[] }>('findSymbol', { name: 'shop.pricing.orderTotal' })).matches;
    const hierarchy = await client.request<{ callerIds: string[]; callersInOtherFiles: Match[]; calleesInOtherFiles: Match[] }>('getCallHierarchy', { functionId: orderTotal.nodeId, uri: orderTotal.uri });
    // No caller in its own file: every call is in another one, each with the function (or the Program) it is written in.
    assert.deepEqual(hierarchy.callerIds, []);
    assert.deepEqual(
      hierarchy.callersInOtherFiles.map((call) => [file(call.uri), call.qualifiedName, call.line, call.column, call.revision]),
      [
        ['billing/invoice.wst', 'billing.invoice.invoiceLine', 5, 9, 1],
        ['billing/invoice.wst', 'billing.invoice', 8, 6, 1],
        ['billing/report.wst', 'billing.report.report', 4, 16, 1],
      ],
    );
    const callerNodes = await Promise.all(
      hierarchy.callersInOtherFiles.map(async (call) => (await client.request<{ node: { type: string; name?: string } }>('getNode', { nodeId: call.nodeId, uri: call.uri, depth: 0 })).node.type),
    );
    assert.deepEqual(callerNodes, ['FunctionDeclaration', 'Program', 'FunctionDeclaration']);
    const [invoiceLine] = (await client.request<{ matches: Match[] }>('findSymbol', { name: 'billing.invoice.invoiceLine' })).matches;
    const callees = await client.request<{ calleesInOtherFiles: Match[] }>('getCallHierarchy', { functionId: invoiceLine.nodeId, uri: invoiceLine.uri });
    assert.deepEqual(callees.calleesInOtherFiles.map((callee) => [callee.qualifiedName, callee.kind, file(callee.uri), callee.nodeId]), [['shop.pricing.orderTotal', 'function', 'shop/pricing.wst', orderTotal.nodeId]]);
    const dependencies = await client.request<{ importedDeclarations: Match[] }>('getDependencyGraph', { nodeId: invoiceLine.nodeId, uri: invoiceLine.uri });
    assert.deepEqual(dependencies.importedDeclarations.map((declaration) => [declaration.qualifiedName, declaration.kind, file(declaration.uri), declaration.line, declaration.column]), [
      ['shop.orders.Order', 'type', 'shop/orders.wst', 1, 5],
      ['shop.pricing.orderTotal', 'function', 'shop/pricing.wst', 5, 3],
    ]);
  });

  it('finds the uses of a field in the file declaring its type and in the files importing from it, from its qualified name or its Field node', async () => {
    const byName = await client.request<References & { notes: string[] }>('findReferences', { qualifiedName: 'Order.total' });
    assert.deepEqual([byName.declaration.qualifiedName, byName.declaration.kind, file(byName.declaration.uri)], ['shop.orders.Order.total', 'field', 'shop/orders.wst']);
    // A key of a literal passed where an Order is expected, and a read of an Order parameter's field.
    assert.deepEqual(
      byName.references.map((reference) => [file(reference.uri), reference.line, reference.column]),
      [
        ['billing/invoice.wst', 8, 28],
        ['shop/pricing.wst', 6, 15],
      ],
    );
    assert.deepEqual(byName.notes, []);
    const read = await client.request<{ node: { type: string; property: string } }>('getNode', { nodeId: byName.references[1].nodeId, uri: byName.references[1].uri, depth: 0 });
    assert.deepEqual([read.node.type, read.node.property], ['MemberExpression', 'total']);
    // From the Field node: the same answer.
    const fromField = await client.request<References>('findReferences', { nodeId: byName.declaration.nodeId, uri: byName.declaration.uri });
    assert.deepEqual(fromField.references, byName.references);
    // A rename of the field reaches the same files (a dry run: nothing changes).
    await client.request('setAgentRole', { role: 'refactor' });
    const renamed = await client.request<{ changes: { uri: string }[] }>('renameSymbol', { nodeId: byName.declaration.nodeId, uri: byName.declaration.uri, newName: 'amount', dryRun: true });
    assert.deepEqual(renamed.changes.map((change) => file(change.uri)).sort(), ['billing/invoice.wst', 'shop/orders.wst', 'shop/pricing.wst']);
  });

  it('refuses an ambiguous qualifiedName with the candidates, an unknown one and a local, saying why', async () => {
    const ambiguous = await failure('findReferences', { qualifiedName: 'orderTotal' });
    assert.equal(ambiguous.code, -32602);
    assert.deepEqual((ambiguous.data as { candidates: { qualifiedName: string }[] }).candidates.map((candidate) => candidate.qualifiedName), ['legacy.orderTotal', 'shop.pricing.orderTotal']);
    assert.equal((await failure('findReferences', { qualifiedName: 'shop.nothing' })).code, -32002);
    const { matches } = await client.request<{ matches: Match[] }>('findSymbol', { name: 'shop.orders.total' });
    const local = await client.request<{ candidates: { nodeId: string }[] }>('findNodes', { type: 'VariableDeclaration', name: 'sum', uri: matches[0].uri });
    const refused = await failure('findReferences', { nodeId: local.candidates[0].nodeId, uri: matches[0].uri });
    assert.equal(refused.code, -32002);
    assert.match(refused.message, /not a top-level declaration/);
  });

  it('refuses what is not a qualified name and limits beyond their bounds with -32602', async () => {
    for (const [method, params] of [
      ['findSymbol', { name: 'shop..pricing' }],
      ['findSymbol', { name: '.x' }],
      ['findSymbol', { name: 'x', kind: 'module' }],
      ['findSymbol', { name: 'x', limit: 501 }],
      ['findSymbol', { name: 'x'.repeat(1001) }],
      ['listFiles', { limit: 0 }],
      ['listFiles', { limit: 1001 }],
      ['findReferences', {}],
      ['findReferences', { qualifiedName: 'a', nodeId: '1' }],
      ['findReferences', { qualifiedName: 'a', limit: 1001 }],
    ] as const) {
      assert.equal((await failure(method, params)).code, -32602, `${method} ${JSON.stringify(params).slice(0, 80)}`);
    }
  });
});
