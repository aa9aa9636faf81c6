// An agent that writes a bidirectional control character into a string literal ("Trojan
// Source": the line then reads in another order than it runs) is told so in its change's answer,
// as the person is by the diagnostics of the file: W_BIDI_CONTROL, whoever wrote it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { AgentClient, startServe } from './serve-harness';

interface Diagnostic {
  code: string;
  severity: string;
  nodeId: string;
  message: string;
}

describe('an agent writes a bidi control character into a string literal', () => {
  it('the change is made and its answer carries W_BIDI_CONTROL on the literal', async () => {
    const server = await startServe({ files: { 'main.wst': 'fn greet(): string {\n  return "hi";\n}\n' } });
    try {
      const client = await AgentClient.connect(server);
      await client.request('setAgentRole', { role: 'refactor' });
      const { ast } = await client.request<{ ast: { children: { type: string; name?: string; body?: { id: string } }[] } }>('getAST');
      const greet = ast.children.find((node) => node.type === 'FunctionDeclaration' && node.name === 'greet')!;
      const statement = { type: 'ExpressionStatement', expression: { type: 'CallExpression', callee: { type: 'Identifier', name: 'print' }, arguments: [{ type: 'Literal', value: 'user\u202e \u2066// admin\u2069\u2066' }] } };
      const result = await client.request<{ success: boolean; insertedNodeIds: string[]; diagnostics: Diagnostic[] }>('applyMutation', {
        type: 'insertNode',
        parentId: greet.body!.id,
        role: 'statements',
        index: 0,
        node: statement,
      });
      assert.equal(result.success, true);
      assert.ok(readFileSync(join(server.folder, 'main.wst'), 'utf8').includes('\u202e'), 'the character is in the file as written');
      const warned = result.diagnostics.filter((diagnostic) => diagnostic.code === 'W_BIDI_CONTROL');
      assert.equal(warned.length, 1, JSON.stringify(result.diagnostics));
      assert.equal(warned[0].severity, 'warning');
      assert.match(warned[0].message, /^This string literal holds the invisible bidirectional control characters U\+202E \(RIGHT-TO-LEFT OVERRIDE\)/);
      const { node } = await client.request<{ node: { type: string } }>('getNode', { nodeId: warned[0].nodeId, depth: 0 });
      assert.equal(node.type, 'Literal');
      await client.close();
    } finally {
      await server.stop();
    }
  });
});
