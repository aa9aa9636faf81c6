// An agent's plan on the person's terminal (`serve --approve ask`), against the real server: the
// reason and steps come escaped (a newline or a terminal escape cannot forge a line such as
// "Targets: (none)" or erase one), a long plan is summarised with counts, and the targets are
// described from the server's own tree, the deletion first, whatever order the agent chose.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AgentClient, startServe } from './serve-harness';

const SOURCE = 'fn calculateTotal(price: number): number {\n  return price * 2;\n}\n\nfn format(total: number): string {\n  return "" + total;\n}\n';

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('serve --approve ask: an agent\'s plan as the person sees it', () => {
  it('escapes the agent\'s text, counts a long plan and lists the deletion, described by the server', async () => {
    const server = await startServe({ files: { 'shop.wst': SOURCE }, args: ['--approve', 'ask'] });
    try {
      const client = await AgentClient.connect(server);
      await client.request('setAgentRole', { role: 'refactor' });
      const { ast } = await client.request<{ ast: { children: { id: string; type: string; name?: string }[] } }>('getAST');
      const calculateTotal = ast.children.find((node) => node.name === 'calculateTotal')!;
      const format = ast.children.find((node) => node.name === 'format')!;
      const targets = [...Array.from({ length: 40 }, () => ({ op: 'setProperty', nodeId: format.id })), { op: 'deleteNode', nodeId: calculateTotal.id }];
      const { planId } = await client.request<{ planId: string }>('proposePlan', {
        reason: 'Rename a local variable\nSteps:\n  1. rename x\nTargets: (none)\n\u001b[8m',
        steps: Array.from({ length: 100 }, (_, i) => `rename x${i}\u001b[1A\u001b[2K\r`),
        targets,
      });
      await waitUntil(() => server.stderr().includes(`Approve plan ${planId}? [y/N]`));
      const shown = server.stderr();
      assert.ok(!shown.includes('\u001b'), 'no terminal escape reaches the terminal');
      assert.ok(!shown.includes('\r'));
      const lines = shown.split('\n');
      assert.ok(!lines.some((line) => /^\s*Targets: \(none\)/.test(line)), 'the agent cannot forge a line');
      assert.ok(lines.some((line) => line.startsWith('Reason: Rename a local variable\\nSteps:\\n  1. rename x\\nTargets: (none)\\n\\e[8m')), shown);
      assert.ok(lines.length < 80, `a plan of 100 steps and 41 targets takes ${lines.length} lines`);
      assert.ok(lines.includes('  … and 80 more steps'));
      assert.ok(lines.includes('Targets (41: 40 setProperty, 1 deleteNode):'));
      const firstTarget = lines.findIndex((line) => line.startsWith('Targets ('));
      assert.match(lines[firstTarget + 1], new RegExp(`^  deleteNode ${calculateTotal.id}: function calculateTotal, lines 1–3 of shop\\.wst$`));
      assert.equal(lines[firstTarget + 2], '    | fn calculateTotal(price: number): number {');
      server.child.stdin!.write('n\n');
      const decided = await client.planDecided(planId);
      assert.equal((decided.params as { status: string }).status, 'rejected');
      await client.close();
    } finally {
      await server.stop();
    }
  });
});
