// The dispatcher in process, with method tables made for the test: what no shipped method does on
// purpose (throw an unexpected error, return what JSON cannot carry) must still be answered with a
// generic -32603 that names no internals, reported to the log, and the next request served. A
// result already serialised elsewhere (RawJson) goes out in pieces that still make one valid answer.
import * as assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { Dispatcher, type Reply } from '../../server/src/agent/dispatcher';
import { defineMethod, type MethodDefinition } from '../../server/src/agent/method';
import { RawJson } from '../../server/src/agent/ast-json/raw-json';
import { SocketSession } from '../../server/src/websocket/socket-session';
import { startRecording, stopRecording } from '../../server/src/agent/workflow-recorder';
import { HeadlessAgentHost } from '../../server/src/cli/headless-host';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { Workspace } from '../../server/src/workspace/workspace';

const NO_PARAMS = { type: 'object', additionalProperties: false } as const;

const TEST_METHODS: MethodDefinition[] = [
  defineMethod({
    name: 'explode',
    role: 'any',
    description: 'throws a TypeError',
    params: NO_PARAMS,
    recorded: true,
    returns: {},
    handler() {
      throw new TypeError('secret internal detail at /home/someone/project/file.ts:12');
    },
  }),
  defineMethod({
    name: 'cyclic',
    role: 'any',
    description: 'returns a cycle',
    params: NO_PARAMS,
    recorded: false,
    returns: {},
    handler() {
      const value: Record<string, unknown> = {};
      value.self = value;
      return value;
    },
  }),
  defineMethod({
    name: 'nothing',
    role: 'any',
    description: 'returns undefined',
    params: NO_PARAMS,
    recorded: true,
    returns: {},
    handler: () => undefined,
  }),
  defineMethod({
    name: 'echo',
    role: 'generator',
    description: 'returns its params',
    params: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false },
    recorded: true,
    returns: {},
    handler: (params) => ({ n: params.n }),
  }),
  defineMethod({
    name: 'serialised',
    role: 'any',
    description: 'returns JSON text made elsewhere',
    params: NO_PARAMS,
    recorded: true,
    returns: {},
    handler: () => new RawJson(Buffer.from('{"ast":{"type":"Program","name":"ünïcode"},"diagnostics":[]}', 'utf8')),
  }),
  defineMethod({
    name: 'named',
    role: 'any',
    description: 'returns the length of a name of 2 to 4 characters',
    params: { type: 'object', properties: { name: { type: 'string', minLength: 2, maxLength: 4 } }, required: ['name'], additionalProperties: false },
    recorded: false,
    returns: {},
    handler: (params) => ({ length: params.name.length }),
  }),
];

/** The message a reply makes on the wire: its pieces, in order, are one text message. */
function wireText(reply: Reply): string {
  return typeof reply === 'string' ? reply : Buffer.concat(reply).toString('utf8');
}

