// parseSource against the real `whetstone-agent serve` (dist/cli.js, with its bundled source
// worker): a source over the cap is refused at once with -32602 naming the field and the cap, and
// nothing changes; a long parse runs off the endpoint's thread, so another agent's ping is answered
// while it runs and the parse answers afterwards, whole; the parsing session's own next request
// still waits its turn; two agents' parses are each answered with their own result.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_SOURCE_TEXT_LENGTH } from '../../server/src/agent/param-bounds';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

/** A mebibyte of text that is not Whetstone: tree-sitter's error recovery takes seconds on it. */
const JUNK = 'ab(){};= \n'.repeat(100_000);
const MAIN = 'let kept = 1;\n';

describe('parseSource: size cap, and long parses off the endpoint thread', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': MAIN } });
  });
  after(async () => {
    await server.stop();
  });

  it('refuses a source over the cap with -32602 naming the field and the cap, changing nothing', async () => {
    const client = await AgentClient.connect(server);
    const before = await client.request<{ buffers: { uri: string; revision: number }[] }>('listBuffers');
    for (const [method, params] of [
      ['parseSource', { source: 'x'.repeat(MAX_SOURCE_TEXT_LENGTH + 1), language: 'whetstone' }],
      ['runPipeline', { source: 'x'.repeat(MAX_SOURCE_TEXT_LENGTH + 1), sourceLanguage: 'whetstone', targetLanguage: 'python' }],
    ] as const) {
      const response = await client.call(method, params);
      assert.equal(response.error?.code, -32602, method);
      assert.equal(response.error.data?.field, 'params.source');
      assert.match(response.error.message, new RegExp(`${MAX_SOURCE_TEXT_LENGTH}`));
    }
    assert.deepEqual(await client.request('listBuffers'), before);
    const { ast } = await client.request<{ ast: { children: { name?: string }[] } }>('getAST');
    assert.equal(ast.children[0].name, 'kept');
    await client.close();
  });

  it("answers another agent's ping while a long parse runs, then the parse, whole; the parser's own next request waits its turn", async () => {
    const parser = await AgentClient.connect(server);
    const other = await AgentClient.connect(server);
    const order: string[] = [];
    const parsed = parser.call('parseSource', { source: JUNK, language: 'whetstone' }).then((response) => {
      order.push('parseSource');
      return response;
    });
    const ownPing = parser.call('ping').then(() => order.push('ping of the parsing session'));
    // The request is on its way and being parsed (which takes seconds); the other agent asks meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pong = await other.request<{ message: string }>('ping');
    order.push('ping of another session');
    assert.equal(pong.message, 'pong');
    const response = await parsed;
    await ownPing;
    assert.deepEqual(order, ['ping of another session', 'parseSource', 'ping of the parsing session'], 'the other agent did not wait for the parse; the parsing session kept its order');
    const result = response.result as { ast: { type: string; id: string }; diagnostics: { code: string; nodeId: string }[]; language: string };
    assert.equal(result.language, 'whetstone');
    assert.equal(result.ast.type, 'Program');
    assert.match(result.ast.id, /^parsed_\d+$/);
    assert.ok(result.diagnostics.length > 0 && result.diagnostics.every((d) => /^parsed_\d+$/.test(d.nodeId)));
    assert.equal(result.diagnostics[0].code, 'E_SYNTAX');
    await parser.close();
    await other.close();
  });

  it("serves two agents' parses one after the other, each its own answer, and runPipeline beside them", async () => {
    const first = await AgentClient.connect(server);
    const second = await AgentClient.connect(server);
    const third = await AgentClient.connect(server);
    const [a, b, c] = await Promise.all([
      first.request<{ ast: { children: { name?: string }[] } }>('parseSource', { source: 'fn a(): number {\n  return 1;\n}\n', language: 'whetstone' }),
      second.request<{ ast: { children: { name?: string }[] } }>('parseSource', { source: 'function b() { return 2; }\n', language: 'javascript' }),
      third.request<{ generatedCode: string }>('runPipeline', { source: 'fn c(): number {\n  return 1 + 2;\n}\n', sourceLanguage: 'whetstone', targetLanguage: 'python' }),
    ]);
    assert.equal(a.ast.children[0].name, 'a');
    assert.equal(b.ast.children[0].name, 'b');
    assert.match(c.generatedCode, /def c\(\)/);
    await Promise.all([first.close(), second.close(), third.close()]);
  });
});
