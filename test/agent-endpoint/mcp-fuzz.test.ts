// Hostile input on /mcp of the real `whetstone-agent serve`, bounded in count, loopback only:
// random bodies inside a live session, tools/call with arguments of every wrong type for every
// tool, and unknown tools. Each is answered (an HTTP error, a JSON-RPC error, or an isError
// result with a known code), the files never change, the session keeps serving, the server never
// answers "internal error" and never exits.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Random } from '../helpers/random';
import { connectHttp, INITIALIZE, rawMcp, type McpAgent } from './mcp-harness';
import { startServe, type ServeProcess } from './serve-harness';

const SOURCE = 'fn unused(): number {\n  return 1;\n}\n\nfn double(x: number): number {\n  return x * 2;\n}\n\nprint(double(21));\n';
const KNOWN_CODES = new Set([-32700, -32600, -32601, -32602, -32000, -32001, -32002, -32010, -32011, -32012, -32020, -32031, -32040, -32041, -32050]);
const WRONG_VALUES: unknown[] = [null, 42, -1.5, true, 'x', '', [], [1, 'a'], {}, { nested: { deep: [null] } }, 'node_999999', 'a'.repeat(5000)];

describe('MCP fuzz (serve)', () => {
  let server: ServeProcess;
  let agent: McpAgent;
  let sessionId: string;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE } });
    agent = await connectHttp(server);
    const answer = await rawMcp(server.port, { body: INITIALIZE, headers: { Authorization: `Bearer ${server.lock.token}` } });
    sessionId = String(answer.headers['mcp-session-id']);
  });
  after(async () => {
    await agent.close();
    await server.stop();
  });

  const unchanged = (): void => assert.equal(readFileSync(join(server.folder, 'main.wst'), 'utf8'), SOURCE);

  it('answers random bodies in a live session without crashing or changing anything', async () => {
    const random = new Random(20261203);
    const pieces = ['{', '}', '[', ']', '"jsonrpc"', ':', '"2.0"', ',', '"method"', '"tools/call"', '"id"', '1', 'null', '"params"', '{"name":"getNode"}', '\u0000', '\ud800', 'true'];
    for (let i = 0; i < 150; i++) {
      const body = Array.from({ length: 1 + random.int(25) }, () => pieces[random.int(pieces.length)]).join('');
      const answer = await rawMcp(server.port, { body, headers: { Authorization: `Bearer ${server.lock.token}`, 'Mcp-Session-Id': sessionId, 'Mcp-Protocol-Version': '2025-06-18' } });
      assert.ok([200, 202, 400, 406, 415].includes(answer.status), `status ${answer.status} for ${JSON.stringify(body)}: ${answer.body}`);
      assert.ok(!/-32603|Internal error/.test(answer.body), answer.body);
    }
    unchanged();
    assert.equal((await agent.ok<{ buffers: unknown[] }>('listBuffers')).buffers.length, 1, 'the server still serves');
  });

  it('answers wrong arguments for every tool with a known code, naming the field', async () => {
    await agent.ok('setAgentRole', { role: 'refactor' });
    const { tools } = await agent.client.listTools();
    for (const tool of tools) {
      const properties = Object.keys((tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {});
      for (const property of [...properties, 'notAParameter']) {
        for (const value of WRONG_VALUES) {
          const answer = await agent.call(tool.name, { [property]: value });
          if (!answer.isError) continue;
          const code = answer.structured.code as number;
          assert.ok(KNOWN_CODES.has(code), `${tool.name} {${property}: ${JSON.stringify(value).slice(0, 40)}} answered ${code}: ${answer.text}`);
          if (code === -32602) assert.match(String(answer.structured.message), /params/);
        }
      }
    }
    unchanged();
  });

  it('answers unknown tools with -32601 and a hint', async () => {
    for (const name of ['nope', 'GETNODE', 'get_node', 'x'.repeat(300)]) {
      const answer = await agent.call(name, {});
      assert.equal(answer.isError, true);
      assert.equal(answer.structured.code, -32601);
      assert.ok(answer.structured.hint);
    }
  });
});
