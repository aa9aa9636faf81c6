// `whetstone-agent serve DIR` with the module model of `check --root` and the editor, over a real
// WebSocket: `use pricing` is the served pricing.wst, so getDiagnostics of a file importing it has
// the cross-file errors (a name pricing does not declare, a call with the wrong count), and a
// change to pricing made through the API changes what getDiagnostics of the importer says.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const PRICING = 'fn orderTotal(prices: list<number>): number {\n  let t = 0;\n  for p in prices {\n    t = t + p;\n  }\n  return t;\n}\n';
const ORDERS = 'use pricing.{orderTotal, missingThing};\nlet x: number = orderTotal([1, 2], 3);\nprint(x);\n';

interface Diagnostics {
  diagnostics: { code: string; message: string }[];
  revision: number;
}

describe('serve: modules across the served files', () => {
  let server: ServeProcess;
  let agent: AgentClient;
  let ordersUri: string;
  let pricingUri: string;

  before(async () => {
    server = await startServe({ files: { 'pricing.wst': PRICING, 'orders.wst': ORDERS } });
    ordersUri = pathToFileURL(join(server.folder, 'orders.wst')).href;
    pricingUri = pathToFileURL(join(server.folder, 'pricing.wst')).href;
    agent = await AgentClient.connect(server);
    await agent.request('setAgentRole', { role: 'refactor' });
  });
  after(async () => {
    agent?.socket.close();
    await server?.stop();
  });

  it('reports the errors that need the imported module: an unknown export and a wrong argument count', async () => {
    const { diagnostics } = await agent.request<Diagnostics>('getDiagnostics', { uri: ordersUri });
    const codes = diagnostics.map((d) => d.code);
    assert.ok(codes.includes('E_UNKNOWN_EXPORT'), codes.join(', '));
    assert.ok(codes.includes('E_ARITY'), codes.join(', '));
    assert.match(diagnostics.find((d) => d.code === 'E_UNKNOWN_EXPORT')?.message ?? '', /missingThing/);
  });

  it("re-checks the importer when the module changes through the API", async () => {
    const ast = await agent.request<{ ast: { children: { id: string; type: string; name?: string }[] } }>('getAST', { uri: pricingUri });
    const declaration = ast.ast.children.find((child) => child.name === 'orderTotal');
    assert.ok(declaration);
    // orderTotal renamed in pricing.wst alone: orders.wst now imports a name pricing does not declare.
    await agent.request('applyMutation', { uri: pricingUri, type: 'setProperty', nodeId: declaration.id, property: 'name', value: 'grandTotal' });
    const { diagnostics } = await agent.request<Diagnostics>('getDiagnostics', { uri: ordersUri });
    const unknown = diagnostics.filter((d) => d.code === 'E_UNKNOWN_EXPORT').map((d) => d.message);
    assert.ok(unknown.some((message) => /'orderTotal'/.test(message)), unknown.join(' | '));
    assert.ok(!diagnostics.some((d) => d.code === 'E_ARITY'), 'the call is no longer checked against the old signature');
  });
});
