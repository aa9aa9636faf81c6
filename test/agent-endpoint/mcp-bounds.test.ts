// What an MCP client can fill is bounded: sessions (a cap, counted from the start of an
// initialize, released on DELETE and when idle), one notification stream per session (its reader
// watched whatever other streams are asked for), notifications waiting to be written, calls
// waiting in a session, the size of a result, the nesting of arguments (as on the WebSocket). The endpoint runs in this process with a real headless host and real sockets, so the
// limits can be set small; clients are the SDK's and raw HTTP. The WebSocket upgrade deadline and
// the cap on connections waiting to upgrade leave authenticated MCP requests alone.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startAgentEndpoint, type AgentEndpoint } from '../../server/src/endpoint/endpoint';
import { mcpHttpTransport } from '../../server/src/mcp/http-transport';
import { webSocketTransport } from '../../server/src/websocket/websocket-transport';
import { MAX_QUEUED_NOTIFICATIONS, MAX_WAITING_CALLS, McpSession } from '../../server/src/mcp/mcp-session';
import { agentFixture, type AgentFixture } from '../helpers/agent';
import { connectHttp, INITIALIZE, rawMcp } from './mcp-harness';
import { AgentClient, type LockFile } from './serve-harness';

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
    endpoint = await startAgentEndpoint({ host: fixture.host, port: 0, lockDir, transports: [webSocketTransport(), mcpHttpTransport({ maxSessions: 3, idleMs: 300 })] });
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
      transports: [webSocketTransport(), mcpHttpTransport()],
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

const PROTOCOL = '2025-06-18';

/** An initialize whose headers are sent and whose body is held back until `finish` (or `abort`). */
function slowInitialize(port: number, token: string): { answer: Promise<{ status: number; body: string }>; finish(): void; abort(): void; sent: Promise<void> } {
  const body = Buffer.from(INITIALIZE);
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    path: '/mcp',
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Content-Length': String(body.length) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.once('error', reject);
  });
  const sent = new Promise<void>((resolve) => request.write(body.subarray(0, 10), () => resolve()));
  return {
    answer,
    sent,
    finish: () => request.end(body.subarray(10)),
    abort: () => {
      answer.catch(() => undefined);
      request.destroy();
    },
  };
}

/** A session opened with raw requests (initialize, then the initialized notification); its headers for later requests. */
async function rawSession(port: number, token: string): Promise<Record<string, string>> {
  const auth = { Authorization: `Bearer ${token}` };
  const opened = await rawMcp(port, { body: INITIALIZE, headers: auth });
  assert.equal(opened.status, 200);
  const headers = { ...auth, 'Mcp-Session-Id': String(opened.headers['mcp-session-id']), 'Mcp-Protocol-Version': PROTOCOL };
  const initialized = await rawMcp(port, { body: '{"jsonrpc":"2.0","method":"notifications/initialized"}', headers });
  assert.equal(initialized.status, 202);
  return headers;
}

/** The session's notification stream, opened and then not read: its socket's buffers fill and TCP stops the sender. */
function unreadStream(port: number, headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: 'GET', headers: { ...headers, Accept: 'text/event-stream' } }, (response) => {
      response.pause();
      resolve(response);
    });
    request.once('error', reject);
    request.end();
  });
}

/** Reads a paused event stream until an event whose data includes `last`; the data of every event. */
function readEvents(stream: IncomingMessage, last: string): Promise<string[]> {
  return new Promise((resolve) => {
    const events: string[] = [];
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      pending += chunk;
      let end: number;
      while ((end = pending.indexOf('\n\n')) >= 0) {
        const event = pending.slice(0, end);
        pending = pending.slice(end + 2);
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data === '') continue;
        events.push(data);
        if (data.includes(last)) {
          stream.destroy();
          resolve(events);
        }
      }
    });
    stream.resume();
  });
}

