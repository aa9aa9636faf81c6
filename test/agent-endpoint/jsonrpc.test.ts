// JSON-RPC 2.0 as the real server speaks it: every protocol-level error code, batches,
// notifications, role refusals with their hints, and internal errors that never leak a stack.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, type RpcError, type RpcResponse, type ServeProcess } from './serve-harness';

const SOURCE = 'fn double(x: number): number {\n  return x * 2;\n}\n\nprint(double(21));\n';

describe('serve: JSON-RPC', () => {
  let server: ServeProcess;
  let client: AgentClient;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE } });
    client = await AgentClient.connect(server);
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  async function raw(text: string): Promise<RpcResponse | RpcResponse[]> {
    const answer = client.nextUnmatched();
    client.sendRaw(text);
    return (await answer) as RpcResponse | RpcResponse[];
  }

  function single(response: RpcResponse | RpcResponse[]): RpcResponse {
    assert.ok(!Array.isArray(response), JSON.stringify(response));
    return response;
  }

  it('answers malformed JSON with -32700 and id null', async () => {
    const response = single(await raw('{"jsonrpc": "2.0", "id": 1, "method": "ping"'));
    assert.equal(response.jsonrpc, '2.0');
    assert.equal(response.id, null);
    assert.equal(response.error?.code, -32700);
    assert.ok(response.error?.data?.hint);
  });

  it('answers a non-request with -32600', async () => {
    for (const text of ['42', '"ping"', 'null', '{"id": 5, "method": "ping"}', '{"jsonrpc": "1.0", "id": 5, "method": "ping"}', '{"jsonrpc": "2.0", "id": 5, "result": 1}', '{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}', '{"jsonrpc": "2.0", "id": 6, "method": "ping", "params": 3}']) {
      const response = single(await raw(text));
      assert.equal(response.error?.code, -32600, `${text} → ${JSON.stringify(response)}`);
    }
    // The id of an otherwise invalid request is kept when it is a valid id.
    assert.equal(single(await raw('{"jsonrpc": "1.0", "id": 5, "method": "ping"}')).id, 5);
  });

  it('answers an empty batch with one -32600', async () => {
    const response = single(await raw('[]'));
    assert.equal(response.error?.code, -32600);
    assert.match(response.error.message, /empty batch/);
  });

  it('answers each entry of a batch, in order, and no notification', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 'a', method: 'ping' },
      { jsonrpc: '2.0', method: 'ping' },
      { jsonrpc: '2.0', id: 'b', method: 'noSuchMethod' },
      1,
      { jsonrpc: '2.0', id: 'c', method: 'setAgentName', params: { name: 'Batcher' } },
    ];
    const response = await raw(JSON.stringify(batch));
    assert.ok(Array.isArray(response), JSON.stringify(response));
    assert.equal(response.length, 4);
    assert.equal(response[0].id, 'a');
    assert.equal((response[0].result as { message: string }).message, 'pong');
    assert.equal(response[1].id, 'b');
    assert.equal(response[1].error?.code, -32601);
    assert.equal(response[2].id, null);
    assert.equal(response[2].error?.code, -32600);
    assert.equal(response[3].id, 'c');
    assert.equal((response[3].result as { agentName: string }).agentName, 'Batcher');
  });

  it('sends nothing for a batch of notifications, yet runs them', async () => {
    const seen = client.unmatched.length;
    client.sendRaw(JSON.stringify([{ jsonrpc: '2.0', method: 'setAgentName', params: { name: 'Quiet' } }, { jsonrpc: '2.0', method: 'noSuchMethod' }]));
    client.sendRaw(JSON.stringify({ jsonrpc: '2.0', method: 'ping' }));
    const info = await client.request<{ agentName: string }>('getSessionInfo');
    assert.equal(info.agentName, 'Quiet');
    // Messages are answered in order, so anything sent for the notifications would be here by now.
    assert.deepEqual(client.unmatched.slice(seen), []);
  });

  it('answers an unknown method with -32601 and a hint', async () => {
    const response = await client.call('frobnicate');
    assert.equal(response.error?.code, -32601);
    assert.match(response.error.message, /frobnicate/);
    const cased = await client.call('PING');
    assert.equal(cased.error?.code, -32601);
    assert.match(String(cased.error.data?.hint), /ping/);
  });

  it('answers params failing the schema with -32602 naming the field', async () => {
    const wrongType = (await client.call('setAgentName', { name: 7 })).error as RpcError;
    assert.equal(wrongType.code, -32602);
    assert.match(wrongType.message, /params\.name must be string/);
    assert.equal(wrongType.data?.field, 'params.name');
    const missing = (await client.call('setAgentName', {})).error as RpcError;
    assert.equal(missing.code, -32602);
    assert.match(missing.message, /params\.name is required/);
    const unknown = (await client.call('ping', { extra: true })).error as RpcError;
    assert.equal(unknown.code, -32602);
    assert.match(unknown.message, /params\.extra/);
    const nested = (await client.call('proposePlan', { steps: ['s'], reason: 'r', targets: [{ op: 'deleteNode', nodeId: 3 }] })).error as RpcError;
    // A linter is refused before its params are looked at.
    assert.equal(nested.code, -32031);
    await client.request('setAgentRole', { role: 'refactor' });
    const deep = (await client.call('proposePlan', { steps: ['s'], reason: 'r', targets: [{ op: 'deleteNode', nodeId: 3 }] })).error as RpcError;
    assert.equal(deep.code, -32602);
    assert.match(deep.message, /params\.targets\[0\]\.nodeId must be string/);
    const notObject = (await client.call('setAgentName', ['Positional'])).error as RpcError;
    assert.equal(notObject.code, -32602);
    await client.request('setAgentRole', { role: 'linter' });
  });

  it('refuses a method above the role with -32031 and a hint to setAgentRole', async () => {
    const response = await client.call('proposePlan', { steps: ['delete it'], reason: 'unused', targets: [] });
    assert.equal(response.error?.code, -32031);
    assert.match(response.error.message, /^Role not permitted: .*'refactor' or 'generator' role/);
    assert.match(String(response.error.data?.hint), /setAgentRole/);
  });

  it('refuses approvePlan and rejectPlan to every agent role', async () => {
    for (const role of ['linter', 'refactor', 'generator']) {
      await client.request('setAgentRole', { role });
      for (const method of ['approvePlan', 'rejectPlan']) {
        const response = await client.call(method, { planId: 'plan_x' });
        assert.equal(response.error?.code, -32031, `${method} as ${role}`);
        assert.match(String(response.error.data?.hint), /Only the person decides/);
      }
    }
    await client.request('setAgentRole', { role: 'linter' });
  });

  it('refuses messages nested deeper than the limit with -32600, and keeps serving', async () => {
    const deep = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    const response = single(await raw(deep));
    assert.equal(response.error?.code, -32600);
    assert.match(response.error.message, /nests/);
    assert.equal((await client.request<{ message: string }>('ping')).message, 'pong');
  });

  it('counts messages and updates lastMessageAtMs', async () => {
    const before = await client.request<{ messageCount: number; lastMessageAtMs: number; connectedAtMs: number }>('getSessionInfo');
    const afterInfo = await client.request<{ messageCount: number; lastMessageAtMs: number }>('getSessionInfo');
    assert.equal(afterInfo.messageCount, before.messageCount + 1);
    assert.ok(afterInfo.lastMessageAtMs >= before.lastMessageAtMs);
    assert.ok(before.lastMessageAtMs >= before.connectedAtMs);
  });
});
