// MCP over Streamable HTTP at /mcp on the real `whetstone-agent serve` (dist/cli.js), with the MCP
// SDK's own Client: the tools generated from the method table, an MCP session as an agent session
// (role, plans, notifications), errors that keep their JSON-RPC code, and the endpoint's rules
// (token, Origin, Host, size) on this route too.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { connectHttp, INITIALIZE, rawMcp, type McpAgent } from './mcp-harness';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const SOURCE = 'fn unused(): number {\n  return 1;\n}\n\nfn double(x: number): number {\n  return x * 2;\n}\n\nprint(double(21));\n';

interface Candidate {
  nodeId: string;
  name?: string;
}

async function functionId(agent: McpAgent, name: string): Promise<string> {
  const found = await agent.ok<{ candidates: Candidate[] }>('findNodes', { type: 'FunctionDeclaration', name });
  assert.equal(found.candidates.length, 1, `one function ${name}`);
  return found.candidates[0].nodeId;
}

describe('MCP over Streamable HTTP (serve)', () => {
  let server: ServeProcess;
  let agent: McpAgent;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE } });
    agent = await connectHttp(server, { name: 'http-test-agent' });
  });
  after(async () => {
    await agent.close();
    await server.stop();
  });

  it('lists the tools of the method table with their schemas and hints, and not the person\'s', async () => {
    const { tools } = await agent.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of ['getNode', 'findNodes', 'getDiagnostics', 'applyMutation', 'applyBatch', 'proposePlan', 'listPlans', 'undo', 'setAgentRole']) assert.ok(byName.has(name), name);
    assert.ok(!byName.has('approvePlan') && !byName.has('rejectPlan'), 'no agent may decide a plan: not a tool');
    assert.ok(!byName.has('ping'), 'MCP has its own ping');
    const getNode = byName.get('getNode')!;
    assert.deepEqual(getNode.inputSchema.required, ['nodeId']);
    assert.equal(getNode.annotations?.readOnlyHint, true);
    assert.equal(getNode.outputSchema?.type, 'object');
    assert.equal(byName.get('applyMutation')!.annotations?.destructiveHint, true);
    assert.notEqual(byName.get('applyMutation')!.annotations?.readOnlyHint, true);
    assert.equal(byName.get('undo')!.annotations?.destructiveHint, false);
    assert.match(byName.get('applyMutation')!.description ?? '', /-32040/);
    assert.match(agent.client.getInstructions() ?? '', /setAgentRole/);
  });

  it('answers a query with structuredContent in the contract\'s shape, and the same JSON as text', async () => {
    const id = await functionId(agent, 'double');
    const answer = await agent.call('getNode', { nodeId: id, depth: 0 });
    assert.equal(answer.isError, false);
    const node = answer.structured.node as { type: string; name: string; id: string };
    assert.equal(node.type, 'FunctionDeclaration');
    assert.equal(node.name, 'double');
    assert.equal(answer.structured.truncated, true);
    assert.match(String(answer.structured.uri), /main\.wst$/);
    assert.equal(answer.structured.revision, 1);
    assert.deepEqual(JSON.parse(answer.text), answer.structured);
  });

  it('is an agent session: listed with the client\'s name, starting as linter', async () => {
    const info = await agent.ok<{ sessionId: string; agentName: string }>('getSessionInfo');
    assert.equal(info.agentName, 'http-test-agent');
    const ws = await AgentClient.connect(server);
    const sessions = await ws.request<{ sessionId: string }[]>('listSessions');
    assert.ok(sessions.some((session) => session.sessionId === info.sessionId));
    await ws.close();
    const listed = await agent.ok<{ sessions: { sessionId: string }[] }>('listSessions');
    assert.ok(listed.sessions.some((session) => session.sessionId === info.sessionId), 'an array result comes under a named key');
  });

  it('records a workflow of the session\'s calls and replays it', async () => {
    const recorder = await connectHttp(server);
    await recorder.ok('startWorkflowRecording', { name: 'look around' });
    await recorder.ok('findNodes', { type: 'FunctionDeclaration', name: 'double' });
    await recorder.ok('getDiagnostics');
    const workflow = await recorder.ok<{ name: string; steps: { method: string }[]; recording: boolean }>('stopWorkflowRecording');
    assert.equal(workflow.recording, false);
    assert.deepEqual(workflow.steps.map((step) => step.method), ['findNodes', 'getDiagnostics']);
    const replayed = await recorder.ok<{ count: number }>('replayWorkflow', { workflow });
    assert.equal(replayed.count, 2);
    await recorder.close();
  });

  it('refuses a change while the session is linter, keeping the code and the hint, and changes nothing', async () => {
    const fresh = await connectHttp(server);
    const id = await functionId(fresh, 'double');
    const answer = await fresh.call('applyMutation', { type: 'setProperty', nodeId: id, property: 'name', value: 'twice' });
    assert.equal(answer.isError, true);
    assert.equal(answer.structured.code, -32031);
    assert.match(String(answer.structured.hint), /setAgentRole/);
    assert.equal(readFileSync(join(server.folder, 'main.wst'), 'utf8'), SOURCE);
    await fresh.close();
  });

  it('names the field of arguments that fail the schema, and the tool an unknown name meant', async () => {
    const missing = await agent.call('getNode', {});
    assert.equal(missing.isError, true);
    assert.equal(missing.structured.code, -32602);
    assert.deepEqual(missing.structured.data, { field: 'params.nodeId' });
    const wrongType = await agent.call('getNode', { nodeId: 42 });
    assert.equal(wrongType.structured.code, -32602);
    assert.match(String(wrongType.structured.message), /params\.nodeId/);
    const unknown = await agent.call('getnode', { nodeId: 'node_1' });
    assert.equal(unknown.isError, true);
    assert.equal(unknown.structured.code, -32601);
    assert.match(String(unknown.structured.hint), /getNode/);
    const person = await agent.call('approvePlan', { planId: 'plan_x' });
    assert.equal(person.structured.code, -32031);
  });

  it('runs the plan flow: -32040 with the targets, proposePlan, planDecided on the stream, then the change', async () => {
    const refactor = await connectHttp(server);
    await refactor.ok('setAgentRole', { role: 'refactor' });
    const id = await functionId(refactor, 'unused');
    const refused = await refactor.call('applyMutation', { type: 'deleteNode', nodeId: id });
    assert.equal(refused.isError, true);
    assert.equal(refused.structured.code, -32040);
    const targets = (refused.structured.data as { targets: unknown[] }).targets;
    assert.deepEqual(targets, [{ op: 'deleteNode', nodeId: id, uri: pathToFileURL(join(server.folder, 'main.wst')).href }]);
    const plan = await refactor.ok<{ planId: string; status: string }>('proposePlan', { steps: ['delete unused'], reason: 'never called', targets });
    assert.equal(plan.status, 'pending');
    const decided = (await refactor.notification('notifications/whetstone/planDecided', (params) => (params as { planId: string }).planId === plan.planId)) as { status: string };
    assert.equal(decided.status, 'approved');
    const applied = await refactor.ok<{ success: boolean; revision: number }>('applyMutation', { type: 'deleteNode', nodeId: id, planId: plan.planId });
    assert.equal(applied.success, true);
    assert.ok(!readFileSync(join(server.folder, 'main.wst'), 'utf8').includes('fn unused'));
    // Every session hears that the buffer changed, on its own stream.
    const changed = (await agent.notification('notifications/whetstone/bufferChanged', (params) => (params as { revision: number }).revision === applied.revision)) as { uri: string };
    assert.match(changed.uri, /main\.wst$/);
    const undone = await refactor.ok<{ success: boolean }>('undo');
    assert.equal(undone.success, true);
    assert.equal(readFileSync(join(server.folder, 'main.wst'), 'utf8'), SOURCE);
    await refactor.close();
  });
});

