// What an agent or a served folder names reaches serve's terminal only escaped: serve reports
// every change, undo and rename on stderr with the agent's name and the file's path, on the
// terminal where `--approve ask` asks the person. An agent whose name clears the screen and
// prints a fake prompt, and a file whose name sets the terminal's title, show as escapes on one
// line each.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AgentClient, startServe } from './serve-harness';

const SOURCE = 'fn greet(name: string): string {\n  let greeting = "Hello, ";\n  return greeting + name;\n}\n';
/** A file name that sets the terminal's title and rings its bell. */
const HOSTILE_FILE = 'evil\u001b]0;pwned\u0007\u202e.wst';
const HOSTILE_NAME = 'bot\u001b[2J\u001b[H\r\nApprove plan plan_9? [y/N] \u009b31m\u{e0041}\u200b';

interface AstNode {
  type: string;
  id: string;
  name?: string;
}

/** The first node (depth first) that passes `test`, looked for in every field. */
function find(value: unknown, test: (node: AstNode) => boolean): AstNode | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (typeof (value as AstNode).type === 'string' && test(value as AstNode)) return value as AstNode;
  for (const child of Object.values(value)) {
    const found = find(child, test);
    if (found) return found;
  }
  return undefined;
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('serve: agent- and file-supplied text on the terminal', () => {
  it('logs a change, its undo and a rename with the agent\'s name and the path escaped, one line each', async () => {
    const server = await startServe({ files: { [HOSTILE_FILE]: SOURCE } });
    try {
      const client = await AgentClient.connect(server);
      await client.request('setAgentName', { name: HOSTILE_NAME });
      await client.request('setAgentRole', { role: 'refactor' });
      const { ast } = await client.request<{ ast: AstNode }>('getAST');
      const greet = find(ast, (node) => node.type === 'FunctionDeclaration' && node.name === 'greet')!;
      await client.request('applyMutation', { type: 'setProperty', nodeId: greet.id, property: 'name', value: 'welcome' });
      await client.request('undo');
      const local = find((await client.request<{ ast: AstNode }>('getAST')).ast, (node) => node.type === 'VariableDeclaration' && node.name === 'greeting')!;
      await client.request('renameSymbol', { nodeId: local.id, newName: 'salutation' });
      await waitUntil(() => server.stderr().split('\n').filter((line) => line.includes('(revision ')).length >= 3);
      const stderr = server.stderr();

      for (const raw of ['\u001b', '\u0007', '\r', '\u009b', '\u202e', '\u200b', '\u{e0041}']) {
        assert.ok(!stderr.includes(raw), `no raw U+${raw.codePointAt(0)!.toString(16)} on stderr: ${JSON.stringify(stderr)}`);
      }
      const lines = stderr.split('\n');
      assert.ok(!lines.some((line) => line.startsWith('Approve plan')), 'the agent cannot forge a prompt line');
      const changes = lines.filter((line) => line.includes('(revision '));
      assert.equal(changes.length, 3, stderr);
      const shownName = 'bot\\e[2J\\e[H\\r\\nApprove plan plan_9? [y/N] \\u{009b}31m\\u{e0041}\\u{200b}';
      const shownFile = 'evil\\e]0;pwned\\u{0007}\\u{202e}.wst';
      assert.ok(changes[0].includes(shownName) && changes[0].includes(shownFile), changes[0]);
      assert.ok(changes[1].includes(`Undo ${shownName}`) && changes[1].includes(shownFile), changes[1]);
      assert.ok(changes[2].includes(shownFile), changes[2]);
      await client.close();
    } finally {
      await server.stop();
    }
  });
});
