// A change of a function's signature over a real WebSocket to `whetstone-agent serve DIR`: its
// answer, a dry run included, lists the call sites it breaks in the other files of the folder as
// brokenCallers (file, node, position, diagnostic), so the agent can fix them in the same batch;
// a change that leaves every export as it was reports none.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const FILES: Record<string, string> = {
  'shop/pricing.wst': 'fn orderTotal(prices: list<number>): number {\n  let t = 0;\n  for p in prices {\n    t = t + p;\n  }\n  return t;\n}\n',
  'shop/orders.wst': 'use shop.pricing.{orderTotal};\nfn checkout(items: list<number>): number {\n  return orderTotal(items);\n}\n',
  'reports/weekly.wst': 'use shop.pricing;\nlet monday = pricing.orderTotal([1, 2]);\nlet tuesday = pricing.orderTotal([3]);\nprint(monday + tuesday);\n',
  'notes.wst': 'fn orderTotal(x: number): number { return x; }\nprint(orderTotal(1));\n',
};

interface Broken {
  uri: string;
  nodeId: string;
  line: number;
  column: number;
  diagnostic: { code: string; severity: string; message: string };
}

interface ChangeAnswer {
  revision: number;
  brokenCallers: Broken[];
  brokenCallersTotal: number;
}

interface Ast {
  ast: { children: { id: string; type: string; name?: string; body?: { id: string; statements?: { id: string; type: string; name?: string }[] } }[] };
  revision: number;
}

describe('serve: brokenCallers of a signature change', () => {
  let server: ServeProcess;
  let agent: AgentClient;
  const uriOf = (file: string): string => pathToFileURL(join(server.folder, file)).href;

  before(async () => {
    server = await startServe({ files: FILES });
    agent = await AgentClient.connect(server);
    await agent.request('setAgentRole', { role: 'refactor' });
  });
  after(async () => {
    agent?.socket.close();
    await server?.stop();
  });

  async function orderTotal(): Promise<{ id: string; revision: number; localId: string }> {
    const { ast, revision } = await agent.request<Ast>('getAST', { uri: uriOf('shop/pricing.wst') });
    const fn = ast.children.find((child) => child.name === 'orderTotal');
    assert.ok(fn?.body?.statements);
    return { id: fn.id, revision, localId: fn.body.statements[0].id };
  }

  const addDiscount = (fnId: string) => ({ type: 'insertNode', parentId: fnId, role: 'parameters', node: { type: 'Parameter', name: 'discount', paramType: 'number' } });

  it('lists the calls a new parameter breaks in other files, in a dry run, without changing anything', async () => {
    const fn = await orderTotal();
    const answer = await agent.request<ChangeAnswer>('applyMutation', { uri: uriOf('shop/pricing.wst'), ...addDiscount(fn.id), ifRevision: fn.revision, dryRun: true });
    const where = answer.brokenCallers.map((b) => `${b.uri.slice(b.uri.lastIndexOf('/') + 1)}:${b.line} ${b.diagnostic.code}`).sort();
    assert.deepEqual(where, ['orders.wst:3 E_ARITY', 'weekly.wst:2 E_ARITY', 'weekly.wst:3 E_ARITY']);
    assert.equal(answer.brokenCallersTotal, 3);
    // Each names a node of its file that an agent can read and fix.
    for (const broken of answer.brokenCallers) {
      const { node } = await agent.request<{ node: { type: string } }>('getNode', { uri: broken.uri, nodeId: broken.nodeId, depth: 0 });
      assert.equal(node.type, 'CallExpression', JSON.stringify(broken));
      assert.equal(broken.diagnostic.severity, 'error');
    }
    assert.equal(readFileSync(join(server.folder, 'shop/pricing.wst'), 'utf8'), FILES['shop/pricing.wst'], 'a dry run changes nothing');
  });

  it('reports none for a change that leaves the exports as they were', async () => {
    const fn = await orderTotal();
    const answer = await agent.request<ChangeAnswer>('applyMutation', { uri: uriOf('shop/pricing.wst'), type: 'setProperty', nodeId: fn.localId, property: 'name', value: 'sum', dryRun: true });
    assert.deepEqual(answer.brokenCallers, []);
    assert.equal(answer.brokenCallersTotal, 0);
  });

  it('reports the same when the change is applied, and the importers then show those errors', async () => {
    const fn = await orderTotal();
    const answer = await agent.request<ChangeAnswer>('applyMutation', { uri: uriOf('shop/pricing.wst'), ...addDiscount(fn.id), ifRevision: fn.revision });
    assert.equal(answer.brokenCallersTotal, 3);
    for (const broken of answer.brokenCallers) {
      const { diagnostics } = await agent.request<{ diagnostics: { code: string; nodeId: string }[] }>('getDiagnostics', { uri: broken.uri });
      assert.ok(diagnostics.some((d) => d.code === 'E_ARITY' && d.nodeId === broken.nodeId), `${broken.uri} now has the error at ${broken.nodeId}`);
    }
    const notes = await agent.request<{ diagnostics: { code: string }[] }>('getDiagnostics', { uri: uriOf('notes.wst') });
    assert.deepEqual(notes.diagnostics.filter((d) => d.code === 'E_ARITY'), [], 'a file with its own orderTotal is not an importer');
  });
});
