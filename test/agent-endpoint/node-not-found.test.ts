// A mutation naming a node the buffer does not have answers -32002 (Node not found), as the
// queries do, against the real `whetstone-agent serve`: a single applyMutation names the node
// without speaking of "mutations[0]", a batch also says which entry, and the file stays as it was.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const MAIN = 'fn greet(name: string): string {\n  return "Hello, " + name;\n}\n';

describe('unknown node ids in mutations', () => {
  let server: ServeProcess;
  let client: AgentClient;
  const disk = (): string => readFileSync(join(server.folder, 'main.wst'), 'utf8');
  before(async () => {
    server = await startServe({ files: { 'main.wst': MAIN } });
    client = await AgentClient.connect(server);
    await client.request('setAgentRole', { role: 'refactor' });
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  it('applyMutation: -32002 naming the node, the buffer and its revision, not mutations[0]', async () => {
    const response = await client.call('applyMutation', { type: 'setProperty', nodeId: 'node_424242', property: 'name', value: 'x' });
    assert.equal(response.error?.code, -32002, JSON.stringify(response.error));
    assert.match(response.error.message, /^Node not found: no node node_424242 in file:.*main\.wst \(revision 1\)/);
    assert.doesNotMatch(response.error.message, /mutations\[/);
    assert.equal(response.error.data?.nodeId, 'node_424242');
    assert.equal(response.error.data?.revision, 1);
    assert.ok(response.error.data?.hint);
    assert.equal(disk(), MAIN);
  });

  it('applyBatch: -32002 with the index of the entry that names it; nothing applied', async () => {
    const { ast } = await client.request<{ ast: { children: { id: string; type: string }[] } }>('getAST');
    const greet = ast.children.find((node) => node.type === 'FunctionDeclaration')!;
    const response = await client.call('applyBatch', {
      mutations: [
        { type: 'setProperty', nodeId: greet.id, property: 'name', value: 'welcome' },
        { type: 'deleteNode', nodeId: 'node_99999' },
      ],
    });
    assert.equal(response.error?.code, -32002, JSON.stringify(response.error));
    assert.match(response.error.message, /^Node not found: mutations\[1\] names node_99999/);
    assert.equal(response.error.data?.index, 1);
    assert.equal(disk(), MAIN);
  });
});