describe('MCP over Streamable HTTP: the endpoint\'s rules', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE }, args: ['--approve', 'auto', '--max-message-bytes', '4096', '--allowed-origin', 'http://localhost:3000'] });
  });
  after(async () => {
    await server.stop();
  });

  const auth = (): Record<string, string> => ({ Authorization: `Bearer ${server.lock.token}` });

  it('refuses a request without the token, or with another, with 403 and no OAuth challenge', async () => {
    const none = await rawMcp(server.port, { body: INITIALIZE });
    assert.equal(none.status, 403);
    assert.equal(none.headers['www-authenticate'], undefined);
    assert.match(none.body, /Authorization: Bearer <token>.*lock file.*no OAuth/);
    const wrong = await rawMcp(server.port, { body: INITIALIZE, headers: { Authorization: 'Bearer 0123456789abcdef0123456789abcdef' } });
    assert.equal(wrong.status, 403);
    assert.ok(!wrong.body.includes(server.lock.token));
    await assert.rejects(connectHttp(server, { headers: { Authorization: 'Bearer nope' } }));
  });

  it('refuses a foreign Origin and a foreign Host (DNS rebinding) with 403, and allows a listed origin', async () => {
    const origin = await rawMcp(server.port, { body: INITIALIZE, headers: { ...auth(), Origin: 'http://evil.example' } });
    assert.equal(origin.status, 403);
    const host = await rawMcp(server.port, { body: INITIALIZE, headers: { ...auth(), Host: `evil.example:${server.port}` } });
    assert.equal(host.status, 403);
    const allowed = await rawMcp(server.port, { body: INITIALIZE, headers: { ...auth(), Origin: 'http://localhost:3000' } });
    assert.equal(allowed.status, 200);
    assert.ok(allowed.headers['mcp-session-id']);
  });

  it('answers a body over maxMessageBytes with 413, and malformed JSON with a parse error, changing nothing', async () => {
    const big = await rawMcp(server.port, { body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { pad: 'x'.repeat(8000) } }), headers: auth() });
    assert.equal(big.status, 413);
    const malformed = await rawMcp(server.port, { body: '{"jsonrpc": "2.0", "id": 1, "method": ', headers: auth() });
    assert.equal(malformed.status, 400);
    assert.equal((JSON.parse(malformed.body) as { error: { code: number } }).error.code, -32700);
    assert.equal(readFileSync(join(server.folder, 'main.wst'), 'utf8'), SOURCE);
  });

  it('answers an unknown session 404 and a request without one 400', async () => {
    const unknown = await rawMcp(server.port, { body: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}', headers: { ...auth(), 'Mcp-Session-Id': 'no-such-session' } });
    assert.equal(unknown.status, 404);
    const get = await rawMcp(server.port, { method: 'GET', headers: auth() });
    assert.equal(get.status, 400);
  });

  it('still answers WebSocket agents and plain HTTP elsewhere as before', async () => {
    const ws = await AgentClient.connect(server);
    assert.equal(((await ws.request('ping')) as { message: string }).message, 'pong');
    await ws.close();
    const plain = await fetch(`http://127.0.0.1:${server.port}/`);
    assert.equal(plain.status, 426);
  });
});
