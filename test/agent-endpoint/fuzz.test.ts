// Hostile input against the real `whetstone-agent serve`, bounded in count and time, loopback
// only: malformed JSON, wrong types in every param of every method (derived from the method
// table's schemas), random params, unknown methods, huge and deeply nested messages, binary and
// invalid frames, half-closed sockets and floods from several connections at once. The server
// must answer each with the right error or close that one socket, keep serving the others, never
// change a buffer, never answer "internal error", and never exit.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { METHODS } from '../../server/src/agent/methods/index';
import type { MethodDefinition } from '../../server/src/agent/method';
import { Random } from '../helpers/random';
import { AgentClient, startServe, type RpcResponse, type ServeProcess } from './serve-harness';

const SOURCE = 'fn unused(): number {\n  return 1;\n}\n\nfn double(x: number): number {\n  let y = x * 2;\n  return y;\n}\n\nprint(double(21));\n';
const OTHER = 'type Item { name: string, price: number }\n\nfn total(items: list<Item>): number {\n  let sum = 0;\n  for item in items {\n    sum = sum + item.price;\n  }\n  return sum;\n}\n';
const SEED = 20261202;
const KNOWN_CODES = new Set([-32700, -32600, -32601, -32602, -32000, -32001, -32002, -32010, -32011, -32012, -32020, -32031, -32040, -32041, -32050]);

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; enum?: unknown[]; oneOf?: Schema[]; anyOf?: Schema[]; allOf?: Schema[]; items?: Schema };

/** Every property a method's params schema names, with its schema (through oneOf/anyOf/allOf). */
function propertiesOf(schema: Schema): Map<string, Schema> {
  const found = new Map<string, Schema>();
  const visit = (node: Schema): void => {
    for (const [name, property] of Object.entries(node.properties ?? {})) if (!found.has(name)) found.set(name, property);
    for (const branch of [...(node.oneOf ?? []), ...(node.anyOf ?? []), ...(node.allOf ?? [])]) visit(branch);
  };
  visit(schema);
  return found;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
}

/** Values of the wrong type for `schema`; none when the schema accepts anything. */
function wrongValues(schema: Schema): unknown[] {
  const declared = schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (declared === undefined && schema.enum === undefined) return [];
  const candidates: unknown[] = [12345, 1.5, 'a string', true, null, { an: 'object' }, ['an', 'array']];
  const wrong = candidates.filter((value) => {
    if (schema.enum !== undefined) return !schema.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value));
    const type = jsonType(value);
    return !declared!.includes(type) && !(type === 'integer' && declared!.includes('number'));
  });
  if (schema.enum !== undefined) wrong.push('not-one-of-the-enum');
  return wrong;
}

/** A random JSON value, small and sometimes nasty. */
function randomJson(random: Random, depth = 0): unknown {
  const strings = ['', 'node_1', 'node_2', '__proto__', 'constructor', '\u0000', '\ud800', '💥', 'a'.repeat(300), '{"jsonrpc":"2.0"}', '../../etc/passwd'];
  switch (random.int(depth > 3 ? 5 : 7)) {
    case 0:
      return random.pick([0, -1, 1e308, -0, 2 ** 53 + 1, 3.14]);
    case 1:
      return random.pick(strings);
    case 2:
      return random.pick([true, false]);
    case 3:
      return null;
    case 4:
      return random.pick(strings) + String(random.int(100));
    case 5:
      return Array.from({ length: random.int(4) }, () => randomJson(random, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = random.int(4); i > 0; i--) object[random.pick(['nodeId', 'type', 'name', 'role', 'params', 'value', 'planId', 'x', '__proto__'])] = randomJson(random, depth + 1);
      return object;
    }
  }
}

/** A client frame (masked, as RFC 6455 requires of clients). */
function frame(opcode: number, payload: Buffer, fin = true): Buffer {
  const mask = randomBytes(4);
  const length = payload.length;
  const header = length < 126 ? Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | length]) : Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | 126, length >> 8, length & 0xff]);
  const masked = Buffer.from(payload.map((byte, index) => byte ^ mask[index % 4]));
  return Buffer.concat([header, mask, masked]);
}

