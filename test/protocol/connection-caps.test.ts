// Connections that never authenticate, against the real `whetstone-agent serve` over loopback: at
// most 64 may wait to upgrade (more are closed as they arrive), each waits at most 5 s, the
// sessions are capped at 64 (the next upgrade gets 503), every refusal is logged, and real agents
// connect again once the flood is gone. Bounded: 80 silent sockets, 65 sessions, about 6 s.
import * as assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, upgradeStatus, type ServeProcess } from './serve-harness';

const PENDING_CAP = 64;
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

  it('holds at most 64 silent connections, closes the rest at once and the held ones after the deadline, and logs both', async () => {
    const sockets: { socket: Socket; closed: () => boolean }[] = [];
    for (let i = 0; i < PENDING_CAP + 16; i++) sockets.push(await silentSocket(server.port));
    try {
      await until('the connections over the cap to be closed', () => (sockets.filter((s) => s.closed()).length >= 16 ? true : undefined), 4_000);
      assert.equal(sockets.filter((s) => s.closed()).length, 16, 'only those over the cap are closed before the deadline');
      assert.ok(sockets.slice(0, PENDING_CAP).every((s) => !s.closed()), 'the first 64 wait for their deadline');
      await until('every silent connection to be closed by the deadline', () => (sockets.every((s) => s.closed()) ? true : undefined), 15_000);
      await until('the deadline refusals in the log', () => (/did not upgrade within 5000 ms/.test(server.stderr()) ? true : undefined), 5_000);
      assert.match(server.stderr(), /refused 1 connection over the cap of 64 connections waiting to upgrade/);
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
});
