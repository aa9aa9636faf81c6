// The reference's pipeline methods over a real socket: parseSource reads Whetstone without
// touching a buffer; the generation methods (a later issue) answer -32020 saying so.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, type ServeProcess } from './serve-harness';

interface ParsedNode {
  type: string;
  id: string;
  [field: string]: unknown;
}

function ids(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) ids(item, out);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.id === 'string' && typeof record.type === 'string') out.push(record.id);
    for (const [key, value] of Object.entries(record)) if (key !== 'span') ids(value, out);
  }
  return out;
}

describe('pipeline methods, over a real socket', () => {
  let server: ServeProcess;
  const source = 'fn answer(): number {\n  return 42;\n}\nprint(answer(1));\n';
  before(async () => {
    server = await startServe({ files: { 'main.wst': 'let kept = 1;\nprint(kept);\n' } });
  });
  after(async () => {
    await server.stop();
  });

  it('parseSource gives the AST with parsed_ ids and the diagnostics, and leaves the buffer alone', async () => {
    const client = await AgentClient.connect(server);
    try {
      const before = readFileSync(join(server.folder, 'main.wst'), 'utf8');
      const { revision } = await client.request<{ revision: number }>('getAST');
      const result = await client.request<{ ast: ParsedNode; diagnostics: { code: string; nodeId: string; line: number }[] }>('parseSource', {
        source,
        language: 'whetstone',
      });
      assert.equal(result.ast.type, 'Program');
      const [fn] = result.ast.children as ParsedNode[];
      assert.equal(fn.type, 'FunctionDeclaration');
      assert.equal(fn.name, 'answer');
      const all = ids(result.ast);
      assert.ok(all.length > 5 && all.every((id) => /^parsed_\d+$/.test(id)), all.join(' '));
      // The extra argument of answer(1) is an arity error, reported on a node of this AST.
      const arity = result.diagnostics.find((d) => d.code === 'E_ARITY');
      assert.ok(arity, JSON.stringify(result.diagnostics));
      assert.ok(all.includes(arity.nodeId));
      assert.equal(arity.line, 4);
      assert.equal((await client.request<{ revision: number }>('getAST')).revision, revision);
      assert.equal(readFileSync(join(server.folder, 'main.wst'), 'utf8'), before);
    } finally {
      await client.close();
    }
  });

  it('parseSource of another language, and the generation methods, answer -32020 with a hint', async () => {
    const client = await AgentClient.connect(server);
    try {
      await client.request('setAgentRole', { role: 'generator' });
      const calls: [string, unknown][] = [
        ['parseSource', { source: 'function f() {}', language: 'javascript' }],
        ['generateFromAST', { language: 'javascript' }],
        ['projectLanguage', { targetLanguage: 'python' }],
        ['runPipeline', { source: 'x', sourceLanguage: 'whetstone', targetLanguage: 'typescript' }],
        ['generateCode', { spec: 'a function that adds two numbers' }],
      ];
      for (const [method, params] of calls) {
        const response = await client.call(method, params);
        assert.equal(response.error?.code, -32020, `${method}: ${JSON.stringify(response)}`);
        assert.ok(typeof response.error?.data?.hint === 'string', method);
      }
    } finally {
      await client.close();
    }
  });
});