describe('Dispatcher', () => {
  let host: HeadlessAgentHost;
  before(async () => {
    await loadGrammar();
    host = new HeadlessAgentHost({
      workspace: new Workspace(),
      library: undefined,
      decidePlan: () => Promise.resolve({ approved: false, decidedBy: 'test' }),
      info: { ideName: 'test', version: '0' },
      log: () => undefined,
    });
  });

  function setup(): { dispatcher: Dispatcher; session: SocketSession; reported: unknown[]; sent: string[] } {
    const reported: unknown[] = [];
    const sent: string[] = [];
    const dispatcher = new Dispatcher(new Map(TEST_METHODS.map((method) => [method.name, method])), { onInternalError: (error) => reported.push(error) });
    const session = new SocketSession('generator', (text) => sent.push(text));
    session.role = 'generator';
    return { dispatcher, session, reported, sent };
  }

  async function send(dispatcher: Dispatcher, session: SocketSession, message: unknown): Promise<Record<string, unknown>> {
    const reply = await dispatcher.handleMessage(JSON.stringify(message), session, host);
    assert.ok(reply !== undefined);
    return JSON.parse(wireText(reply)) as Record<string, unknown>;
  }

  it('answers an unexpected exception with a generic -32603, reports it, and serves the next request', async () => {
    const { dispatcher, session, reported } = setup();
    const response = await send(dispatcher, session, { jsonrpc: '2.0', id: 1, method: 'explode' });
    const error = response.error as { code: number; message: string; data?: unknown };
    assert.equal(error.code, -32603);
    assert.doesNotMatch(JSON.stringify(response), /secret|home|file\.ts|TypeError/);
    assert.equal(reported.length, 1);
    assert.ok(reported[0] instanceof TypeError);
    const next = await send(dispatcher, session, { jsonrpc: '2.0', id: 2, method: 'nothing' });
    assert.deepEqual(next, { jsonrpc: '2.0', id: 2, result: null });
  });

  it('counts minLength and maxLength in UTF-16 code units, as String.length does', async () => {
    const { dispatcher, session } = setup();
    const call = (name: string): Promise<Record<string, unknown>> => send(dispatcher, session, { jsonrpc: '2.0', id: 1, method: 'named', params: { name } });
    assert.deepEqual((await call('abcd')).result, { length: 4 });
    assert.deepEqual((await call('😀😀')).result, { length: 4 });
    assert.deepEqual((await call('😀')).result, { length: 2 });
    // Three emoji are three code points but six code units: over the maximum of 4.
    assert.deepEqual((await call('😀😀😀')).error, { code: -32602, message: 'Invalid params: params.name must NOT have more than 4 characters', data: { field: 'params.name', hint: "getCapabilities gives each method's params schema." } });
    assert.equal(((await call('a')).error as { message: string }).message, 'Invalid params: params.name must NOT have fewer than 2 characters');
    assert.equal(((await call('abcde')).error as { message: string }).message, 'Invalid params: params.name must NOT have more than 4 characters');
  });

  it('answers a result JSON cannot carry with -32603 for that entry only, inside a batch', async () => {
    const { dispatcher, session, reported } = setup();
    const reply = await dispatcher.handleMessage(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'cyclic' },
        { jsonrpc: '2.0', id: 2, method: 'echo', params: { n: 3 } },
      ]),
      session,
      host,
    );
    const responses = JSON.parse(wireText(reply!)) as { id: number; result?: unknown; error?: { code: number } }[];
    assert.equal(responses[0].error?.code, -32603);
    assert.deepEqual(responses[1], { jsonrpc: '2.0', id: 2, result: { n: 3 } });
    assert.equal(reported.length, 1);
  });

  it('records only successful calls of recorded methods, with their params as sent', async () => {
    const { dispatcher, session } = setup();
    startRecording(session, 'test');
    await send(dispatcher, session, { jsonrpc: '2.0', id: 1, method: 'explode' });
    await send(dispatcher, session, { jsonrpc: '2.0', id: 2, method: 'cyclic' });
    await send(dispatcher, session, { jsonrpc: '2.0', id: 3, method: 'echo', params: { n: 'x' } });
    await send(dispatcher, session, { jsonrpc: '2.0', id: 4, method: 'echo', params: { n: 7 } });
    session.role = 'refactor';
    await send(dispatcher, session, { jsonrpc: '2.0', id: 5, method: 'echo', params: { n: 8 } });
    const recording = stopRecording(session)!;
    assert.deepEqual(
      recording.steps.map((step) => [step.method, step.params]),
      [['echo', { n: 7 }]],
    );
  });

  it('checks the role before the params and names the roles that may call', async () => {
    const { dispatcher, session } = setup();
    session.role = 'refactor';
    const response = await send(dispatcher, session, { jsonrpc: '2.0', id: 1, method: 'echo', params: { n: 'not a number' } });
    const error = response.error as { code: number; message: string };
    assert.equal(error.code, -32031);
    assert.match(error.message, /requires 'generator' role/);
  });

  it('sends a result serialised elsewhere as it is, alone and inside a batch', async () => {
    const { dispatcher, session } = setup();
    const expected = { ast: { type: 'Program', name: 'ünïcode' }, diagnostics: [] };
    assert.deepEqual(await send(dispatcher, session, { jsonrpc: '2.0', id: 'a', method: 'serialised' }), { jsonrpc: '2.0', id: 'a', result: expected });
    const batch = await dispatcher.handleMessage(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'echo', params: { n: 1 } },
        { jsonrpc: '2.0', method: 'serialised' },
        { jsonrpc: '2.0', id: 2, method: 'serialised' },
        { jsonrpc: '2.0', id: 3, method: 'explode' },
      ]),
      session,
      host,
    );
    const responses = JSON.parse(wireText(batch!)) as { id: number; result?: unknown; error?: { code: number } }[];
    assert.deepEqual(
      responses.map((response) => response.id),
      [1, 2, 3],
    );
    assert.deepEqual(responses[1].result, expected);
    assert.equal(responses[2].error?.code, -32603);
  });

  it('counts every message and keeps notifications silent', async () => {
    const { dispatcher, session } = setup();
    assert.equal(await dispatcher.handleMessage('{"jsonrpc":"2.0","method":"explode"}', session, host), undefined);
    assert.equal(await dispatcher.handleMessage('[{"jsonrpc":"2.0","method":"nothing"}]', session, host), undefined);
    await dispatcher.handleMessage('garbage', session, host);
    assert.equal(session.messageCount, 3);
  });
});
