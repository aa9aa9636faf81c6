// What an MCP client can fill is bounded: sessions (a cap, released on DELETE and when idle),
// one notification stream per session, notifications waiting to be written, calls waiting in a
// session. The endpoint runs in this process with a real headless host and real sockets, so the
// limits can be set small; clients are the SDK's and raw HTTP. The WebSocket upgrade deadline and
// the cap on connections waiting to upgrade leave authenticated MCP requests alone.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startAgentEndpoint, type AgentEndpoint } from '../../server/src/agent/websocket/endpoint';
import { mcpRoute } from '../../server/src/mcp/http-route';
import { MAX_QUEUED_NOTIFICATIONS, MAX_WAITING_CALLS, McpSession } from '../../server/src/mcp/mcp-session';
import { agentFixture, type AgentFixture } from '../helpers/agent';
import { connectHttp, INITIALIZE, rawMcp } from './mcp-harness';

async function until(what: string, probe: () => boolean): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  assert.fail(`never: ${what}`);
}

describe('MCP bounds on a real endpoint', () => {
  let fixture: AgentFixture;
  let endpoint: AgentEndpoint;
  let lockDir: string;
  before(async () => {
    fixture = await agentFixture({ 'main.wst': 'print(1);\n' });
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    endpoint = await startAgentEndpoint({ host: fixture.host, port: 0, lockDir, httpRoutes: [mcpRoute({ maxSessions: 3, idleMs: 300 })] });
    fixture.host.setSessionSource(endpoint.sessions);
  });
  after(async () => {
    await endpoint.close();
    fixture.dispose();
    rmSync(lockDir, { recursive: true, force: true });
  });

  const server = (): { port: number; lock: { token: string } } => ({ port: endpoint.port, lock: { token: endpoint.token } });
  const auth = (): Record<string, string> => ({ Authorization: `Bearer ${endpoint.token}` });

  it('caps the sessions (503), releases one on DELETE, and ends idle ones', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await rawMcp(endpoint.port, { body: INITIALIZE, headers: auth() });
      assert.equal(answer.status, 200);
      ids.push(String(answer.headers['mcp-session-id']));
    }
    assert.equal(endpoint.sessions().length, 3);
    const refused = await rawMcp(endpoint.port, { body: INITIALIZE, headers: auth() });
    assert.equal(refused.status, 503);
    assert.match(refused.body, /3 MCP sessions are open/);
    const deleted = await rawMcp(endpoint.port, { method: 'DELETE', headers: { ...auth(), 'Mcp-Session-Id': ids[0], 'Mcp-Protocol-Version': '2025-06-18' } });
    assert.equal(deleted.status, 200);
    assert.equal(endpoint.sessions().length, 2);
    // Nobody asks for the other two again and they hold no stream: they end.
    await until('the idle sessions end', () => endpoint.sessions().length === 0);
    const again = await rawMcp(endpoint.port, { body: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}', headers: { ...auth(), 'Mcp-Session-Id': ids[1], 'Mcp-Protocol-Version': '2025-06-18' } });
    assert.equal(again.status, 404);
  });

  it('keeps a session with an open notification stream, and allows one stream per session', async () => {
    const agent = await connectHttp(server());
    // The SDK's client holds the session's GET stream open; idle time does not end it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(endpoint.sessions().length, 1);
    const info = await agent.ok<{ sessionId: string }>('getSessionInfo');
    assert.match(info.sessionId, /^sess_/);
    const transportSession = (agent.client.transport as unknown as { sessionId: string }).sessionId;
    const second = await rawMcp(endpoint.port, { method: 'GET', headers: { ...auth(), Accept: 'text/event-stream', 'Mcp-Session-Id': transportSession, 'Mcp-Protocol-Version': '2025-06-18' } });
    assert.equal(second.status, 409);
    await agent.close();
  });
});

