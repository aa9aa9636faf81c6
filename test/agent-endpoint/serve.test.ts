// The headless command itself: which files become buffers (the first active), edits written to
// disk atomically and refused when the file changed under the server, the port and lock file
// choices (a taken port, $WHETSTONE_LOCK_DIR, stale lock files), and its usage errors.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { AgentClient, CLI, ROOT, startServe } from './serve-harness';

const MAIN = 'fn greet(name: string): string {\n  return "Hello, " + name;\n}\n\nprint(greet("world"));\n';
const HELPER = 'fn helper(): number {\n  return 1;\n}\n';

interface AstNode {
  type: string;
  id: string;
  name?: string;
  children?: AstNode[];
}

async function functionId(client: AgentClient, name: string, uri?: string): Promise<string> {
  const { ast } = await client.request<{ ast: AstNode }>('getAST', uri === undefined ? undefined : { uri });
  const node = ast.children?.find((child) => child.type === 'FunctionDeclaration' && child.name === name);
  assert.ok(node, name);
  return node.id;
}

function runCli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function listenOnFreePort(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('whetstone-agent serve', () => {
  it('opens every .wst file under the folder, the first (in order) active', async () => {
    const server = await startServe({ files: { 'a.wst': MAIN, 'sub/b.wst': HELPER, 'notes.txt': 'not whetstone', '.hidden/c.wst': HELPER } });
    try {
      const client = await AgentClient.connect(server);
      const { buffers } = await client.request<{ buffers: { uri: string; active: boolean; revision: number; languageId: string }[] }>('listBuffers');
      const expected = [pathToFileURL(join(server.folder, 'a.wst')).href, pathToFileURL(join(server.folder, 'sub', 'b.wst')).href];
      assert.deepEqual(buffers.map((buffer) => buffer.uri).sort(), expected.sort());
      assert.deepEqual(buffers.filter((buffer) => buffer.active).map((buffer) => buffer.uri), [expected[0]]);
      assert.ok(buffers.every((buffer) => buffer.languageId === 'whetstone'));
      const active = await client.request<{ uri: string; revision: number }>('getAST');
      assert.equal(active.uri, expected[0]);
      assert.equal(active.revision, 1);
      await client.close();
      // What serve says on stderr is its own: no library's deprecation notice (ajv's once was).
      assert.doesNotMatch(server.stderr(), /DEPRECATED/);
    } finally {
      await server.stop();
    }
  });

  it('writes a mutation to the file atomically, keeping a byte-order mark and leaving no temporary file', async () => {
    const server = await startServe({ files: { 'main.wst': `\ufeff${MAIN}` } });
    try {
      const client = await AgentClient.connect(server);
      await client.request('setAgentRole', { role: 'refactor' });
      const nodeId = await functionId(client, 'greet');
      const result = await client.request<{ revision: number }>('applyMutation', { type: 'setProperty', nodeId, property: 'name', value: 'welcome' });
      assert.equal(result.revision, 2);
      const onDisk = readFileSync(join(server.folder, 'main.wst'), 'utf8');
      assert.equal(onDisk, `\ufeff${MAIN.replace('fn greet', 'fn welcome')}`, 'only the name changed; the BOM stays');
      assert.deepEqual(readdirSync(server.folder), ['main.wst']);
      const ast = await client.request<{ revision: number }>('getAST');
      assert.equal(ast.revision, 2);
      await client.close();
    } finally {
      await server.stop();
    }
  });

  it('refuses to write over a file that changed on disk, taking the change as a new revision', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN } });
    try {
      const client = await AgentClient.connect(server);
      await client.request('setAgentRole', { role: 'refactor' });
      const nodeId = await functionId(client, 'greet');
      const file = join(server.folder, 'main.wst');
      const edited = `${MAIN}// the person's edit\n`;
      writeFileSync(file, edited);
      const response = await client.call('applyMutation', { type: 'setProperty', nodeId, property: 'name', value: 'welcome', ifRevision: 1 });
      assert.equal(response.error?.code, -32012, JSON.stringify(response));
      assert.equal(readFileSync(file, 'utf8'), edited, 'the person\'s edit is kept');
      const ast = await client.request<{ revision: number }>('getAST');
      assert.equal(ast.revision, 2, 'the buffer took the edit on disk as its next revision');
      await client.close();
    } finally {
      await server.stop();
    }
  });

  it('keeps a file\'s mode when it writes it', { skip: process.platform === 'win32' }, async () => {
    const server = await startServe({ files: { 'main.wst': MAIN }, prepare: ({ folder }) => chmodSync(join(folder, 'main.wst'), 0o640) });
    try {
      const client = await AgentClient.connect(server);
      await client.request('setAgentRole', { role: 'refactor' });
      await client.request('applyMutation', { type: 'setProperty', nodeId: await functionId(client, 'greet'), property: 'name', value: 'welcome' });
      assert.equal(statSync(join(server.folder, 'main.wst')).mode & 0o777, 0o640);
      await client.close();
    } finally {
      await server.stop();
    }
  });

  it('uses a free port when the one asked for is taken, and names its lock file after it', async () => {
    const blocker = await listenOnFreePort();
    const taken = (blocker.address() as { port: number }).port;
    try {
      const server = await startServe({ files: { 'main.wst': MAIN }, port: taken });
      try {
        assert.notEqual(server.port, taken);
        assert.equal(server.lock.port, server.port);
        assert.ok(server.lockFile.endsWith(`${server.port}.json`));
      } finally {
        await server.stop();
      }
    } finally {
      blocker.close();
    }
  });

  it('replaces a stale lock file for its port and removes other stale ones, keeping live ones', async () => {
    const probe = await listenOnFreePort();
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const dead = { pid: 2 ** 22 + 12345, port, host: '127.0.0.1', transport: 'ws', token: 'f'.repeat(32), workspaceFolders: [], ideName: 'old', version: '0' };
    const live = { ...dead, pid: process.pid, port: 1, token: 'e'.repeat(32) };
    const server = await startServe({
      files: { 'main.wst': MAIN },
      port,
      prepare: ({ lockDir }) => {
        mkdirSync(lockDir, { recursive: true, mode: 0o755 });
        chmodSync(lockDir, 0o755);
        writeFileSync(join(lockDir, `${port}.json`), JSON.stringify(dead));
        writeFileSync(join(lockDir, '2.json'), JSON.stringify({ ...dead, port: 2 }));
        writeFileSync(join(lockDir, '1.json'), JSON.stringify(live));
      },
    });
    try {
      assert.equal(server.port, port);
      assert.notEqual(server.lock.token, dead.token);
      assert.equal(server.lock.pid, server.child.pid);
      assert.ok(!existsSync(join(server.lockDir, '2.json')), 'a stale lock file of another port is removed');
      assert.ok(existsSync(join(server.lockDir, '1.json')), 'a live process\'s lock file stays');
      if (process.platform !== 'win32') assert.equal(statSync(server.lockDir).mode & 0o777, 0o700, 'an existing lock folder is tightened');
    } finally {
      await server.stop();
    }
  });

  it('writes the lock file into $WHETSTONE_LOCK_DIR without --lock-dir', async () => {
    const server = await startServe({ files: { 'main.wst': MAIN }, lockDirOption: false });
    try {
      assert.equal(server.lockFile, join(server.lockDir, `${server.port}.json`));
    } finally {
      await server.stop();
    }
  });

  it('exits 2 on usage errors without starting', () => {
    const folder = join(ROOT, 'test', 'fixtures', 'cli');
    for (const args of [
      ['serve'],
      ['serve', '--approve', 'maybe', folder],
      ['serve', '--port', 'eighty', folder],
      ['serve', '--port', '70000', folder],
      ['serve', '--max-role', 'admin', folder],
      ['serve', '--buffers', 'some', folder],
      ['serve', '--frobnicate', folder],
      ['serve', '--library', join(folder, 'no-such-library.json'), folder],
      ['serve', '--port'],
      ['serve', join(folder, 'no-such-file.wst')],
    ]) {
      const result = runCli(...args);
      assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.equal(result.stdout, '', args.join(' '));
      assert.match(result.stderr, /whetstone-agent: /);
    }
  });
});
