// Connections that never authenticate, against the real `whetstone-agent serve` over loopback: at
// most 1024 may wait to present the token (a newcomer past that closes the oldest), each waits at
// most 5 s, the sessions are capped at 64 (the next upgrade gets 503), every refusal is logged, and
// a process without the token that holds more idle connections than that and reopens each as it is
// closed keeps no agent out: over the WebSocket, over MCP (the SDK's client) and through the stdio
// bridge. Bounded: 1,040 silent sockets, 65 sessions, an attacker of 1,280 sockets; about 20 s.
import * as assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startIdleSocketAttacker } from '../helpers/idle-sockets';
import { connectHttp, connectStdio } from './mcp-harness';
import { AgentClient, startServe, upgradeStatus, type ServeProcess } from './serve-harness';

const PENDING_CAP = 1024;
const SESSION_CAP = 64;

async function until<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A TCP connection that says nothing; `closed` is set when the server closes it. */
function silentSocket(port: number): Promise<{ socket: Socket; closed: () => boolean }> {
  return new Promise((resolve, reject) => {
    let closed = false;
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.on('close', () => (closed = true));
    socket.once('connect', () => resolve({ socket, closed: () => closed }));
    socket.once('error', reject);
  });
}

describe('connection caps', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': 'fn main(): number {\n  return 1;\n}\n' } });
  });
  after(async () => {
    await server.stop();
  });

  it('holds at most 1024 silent connections, closes the oldest to admit newer ones and the rest after the deadline, and logs both', async () => {
    const sockets: { socket: Socket; closed: () => boolean }[] = [];
    for (let i = 0; i < PENDING_CAP + 16; i++) sockets.push(await silentSocket(server.port));
    try {
      await until('the oldest connections to be closed', () => (sockets.filter((s) => s.closed()).length >= 16 ? true : undefined), 4_000);
      assert.ok(sockets.slice(0, 16).every((s) => s.closed()), 'the 16 oldest made room');
      assert.ok(sockets.slice(16).every((s) => !s.closed()), 'the newest 1024 wait for their deadline');
      await until('every silent connection to be closed by the deadline', () => (sockets.every((s) => s.closed()) ? true : undefined), 15_000);
      await until('the deadline refusals in the log', () => (/did not upgrade within 5000 ms/.test(server.stderr()) ? true : undefined), 5_000);
      assert.match(server.stderr(), /closed 1 connection without the token \(the oldest waiting\) to admit new ones past the cap of 1024 connections waiting to upgrade/);
    } finally {
      for (const { socket } of sockets) socket.destroy();
    }
    const client = await AgentClient.connect(server);
    assert.equal((await client.request<{ message: string }>('ping')).message, 'pong', 'an agent connects once the flood is gone');
    await client.close();
  });

  it('refuses the 65th session with 503 and admits a new one once a session left', async () => {
    const clients: AgentClient[] = [];
    try {
      for (let i = 0; i < SESSION_CAP; i++) clients.push(await AgentClient.connect(server));
      const refused = await upgradeStatus(server.port, { Authorization: `Bearer ${server.lock.token}` });
      assert.equal(refused.status, 503);
      assert.match(refused.body, /64 agent sessions are connected/);
      await clients.pop()!.close();
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 101; attempt++) {
        status = (await upgradeStatus(server.port, { Authorization: `Bearer ${server.lock.token}` })).status;
        if (status !== 101) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.equal(status, 101, 'a session that left makes room');
      assert.match(server.stderr(), /over the cap of 64 sessions/);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });

  /** Runs `agent` while another process holds more connections than the cap and reopens each as it is closed. */
  async function whileCrowded(slow: boolean, agent: () => Promise<void>): Promise<void> {
    const attacker = await startIdleSocketAttacker(server.port, PENDING_CAP + 256, { slow });
    let made = { connected: 0, closed: 0 };
    try {
      // The agent comes in once the endpoint is over its cap and closing the attacker's connections.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the endpoint closed none of the crowding connections within 30 s')), 30_000)));
      await Promise.race([attacker.crowding, late]).finally(() => clearTimeout(timer));
      await agent();
    } finally {
      made = await attacker.stop();
    }
    assert.ok(made.closed > 0, 'the attacker had connections closed to make room');
  }

  async function webSocketAgent(): Promise<void> {
    const ws = await AgentClient.connect(server);
    assert.equal((await ws.request<{ message: string }>('ping')).message, 'pong');
    await ws.close();
  }

  async function mcpAgent(): Promise<void> {
    // Every request on a connection of its own, as after the endpoint closed an idle keep-alive
    // connection: each must get in past the attacker.
    const mcp = await connectHttp(server, { headers: { Authorization: `Bearer ${server.lock.token}`, Connection: 'close' } });
    const { tools } = await mcp.client.listTools();
    assert.ok(tools.some((tool) => tool.name === 'getAST'));
    await mcp.close();
  }

  it('lets a WebSocket agent connect and call while another process holds more silent connections than the cap and reopens each as it is closed', async () => {
    await whileCrowded(false, webSocketAgent);
  });

  it('lets an MCP client (the SDK\'s) initialize and list tools while another process crowds the port', async () => {
    await whileCrowded(false, mcpAgent);
  });

  it('lets the stdio bridge connect and list tools while another process crowds the port', async () => {
    await whileCrowded(false, async () => {
      const bridge = await connectStdio(['--lock-dir', server.lockDir, '--port', String(server.port)]);
      assert.ok((await bridge.agent.client.listTools()).tools.some((tool) => tool.name === 'getAST'));
      await bridge.agent.close();
    });
  });

  it('lets agents in over the WebSocket and MCP while the crowding connections send slow request heads', async () => {
    await whileCrowded(true, async () => {
      await webSocketAgent();
      await mcpAgent();
    });
  });
});