describe('the upgrade deadline and MCP', () => {
  let fixture: AgentFixture;
  let endpoint: AgentEndpoint;
  let lockDir: string;
  const log: string[] = [];
  const DEADLINE_MS = 200;
  before(async () => {
    fixture = await agentFixture({ 'main.wst': 'print(1);\n' });
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    endpoint = await startAgentEndpoint({
      host: fixture.host,
      port: 0,
      lockDir,
      httpRoutes: [mcpRoute()],
      connectionLimits: { upgradeDeadlineMs: DEADLINE_MS, maxPendingUpgrades: 3 },
      log: (line) => log.push(line),
    });
    fixture.host.setSessionSource(endpoint.sessions);
  });
  after(async () => {
    await endpoint.close();
    fixture.dispose();
    rmSync(lockDir, { recursive: true, force: true });
  });

  it('neither closes nor counts authenticated MCP connections, and still closes a silent one', async () => {
    const server = { port: endpoint.port, lock: { token: endpoint.token } };
    // Three SDK clients, each with its POST connection and its open GET stream: more connections
    // than may wait to upgrade, all held past the deadline.
    const agents = [await connectHttp(server), await connectHttp(server), await connectHttp(server)];
    try {
      await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 4));
      for (const agent of agents) assert.match((await agent.ok<{ sessionId: string }>('getSessionInfo')).sessionId, /^sess_/);
      assert.equal(endpoint.sessions().length, 3);
      // The GET streams are still open: a change of the buffer reaches every agent.
      const uri = fixture.uri('main.wst');
      fixture.workspace.edit(uri, [{ startOffset: 0, endOffset: 0, newText: '// x\n' }]);
      const revision = fixture.workspace.get(uri)!.revision;
      for (const agent of agents) await agent.notification('notifications/whetstone/bufferChanged', (params) => (params as { revision: number }).revision === revision);
      assert.deepEqual(log.filter((line) => /refused|closed/.test(line)), [], 'no MCP connection was refused, closed or timed out');

      let closed = false;
      const silent = connect(endpoint.port, '127.0.0.1');
      silent.on('error', () => undefined);
      silent.on('close', () => (closed = true));
      await until('the silent connection to be closed at its deadline', () => closed);
      await until('the deadline refusal in the log', () => log.some((line) => /did not upgrade within 200 ms/.test(line)));
    } finally {
      await Promise.all(agents.map((agent) => agent.close()));
    }
  });
});

describe('an MCP session\'s queues', () => {
  it('drops the oldest notifications past the bound, and keeps only the newest bufferChanged of a buffer', async () => {
    const written: string[] = [];
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    // The first write never finishes until released: the client is not reading.
    const session = new McpSession('generator', async (method, params) => {
      written.push(`${method} ${JSON.stringify(params)}`);
      if (written.length === 1) await blocked;
    });
    session.notify('planDecided', { planId: 'first' });
    for (let i = 0; i < MAX_QUEUED_NOTIFICATIONS + 50; i++) session.notify('suggestionDecided', { suggestionId: `s${i}` });
    for (let revision = 2; revision < 10; revision++) session.notify('bufferChanged', { uri: 'file:///a.wst', revision });
    assert.ok(session.droppedNotifications > 0);
    release();
    await until('the queue drains', () => written.length > 1 && written.at(-1)!.startsWith('bufferChanged'));
    assert.ok(written.length <= MAX_QUEUED_NOTIFICATIONS + 1, `${written.length} written`);
    const changes = written.filter((line) => line.startsWith('bufferChanged'));
    assert.deepEqual(changes, ['bufferChanged {"uri":"file:///a.wst","revision":9}']);
  });

  it('refuses calls beyond the waiting bound at once, and runs the rest in order', async () => {
    const session = new McpSession('linter', async () => undefined);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: number[] = [];
    const runs: (Promise<void> | undefined)[] = [];
    for (let i = 0; i < MAX_WAITING_CALLS + 3; i++) {
      runs.push(
        session.run(async () => {
          if (i === 0) await gate;
          order.push(i);
        }),
      );
    }
    assert.equal(runs.filter((run) => run === undefined).length, 3);
    release();
    await Promise.all(runs);
    assert.deepEqual(order, [...Array(MAX_WAITING_CALLS).keys()]);
    assert.ok(session.run(async () => undefined), 'room again once they ran');
  });
});
