// `whetstone-agent serve` on a symbolic link the person names (served/shop.wst → real/shop.wst):
// an agent's edit is written through to the real file (a temporary file beside it, renamed over
// it, its mode kept) and the link stays a link. (A link found in a folder being served is taken
// only when its file lies inside that folder: test/agent-endpoint/hostile-folder.test.ts.)
import * as assert from 'node:assert/strict';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { AgentClient, startServe } from './serve-harness';

const SHOP = 'fn total(price: number): number {\n  return price * 2;\n}\n';

describe('serve on a symbolic link', { skip: process.platform === 'win32' }, () => {
  it('writes an edit through the link to the real file, keeping the link and the file mode', async () => {
    let real = '';
    const server = await startServe({
      files: {},
      prepare: ({ folder }) => {
        real = join(dirname(folder), 'real', 'shop.wst');
        mkdirSync(dirname(real));
        writeFileSync(real, SHOP);
        chmodSync(real, 0o640);
        symlinkSync(real, join(folder, 'shop.wst'));
      },
      servedPaths: (folder) => [join(folder, 'shop.wst')],
    });
    try {
      const client = await AgentClient.connect(server);
      await client.request('setAgentRole', { role: 'refactor' });
      const { ast } = await client.request<{ ast: { children: { id: string; type: string }[] } }>('getAST');
      const total = ast.children.find((node) => node.type === 'FunctionDeclaration')!;
      await client.request('applyMutation', { type: 'setProperty', nodeId: total.id, property: 'name', value: 'sum' });
      const link = join(server.folder, 'shop.wst');
      assert.ok(lstatSync(link).isSymbolicLink(), 'the served path is still a symbolic link');
      assert.equal(readFileSync(real, 'utf8'), SHOP.replace('fn total', 'fn sum'), 'the real file has the edit');
      assert.equal(statSync(real).mode & 0o777, 0o640, 'the real file keeps its mode');
      assert.deepEqual(readdirSync(dirname(real)), ['shop.wst'], 'no temporary file is left beside the target');
      assert.deepEqual(readdirSync(server.folder), ['shop.wst']);
      // A second edit goes through the same link.
      await client.request('applyMutation', { type: 'setProperty', nodeId: total.id, property: 'name', value: 'sum2' });
      assert.ok(lstatSync(link).isSymbolicLink());
      assert.match(readFileSync(real, 'utf8'), /fn sum2/);
      await client.close();
    } finally {
      await server.stop();
    }
  });
});