/** A raw TCP socket that completed an authenticated WebSocket upgrade. */
function rawUpgrade(server: ServeProcess): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(
        [
          'GET / HTTP/1.1',
          `Host: 127.0.0.1:${server.port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
          'Sec-WebSocket-Version: 13',
          `Authorization: Bearer ${server.lock.token}`,
          '',
          '',
        ].join('\r\n'),
      );
    });
    socket.once('data', (data) => (data.toString('latin1').startsWith('HTTP/1.1 101') ? resolve(socket) : reject(new Error(data.toString('latin1')))));
  });
}

/** Resolves when the server has closed (or ended) the socket. */
function serverCloses(socket: Socket, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed || socket.readableEnded) return resolve();
    const timer = setTimeout(() => reject(new Error('the server kept the socket open')), timeoutMs);
    socket.resume();
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    socket.once('end', done);
    socket.once('close', done);
    socket.once('error', done);
  });
}

describe('serve: fuzz', { timeout: 120_000 }, () => {
  let server: ServeProcess;
  let observer: AgentClient;
  let before_: { files: string[]; asts: string[] };

  async function snapshot(): Promise<{ files: string[]; asts: string[] }> {
    const files = ['a.wst', 'b.wst'].map((name) => readFileSync(join(server.folder, name), 'latin1'));
    const { buffers } = await observer.request<{ buffers: { uri: string }[] }>('listBuffers');
    const uris = buffers.map((buffer) => buffer.uri);
    assert.equal(uris.length, 2, 'both files are open buffers');
    const asts: string[] = [];
    for (const uri of uris) {
      const result = await observer.request<{ ast: unknown; revision?: number }>('getAST', { uri });
      asts.push(JSON.stringify({ ast: result.ast, revision: result.revision }));
    }
    return { files, asts };
  }

  /** The server is alive, still serving a fresh connection, and changed nothing. */
  async function assertUnharmed(): Promise<void> {
    assert.equal(server.child.exitCode, null, `the server exited: ${server.stderr()}`);
    const fresh = await AgentClient.connect(server);
    assert.equal((await fresh.request<{ message: string }>('ping')).message, 'pong');
    await fresh.close();
    assert.deepEqual(await snapshot(), before_);
  }

  before(async () => {
    server = await startServe({ files: { 'a.wst': SOURCE, 'b.wst': OTHER } });
    observer = await AgentClient.connect(server);
    before_ = await snapshot();
  });
  after(async () => {
    await observer.close();
    const stderr = server.stderr();
    const exit = await server.stop();
    assert.equal(exit.code, 0, stderr);
    assert.doesNotMatch(stderr, /internal error/i, 'no handler failed unexpectedly');
  });

  function assertWellFormed(response: RpcResponse, context: string): void {
    assert.equal(response.jsonrpc, '2.0', context);
    assert.ok(('result' in response) !== ('error' in response), `exactly one of result and error: ${context}`);
    if (response.error) {
      assert.ok(KNOWN_CODES.has(response.error.code), `code ${response.error.code} (${response.error.message}) for ${context}`);
      assert.equal(typeof response.error.message, 'string');
      assert.doesNotMatch(response.error.message, /\n\s+at /, 'no stack in a message');
    }
  }

  it('answers malformed JSON with -32700 and non-requests with -32600', async () => {
    const client = await AgentClient.connect(server);
    const random = new Random(SEED);
    const valid = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}';
    const malformed = ['', ' ', '{', '}', '[', '[1,', '{"a":}', 'nul', 'tru', '"unterminated', '{\'single\': 1}', '{"a":1,}', 'NaN', '\u0000', '\ufeff{}', '{"jsonrpc":"2.0","id":1,"method":"ping"}}'];
    for (let i = 0; i < 60; i++) {
      const cut = random.int(valid.length - 1);
      malformed.push(valid.slice(0, cut), valid.slice(cut + 1) + valid.slice(0, cut));
    }
    for (const text of malformed) {
      const answer = client.nextUnmatched();
      client.sendRaw(text);
      const response = (await answer) as RpcResponse | RpcResponse[];
      const first = Array.isArray(response) ? response[0] : response;
      assert.ok([-32700, -32600].includes(first.error?.code ?? 0), `${JSON.stringify(text)} → ${JSON.stringify(response)}`);
    }
    await client.close();
    await assertUnharmed();
  });

  it('answers wrong types in every param of every method with -32602 naming the field (or -32031 for the person\'s methods)', async () => {
    const client = await AgentClient.connect(server);
    await client.request('setAgentRole', { role: 'generator' });
    let cases = 0;
    for (const method of METHODS as readonly MethodDefinition[]) {
      for (const [name, schema] of propertiesOf(method.params as Schema)) {
        for (const value of wrongValues(schema)) {
          const response = await client.call(method.name, { [name]: value });
          cases++;
          assertWellFormed(response, `${method.name}.${name} = ${JSON.stringify(value)}`);
          if (method.role === 'person') {
            assert.equal(response.error?.code, -32031);
            continue;
          }
          assert.equal(response.error?.code, -32602, `${method.name}.${name} = ${JSON.stringify(value)} → ${JSON.stringify(response)}`);
          assert.match(response.error.message, /params/);
        }
      }
      // params that are not an object at all
      for (const params of [[1, 2], 'text', 7, true]) {
        const response = await client.call(method.name, params);
        assertWellFormed(response, `${method.name} params ${JSON.stringify(params)}`);
        assert.ok([-32600, -32602, -32031].includes(response.error?.code ?? 0), `${method.name} params ${JSON.stringify(params)}`);
      }
    }
    assert.ok(cases > METHODS.length, `${cases} wrong-type cases`);
    await client.close();
    await assertUnharmed();
  });

  it('answers random params to every method with a known error or a result, never an internal error', async () => {
    const client = await AgentClient.connect(server);
    await client.request('setAgentRole', { role: 'generator' });
    const random = new Random(SEED + 1);
    const skipped = new Set(['replayWorkflow']);
    for (let i = 0; i < 600; i++) {
      const method = random.pick(METHODS as readonly MethodDefinition[]);
      if (skipped.has(method.name)) continue;
      const params = random.next() < 0.8 ? randomJson(random, 1) : undefined;
      const isObject = typeof params === 'object' && params !== null && !Array.isArray(params);
      const response = await client.call(method.name, isObject || params === undefined ? params : { value: params });
      assertWellFormed(response, `${method.name} ${JSON.stringify(params)}`);
    }
    await client.close();
    await assertUnharmed();
  });

  it('answers unknown methods with -32601', async () => {
    const client = await AgentClient.connect(server);
    const random = new Random(SEED + 2);
    const names = ['', ' ', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'rpc.discover', 'PING', 'ping ', 'a'.repeat(10_000), '\u0000', '💥'];
    for (let i = 0; i < 40; i++) names.push(randomBytes(1 + random.int(12)).toString('base64'));
    for (const name of names) {
      const response = await client.call(name);
      assert.equal(response.error?.code, -32601, `${JSON.stringify(name.slice(0, 40))} → ${JSON.stringify(response).slice(0, 200)}`);
      assert.ok(response.error.message.length < 300, 'a huge method name is not echoed back whole');
    }
    await client.close();
    await assertUnharmed();
  });

  it('closes a socket with 1009 for a message over the limit, answers one just under it, and serves the others', async () => {
    const big = await AgentClient.connect(server);
    const name = 'x'.repeat(7 * 1024 * 1024);
    const underLimit = await big.call('setAgentName', { name });
    assert.equal(underLimit.error?.code, -32602, 'a 7 MiB name is too long, but the message is answered');
    big.sendRaw(`{"jsonrpc":"2.0","id":1,"method":"setAgentName","params":{"name":"${'y'.repeat(9 * 1024 * 1024)}"}}`);
    assert.equal((await big.closed).code, 1009);
    await assertUnharmed();
  });

  it('answers deeply nested messages (arrays, objects, batches) without a crash', async () => {
    const client = await AgentClient.connect(server);
    for (const text of [
      '['.repeat(200_000) + ']'.repeat(200_000),
      '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000),
      `{"jsonrpc":"2.0","id":1,"method":"replayWorkflow","params":{"workflow":{"steps":[{"method":"ping","params":${'{"p":'.repeat(5000)}1${'}'.repeat(5000)}}]}}}`,
      '['.repeat(200_000),
    ]) {
      const answer = client.nextUnmatched();
      client.sendRaw(text);
      const response = (await answer) as RpcResponse;
      assert.ok([-32700, -32600].includes(response.error?.code ?? 0), JSON.stringify(response).slice(0, 200));
    }
    await client.close();
    await assertUnharmed();
  });

  it('closes a socket that sends a binary frame with 1003, and only that one', async () => {
    const bystander = await AgentClient.connect(server);
    const client = await AgentClient.connect(server);
    client.sendRaw(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}'), { binary: true });
    assert.equal((await client.closed).code, 1003);
    assert.equal((await bystander.request<{ message: string }>('ping')).message, 'pong');
    await bystander.close();
    await assertUnharmed();
  });

  it('drops sockets that send invalid frames, half a frame, or half a handshake, and half-close', async () => {
    const cases: [string, (socket: Socket) => void][] = [
      ['a reserved opcode', (socket) => socket.write(frame(0x3, Buffer.from('x')))],
      ['invalid UTF-8 in a text frame', (socket) => socket.write(frame(0x1, Buffer.from([0xff, 0xfe, 0xfd])))],
      ['an unmasked frame', (socket) => socket.write(Buffer.from([0x81, 0x02, 0x7b, 0x7d]))],
      ['half a frame, then FIN', (socket) => socket.end(frame(0x1, Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}')).subarray(0, 9))],
      ['a whole request, then FIN', (socket) => socket.end(frame(0x1, Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}')))],
      ['a continuation without a start', (socket) => socket.write(frame(0x0, Buffer.from('x')))],
      ['a fragmented message that never ends, then FIN', (socket) => socket.end(frame(0x1, Buffer.from('{"json'), false))],
    ];
    for (const [what, send] of cases) {
      const socket = await rawUpgrade(server);
      send(socket);
      await serverCloses(socket).catch((error: Error) => assert.fail(`${what}: ${error.message}`));
      socket.destroy();
    }
    // Half a handshake: the server keeps serving others while it waits, and drops it when it ends.
    const half = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => half.once('connect', resolve));
    half.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nUpgrade: websocket\r\n`);
    await assertUnharmed();
    half.end();
    await serverCloses(half);
    half.destroy();
    await assertUnharmed();
  });

  it('answers floods from several connections at once, each completely and in order', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => AgentClient.connect(server)));
    const perClient = 400;
    const random = new Random(SEED + 3);
    const results = await Promise.all(
      clients.map(async (client, index) => {
        const calls: Promise<RpcResponse>[] = [];
        for (let i = 0; i < perClient; i++) {
          const choice = random.int(4);
          if (choice === 0) calls.push(client.call('ping'));
          else if (choice === 1) calls.push(client.call('noSuchMethod'));
          else if (choice === 2) calls.push(client.call('getAST', { uri: 'file:///nowhere.wst' }));
          else calls.push(client.call('setAgentName', { name: `flood-${index}-${i}` }));
          if (random.next() < 0.1) client.sendRaw('{not json');
        }
        const responses = await Promise.all(calls);
        const info = await client.request<{ agentName: string }>('getSessionInfo');
        return { responses, info };
      }),
    );
    for (const { responses } of results) {
      assert.equal(responses.length, perClient);
      for (const response of responses) assertWellFormed(response, 'flood');
    }
    // Each session's requests ran in order: its name is the last one it set.
    results.forEach(({ responses, info }) => {
      const names = responses.map((response) => (response.result as { agentName?: string } | undefined)?.agentName).filter((name): name is string => name !== undefined);
      if (names.length > 0) assert.equal(info.agentName, names[names.length - 1]);
    });
    await Promise.all(clients.map((client) => client.close()));
    await assertUnharmed();
  });

  it('keeps serving after clients vanish mid-request', async () => {
    for (let i = 0; i < 10; i++) {
      const client = await AgentClient.connect(server);
      for (let j = 0; j < 50; j++) client.sendRaw(JSON.stringify({ jsonrpc: '2.0', id: j, method: 'getCapabilities' }));
      client.socket.terminate();
    }
    await assertUnharmed();
  });
});
