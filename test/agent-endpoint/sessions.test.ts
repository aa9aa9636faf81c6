// Sessions, roles and capabilities on the real server: each connection is a session starting as
// linter, setAgentRole is capped by --max-role, getCapabilities describes the method table.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { METHODS } from '../../server/src/agent/methods/index';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

const SOURCE = 'fn double(x: number): number {\n  return x * 2;\n}\n\nprint(double(21));\n';

interface SessionInfo {
  sessionId: string;
  agentName: string;
  connected: boolean;
  connectedAtMs: number;
  lastMessageAtMs: number;
  messageCount: number;
}

const SESSION_INFO_FIELDS = ['agentName', 'connected', 'connectedAtMs', 'lastMessageAtMs', 'messageCount', 'sessionId'];

describe('serve: sessions and roles', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE } });
  });
  after(async () => {
    await server.stop();
  });

  it('gives each connection its own session with the reference\'s session info', async () => {
    const first = await AgentClient.connect(server);
    const second = await AgentClient.connect(server);
    const a = await first.request<SessionInfo>('getSessionInfo');
    const b = await second.request<SessionInfo>('getSessionInfo');
    assert.deepEqual(Object.keys(a).sort(), SESSION_INFO_FIELDS);
    assert.notEqual(a.sessionId, b.sessionId);
    assert.equal(a.connected, true);
    assert.equal(a.messageCount, 1);
    assert.equal((await first.request<{ sessionId: string }>('ping')).sessionId, a.sessionId);
    await first.close();
    await second.close();
  });

  it('setAgentName returns the session info with the new name, and listSessions shows every session', async () => {
    const first = await AgentClient.connect(server);
    const second = await AgentClient.connect(server);
    const named = await first.request<SessionInfo>('setAgentName', { name: 'RefactorBot' });
    assert.equal(named.agentName, 'RefactorBot');
    assert.deepEqual(Object.keys(named).sort(), SESSION_INFO_FIELDS);
    await second.request('setAgentName', { name: 'LinterAgent' });
    const sessions = await second.request<SessionInfo[]>('listSessions');
    const names = sessions.map((session) => session.agentName);
    assert.ok(names.includes('RefactorBot') && names.includes('LinterAgent'), JSON.stringify(sessions));
    assert.ok(sessions.every((session) => session.connected));
    await first.close();
    // A closed session leaves the list (once the server has seen the close, which can come a little after).
    const deadline = Date.now() + 5_000;
    while ((await second.request<SessionInfo[]>('listSessions')).some((session) => session.sessionId === named.sessionId)) {
      assert.ok(Date.now() < deadline, 'the closed session is still listed');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await second.close();
  });

  it('starts as linter and grants every role up to generator', async () => {
    const client = await AgentClient.connect(server);
    const capabilities = await client.request<{ role: string; maxRole: string }>('getCapabilities');
    assert.equal(capabilities.role, 'linter');
    assert.equal(capabilities.maxRole, 'generator');
    for (const role of ['refactor', 'generator', 'linter']) assert.deepEqual(await client.request('setAgentRole', { role }), { role });
    const invalid = await client.call('setAgentRole', { role: 'admin' });
    assert.equal(invalid.error?.code, -32602);
    assert.match(invalid.error.message, /params\.role/);
    await client.close();
  });

  it('describes every method of the table with its role and description', async () => {
    const client = await AgentClient.connect(server);
    const capabilities = await client.request<{
      protocolVersion: string;
      methods: { name: string; role: string; description: string; params: unknown }[];
      positionEncoding: unknown;
      languages: { parse: string[]; generate: string[] };
      limits: { maxMessageBytes: number; maxBatchSize: number; maxNestingDepth: number };
      notifications: string[];
    }>('getCapabilities');
    assert.match(capabilities.protocolVersion, /^\d+\.\d+/);
    assert.deepEqual(
      capabilities.methods.map((method) => [method.name, method.role, method.description]),
      METHODS.map((method) => [method.name, method.role, method.description]),
    );
    for (const name of ['ping', 'getSessionInfo', 'setAgentName', 'listSessions', 'setAgentRole', 'getCapabilities', 'proposePlan', 'getPlan', 'listPlans', 'approvePlan', 'rejectPlan', 'startWorkflowRecording', 'stopWorkflowRecording', 'getWorkflowRecording', 'replayWorkflow', 'getLibraryContext']) {
      assert.ok(capabilities.methods.some((method) => method.name === name), name);
    }
    assert.equal(capabilities.methods.find((method) => method.name === 'approvePlan')?.role, 'person');
    assert.deepEqual(capabilities.positionEncoding, { encoding: 'utf-16', lines: '1-based', columns: '0-based' });
    assert.deepEqual(capabilities.languages, { parse: ['whetstone', 'javascript', 'typescript', 'python'], generate: ['whetstone', 'javascript', 'typescript', 'python'] });
    assert.equal(capabilities.limits.maxMessageBytes, 8 * 1024 * 1024);
    assert.ok(capabilities.notifications.includes('planDecided'));
    await client.close();
  });
});

describe('serve --max-role', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE }, args: ['--approve', 'auto', '--max-role', 'refactor'] });
  });
  after(async () => {
    await server.stop();
  });

  it('refuses a role above the ceiling with -32031 and a hint naming the ceiling', async () => {
    const client = await AgentClient.connect(server);
    const refused = await client.call('setAgentRole', { role: 'generator' });
    assert.equal(refused.error?.code, -32031);
    assert.match(refused.error.message, /at most the 'refactor' role/);
    assert.match(String(refused.error.data?.hint), /'refactor'/);
    assert.equal(refused.error.data?.maxRole, 'refactor');
    assert.equal((await client.request<{ role: string }>('getCapabilities')).role, 'linter', 'a refusal changes nothing');
    assert.deepEqual(await client.request('setAgentRole', { role: 'refactor' }), { role: 'refactor' });
    await client.close();
  });
});
