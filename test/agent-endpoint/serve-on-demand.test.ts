// `whetstone-agent serve --buffers on-demand` over a real WebSocket: only the first file is a
// buffer at the start; a file becomes one when a request names its uri; listFiles lists every
// file; a rename and a change of a module's exports reach the importers nobody had named (written
// on disk); a file swapped for one that cannot be read is refused with its reason when named.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { AgentClient, startServe } from './serve-harness';

const FILES: Record<string, string> = {
  'app.wst': 'use shop.pricing.{orderTotal};\nprint(orderTotal([1, 2]));\n',
  'shop/pricing.wst': 'fn orderTotal(prices: list<number>): number {\n  let t = 0;\n  for p in prices {\n    t = t + p;\n  }\n  return t;\n}\n',
  'shop/orders.wst': 'use shop.pricing.{orderTotal};\nfn checkout(items: list<number>): number {\n  return orderTotal(items);\n}\n',
  'reports/weekly.wst': 'use shop.pricing;\nlet monday = pricing.orderTotal([1, 2]);\nprint(monday);\n',
};

interface Ast {
  ast: { children: { id: string; type: string; name?: string }[] };
  revision: number;
}

describe('serve --buffers on-demand', () => {
  const start = () => startServe({ files: FILES, args: ['--approve', 'auto', '--buffers', 'on-demand'] });

  it('holds only the first file at the start, opens a file when a request names it, and lists every file', async () => {
    const server = await start();
    try {
      const agent = await AgentClient.connect(server);
      const uriOf = (file: string): string => pathToFileURL(join(server.folder, file)).href;
      const { buffers } = await agent.request<{ buffers: { uri: string }[] }>('listBuffers');
      assert.deepEqual(buffers.map((buffer) => buffer.uri), [uriOf('app.wst')]);
      const { ast, revision } = await agent.request<Ast>('getAST', { uri: uriOf('shop/pricing.wst') });
      assert.equal(revision, 1);
      assert.ok(ast.children.some((child) => child.name === 'orderTotal'));
      const after = await agent.request<{ buffers: { uri: string }[] }>('listBuffers');
      assert.deepEqual(after.buffers.map((buffer) => buffer.uri).sort(), [uriOf('app.wst'), uriOf('shop/pricing.wst')].sort());
      // The index is read in the background: listFiles says `indexing` until it is complete.
      let files = await agent.request<{ files: { uri: string; open: boolean }[]; indexing: boolean }>('listFiles');
      while (files.indexing) files = await agent.request('listFiles');
      assert.deepEqual(files.files.map((file) => file.uri).sort(), Object.keys(FILES).map(uriOf).sort());
      assert.match(server.stderr(), /serving 4 files/);
      await agent.close();
    } finally {
      await server.stop();
    }
  });

  it('renames across the importers nobody had named, on disk, and reports the callers a new parameter breaks there', async () => {
    const server = await start();
    try {
      const agent = await AgentClient.connect(server);
      await agent.request('setAgentRole', { role: 'refactor' });
      const uriOf = (file: string): string => pathToFileURL(join(server.folder, file)).href;
      const pricing = uriOf('shop/pricing.wst');
      const fn = (await agent.request<Ast>('getAST', { uri: pricing })).ast.children.find((child) => child.name === 'orderTotal')!;
      const broken = await agent.request<{ brokenCallers: { uri: string }[] }>('applyMutation', {
        uri: pricing,
        type: 'insertNode',
        parentId: fn.id,
        role: 'parameters',
        node: { type: 'Parameter', name: 'discount', paramType: 'number' },
        dryRun: true,
      });
      assert.deepEqual([...new Set(broken.brokenCallers.map((b) => b.uri))].sort(), [uriOf('app.wst'), uriOf('reports/weekly.wst'), uriOf('shop/orders.wst')].sort());

      const renamed = await agent.request<{ changes: { uri: string }[] }>('renameSymbol', { uri: pricing, nodeId: fn.id, newName: 'grandTotal' });
      assert.equal(renamed.changes.length, 4);
      const read = (file: string): string => readFileSync(join(server.folder, file), 'utf8');
      assert.match(read('shop/orders.wst'), /use shop\.pricing\.\{grandTotal\};[\s\S]*return grandTotal\(items\)/);
      assert.match(read('reports/weekly.wst'), /pricing\.grandTotal\(\[1, 2\]\)/);
      assert.match(read('app.wst'), /print\(grandTotal\(\[1, 2\]\)\)/);
      await agent.close();
    } finally {
      await server.stop();
    }
  });

  it('refuses a file swapped for a FIFO before a request named it, with the reason', { skip: process.platform === 'win32' }, async () => {
    const server = await start();
    try {
      const agent = await AgentClient.connect(server);
      const orders = join(server.folder, 'shop', 'orders.wst');
      unlinkSync(orders);
      execFileSync('mkfifo', [orders]);
      const answer = await agent.call('getAST', { uri: pathToFileURL(orders).href });
      assert.equal(answer.error?.code, -32000, JSON.stringify(answer));
      assert.match(answer.error?.message ?? '', /not a regular file/);
      await agent.close();
    } finally {
      await server.stop();
    }
  });

  it('holds at most 256 buffers: the ones named longest ago are let go, the active one stays, and a file let go opens again when named', async () => {
    const many: Record<string, string> = { 'a.wst': 'print(1);\n' };
    for (let i = 0; i < 270; i++) many[`m/f${String(i).padStart(3, '0')}.wst`] = `fn f${i}(): number { return ${i}; }\n`;
    const server = await startServe({ files: many, args: ['--approve', 'auto', '--buffers', 'on-demand'] });
    try {
      const agent = await AgentClient.connect(server);
      const uriOf = (file: string): string => pathToFileURL(join(server.folder, file)).href;
      for (let i = 0; i < 270; i++) await agent.request('getNode', { uri: uriOf(`m/f${String(i).padStart(3, '0')}.wst`), nodeId: 'node_0', depth: 0 }).catch(() => undefined);
      const { buffers } = await agent.request<{ buffers: { uri: string; active: boolean }[] }>('listBuffers');
      assert.equal(buffers.length, 256);
      assert.ok(buffers.some((buffer) => buffer.active && buffer.uri === uriOf('a.wst')), 'the active buffer stays');
      assert.ok(!buffers.some((buffer) => buffer.uri === uriOf('m/f000.wst')), 'the file named first was let go');
      assert.ok(buffers.some((buffer) => buffer.uri === uriOf('m/f269.wst')), 'the file named last is held');
      const again = await agent.request<{ revision: number }>('getAST', { uri: uriOf('m/f000.wst') });
      assert.equal(again.revision, 1, 'read afresh');
      await agent.close();
    } finally {
      await server.stop();
    }
  });
});
