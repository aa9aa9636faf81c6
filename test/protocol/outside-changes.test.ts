// A served file edited on disk while `whetstone-agent serve` runs, over real sockets: the buffer
// takes the file's text as a new revision (ids of what did not change kept), every session hears
// `bufferChanged {uri, revision}`, a change made for the revision before gets -32012, and nothing
// is lost: neither the edit on disk nor any change the server acknowledged.
import * as assert from 'node:assert/strict';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { AgentClient, startServe } from './serve-harness';

const MAIN = 'fn greet(name: string): string {\n  return "Hello, " + name;\n}\n';

interface Ast {
  ast: { children: { id: string; type: string; name?: string }[] };
  revision: number;
}

function idOf(ast: Ast, name: string): string {
  const node = ast.ast.children.find((child) => child.name === name);
  assert.ok(node, name);
  return node.id;
}

describe('serve: files changed on disk', () => {
  it('turns an edit on disk into a new revision and tells every session; the older revision conflicts', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const file = join(server.folder, 'main.wst');
      const uri = pathToFileURL(file).href;
      const agent = await AgentClient.connect(server);
      const observer = await AgentClient.connect(server);
      await agent.request('setAgentRole', { role: 'refactor' });
      const before = await agent.request<Ast>('getAST');
      assert.equal(before.revision, 1);

      // Saved the way editors save: a new file renamed over the old one.
      writeFileSync(`${file}.saving`, `${MAIN}\nfn helper(): number {\n  return 1;\n}\n`);
      renameSync(`${file}.saving`, file);
      const heard = await agent.waitForNotification('bufferChanged');
      assert.deepEqual(heard.params, { uri, revision: 2 });
      assert.deepEqual((await observer.waitForNotification('bufferChanged')).params, { uri, revision: 2 });
      const after = await agent.request<Ast>('getAST');
      assert.equal(after.revision, 2);
      assert.equal(idOf(after, 'greet'), idOf(before, 'greet'), 'the unchanged function keeps its id');
      idOf(after, 'helper');

      const stale = await agent.call('applyMutation', { type: 'setProperty', nodeId: idOf(before, 'greet'), property: 'name', value: 'welcome', ifRevision: 1 });
      assert.equal(stale.error?.code, -32012, JSON.stringify(stale.error));
      assert.equal(stale.error.data?.currentRevision, 2);

      const applied = await agent.request<{ revision: number }>('applyMutation', { type: 'setProperty', nodeId: idOf(after, 'greet'), property: 'name', value: 'welcome', ifRevision: 2 });
      assert.equal(applied.revision, 3);
      const disk = readFileSync(file, 'utf8');
      assert.match(disk, /fn welcome\(name: string\)/, 'the acknowledged change is on disk');
      assert.match(disk, /fn helper\(\): number/, 'and so is the edit made on disk');
      // Every change is heard once (the edit on disk, then the agent's own change); the server's own
      // write does not come back from the watcher as another revision.
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(
        agent.notifications.filter((n) => n.method === 'bufferChanged').map((n) => n.params),
        [
          { uri, revision: 2 },
          { uri, revision: 3 },
        ],
      );
      await agent.close();
      await observer.close();
    } finally {
      await server.stop();
    }
  });

  it('loses nothing when edits on disk race with mutations', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const file = join(server.folder, 'main.wst');
      const agent = await AgentClient.connect(server);
      await agent.request('setAgentRole', { role: 'refactor' });
      const acknowledged: string[] = [];
      for (let round = 0; round < 8; round++) {
        // Someone appends a comment on disk, and at once an agent renames greet (no ifRevision).
        writeFileSync(file, `${readFileSync(file, 'utf8')}// outside ${round}\n`);
        const ast = await agent.request<Ast>('getAST');
        const name = `greet${round}`;
        const answer = await agent.call('applyMutation', { type: 'setProperty', nodeId: ast.ast.children[0].id, property: 'name', value: name });
        if (answer.error) assert.equal(answer.error.code, -32012, JSON.stringify(answer.error));
        else acknowledged.push(name);
        const disk = readFileSync(file, 'utf8');
        assert.match(disk, new RegExp(`// outside ${round}\\n`), `round ${round}: the edit on disk is kept`);
        if (!answer.error) assert.match(disk, new RegExp(`fn ${name}\\(`), `round ${round}: the acknowledged change is on disk`);
      }
      const final = readFileSync(file, 'utf8');
      for (let round = 0; round < 8; round++) assert.ok(final.includes(`// outside ${round}\n`));
      if (acknowledged.length > 0) assert.match(final, new RegExp(`fn ${acknowledged.at(-1)}\\(`));
      const { revision } = await agent.request<Ast>('getAST');
      assert.ok(revision >= 9, `every outside edit is a revision (${revision})`);
      await agent.close();
    } finally {
      await server.stop();
    }
  });
});