describe('MCP holds the bounds of the WebSocket', () => {
  let fixture: AgentFixture;
  let endpoint: AgentEndpoint;
  let lockDir: string;
  const MAX_RESULT_BYTES = 256 * 1024;
  before(async () => {
    fixture = await agentFixture({ 'main.wst': 'print(1);\n' });
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    endpoint = await startAgentEndpoint({ host: fixture.host, port: 0, lockDir, transports: [webSocketTransport(), mcpHttpTransport({ maxSessions: 3, maxResultBytes: MAX_RESULT_BYTES })] });
    fixture.host.setSessionSource(endpoint.sessions);
  });
  after(async () => {
    await endpoint.close();
    fixture.dispose();
    rmSync(lockDir, { recursive: true, force: true });
  });

  const server = (): { port: number; lock: LockFile } => ({ port: endpoint.port, lock: { token: endpoint.token } as LockFile });
  const endAll = async (): Promise<void> => {
    for (const session of endpoint.sessions()) session.disconnect('the test is done with it');
    await until('every session ended', () => endpoint.sessions().length === 0);
  };

  it('counts a session from the start of its initialize: slow bodies beyond the cap are refused, and an aborted one frees its place', async () => {
    const slow = [slowInitialize(endpoint.port, endpoint.token), slowInitialize(endpoint.port, endpoint.token), slowInitialize(endpoint.port, endpoint.token)];
    await Promise.all(slow.map((one) => one.sent));
    // Let the endpoint take in the three requests' headers (their bodies stay unsent).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const complete = await rawMcp(endpoint.port, { body: INITIALIZE, headers: { Authorization: `Bearer ${endpoint.token}` } });
    assert.equal(complete.status, 503, 'a fourth initialize while three are arriving');
    assert.match(complete.body, /3 MCP sessions are open or being opened/);
    // Refused as soon as it starts: its body is not waited for.
    const beyond = slowInitialize(endpoint.port, endpoint.token);
    assert.equal((await beyond.answer).status, 503);
    beyond.abort();
    for (const one of slow) one.finish();
    for (const one of slow) assert.equal((await one.answer).status, 200);
    assert.equal(endpoint.sessions().length, 3);
    await endAll();

    // A request that goes away before its body arrived gives its place back.
    const held = [slowInitialize(endpoint.port, endpoint.token), slowInitialize(endpoint.port, endpoint.token), slowInitialize(endpoint.port, endpoint.token)];
    await Promise.all(held.map((one) => one.sent));
    await new Promise((resolve) => setTimeout(resolve, 200));
    held[0].abort();
    let status = 0;
    for (let i = 0; i < 40 && status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = (await rawMcp(endpoint.port, { body: INITIALIZE, headers: { Authorization: `Bearer ${endpoint.token}` } })).status;
    }
    assert.equal(status, 200, 'the aborted initialize released its place');
    held[1].finish();
    held[2].finish();
    assert.equal((await held[1].answer).status, 200);
    assert.equal((await held[2].answer).status, 200);
    assert.equal(endpoint.sessions().length, 3);
    await endAll();
  });

  it('keeps watching the reader of an open stream after a second stream is refused', async () => {
    const headers = await rawSession(endpoint.port, endpoint.token);
    const stream = await unreadStream(endpoint.port, headers);
    assert.equal(stream.statusCode, 200);
    const second = await rawMcp(endpoint.port, { method: 'GET', headers: { ...headers, Accept: 'text/event-stream' } });
    assert.equal(second.status, 409);
    const session = endpoint.sessions().find((one) => one instanceof McpSession) as McpSession;
    // 2,000 notifications of 32 KiB, one at a time, into a stream nobody reads: far more than the
    // socket's buffers hold, so the writer has to wait and the queue drops the oldest.
    const COUNT = 2_000;
    const reason = 'x'.repeat(32 * 1024);
    for (let i = 0; i < COUNT; i++) {
      session.notify('suggestionDecided', { suggestionId: `s${i}`, accepted: false, reason });
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    session.notify('planDecided', { planId: 'last', status: 'rejected', reason: null });
    const events = await readEvents(stream, '"planId":"last"');
    const written = events.filter((event) => event.includes('suggestionDecided')).length;
    assert.ok(session.droppedNotifications > 0, 'the unread stream made the session drop notifications');
    assert.ok(written < COUNT, `${written} of ${COUNT} notifications were written into a stream nobody read`);
    await endAll();
  });

  it('answers parseSource with the worker\'s JSON as its text, refuses a result over the bound unparsed, and answers others meanwhile', async () => {
    const parser = await connectHttp(server());
    const other = await connectHttp(server());
    const socket = await AgentClient.connect(server());
    try {
      const small = 'let kept = 1;\nfn twice(n: number) -> number { return n * 2; }\n';
      const expected = await socket.call('parseSource', { source: small, language: 'whetstone' });
      const answer = await parser.call('parseSource', { source: small, language: 'whetstone' });
      assert.equal(answer.isError, false);
      assert.deepEqual(answer.structured, expected.result);
      assert.equal(answer.text, JSON.stringify(expected.result));

      // A program whose AST's JSON is many times the bound.
      const program = Array.from({ length: 5_000 }, (_, i) => `fn f${i}(n: number) -> number { return n * ${i}; }\n`).join('');
      const order: string[] = [];
      const large = parser.call('parseSource', { source: program, language: 'whetstone' }).then((result) => {
        order.push('parseSource');
        return result;
      });
      await other.client.ping();
      assert.match((await other.ok<{ sessionId: string }>('getSessionInfo')).sessionId, /^sess_/);
      order.push('another session');
      const refused = await large;
      assert.deepEqual(order, ['another session', 'parseSource']);
      assert.equal(refused.isError, true);
      assert.equal(refused.structured.code, -32600);
      assert.match(String(refused.structured.message), new RegExp(`result of parseSource is \\d+ bytes of JSON, more than the ${MAX_RESULT_BYTES}`));
      const data = refused.structured.data as { resultBytes: number; maxResultBytes: number };
      assert.equal(data.maxResultBytes, MAX_RESULT_BYTES);
      // The size is the worker's JSON, measured as it came: what the WebSocket sends for the same call.
      const whole = await socket.call('parseSource', { source: program, language: 'whetstone' });
      assert.equal(data.resultBytes, Buffer.byteLength(JSON.stringify(whole.result)));
      assert.match(String(refused.structured.hint), /WebSocket/);
    } finally {
      await socket.close();
      await parser.close();
      await other.close();
      await endAll();
    }
  });

  it('refuses arguments nested deeper than a WebSocket message may be, with the WebSocket\'s code', async () => {
    const headers = await rawSession(endpoint.port, endpoint.token);
    const socket = await AgentClient.connect(server());
    try {
      for (const depth of [600, 100_000]) {
        const params = `{"nodeId":${'['.repeat(depth)}${']'.repeat(depth)}}`;
        socket.sendRaw(`{"jsonrpc":"2.0","id":7,"method":"getNode","params":${params}}`);
        const overSocket = (await socket.nextUnmatched()) as { error: { code: number; message: string } };
        assert.equal(overSocket.error.code, -32600);
        const overMcp = await rawMcp(endpoint.port, { body: `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"getNode","arguments":${params}}}`, headers });
        assert.equal(overMcp.status, 200);
        const result = (JSON.parse(overMcp.body) as { result: { isError: boolean; structuredContent: { code: number; message: string } } }).result;
        assert.equal(result.isError, true);
        assert.equal(result.structuredContent.code, overSocket.error.code, `depth ${depth}`);
        assert.equal(result.structuredContent.message, overSocket.error.message);
      }
      // Nesting the WebSocket allows passes here too (and fails the schema, as there).
      const shallow = `{"nodeId":${'['.repeat(8)}${']'.repeat(8)}}`;
      const overMcp = await rawMcp(endpoint.port, { body: `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"getNode","arguments":${shallow}}}`, headers });
      assert.equal((JSON.parse(overMcp.body) as { result: { structuredContent: { code: number } } }).result.structuredContent.code, -32602);
    } finally {
      await socket.close();
      await endAll();
    }
  });
});
