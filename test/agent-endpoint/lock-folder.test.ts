// The lock folder against a hostile local user, with the real `whetstone-agent serve`: a folder
// others can write into, one owned by another user, a symbolic link, or a folder above it in the
// home folder that others can write into are refused with a message naming the folder and the fix
// (and nothing is written there); a FIFO, a link or a folder named like a lock file does not stop
// serve from starting.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AgentClient, CLI, ROOT, startServe } from './serve-harness';

const MAIN = 'fn main(): number {\n  return 1;\n}\n';
const posix = process.platform !== 'win32';

/** Runs serve until it exits (a refused lock folder ends it at once); bounded by a timeout. */
function serveOnce(args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, 'serve', '--port', '0', '--approve', 'deny', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('lock folder ownership and modes', { skip: !posix }, () => {
  let base: string;
  let source: string;
  before(() => {
    base = mkdtempSync(join(tmpdir(), 'whetstone-lockdir-'));
    source = join(base, 'main.wst');
    writeFileSync(source, MAIN);
  });
  after(() => rmSync(base, { recursive: true, force: true }));

  it('refuses a lock folder writable by others, naming it and the fix, and writes nothing there', () => {
    const dir = join(base, 'open-locks');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const result = serveOnce(['--lock-dir', dir, source]);
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, new RegExp(`lock folder ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is writable by its group and by others \\(mode 0777\\)`));
    assert.match(result.stderr, /Fix: chmod 700 /);
    assert.equal(result.stdout, '', 'no listening line: it does not serve');
    assert.deepEqual(readdirSync(dir), []);
    assert.equal(statSync(dir).mode & 0o777, 0o777, 'refused, not silently changed');
  });

  it('refuses a lock folder owned by another user', { skip: process.getuid?.() !== 0 && 'needs root to give a folder to another user' }, () => {
    const dir = join(base, 'their-locks');
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, 65534, 65534);
    const result = serveOnce(['--lock-dir', dir, source]);
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /belongs to another user \(uid 65534/);
    assert.match(result.stderr, /Fix: use a folder of your own/);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('never follows a symbolic link as the lock folder: refused, the target neither chmod-ed nor written', () => {
    const target = join(base, 'link-target');
    mkdirSync(target);
    chmodSync(target, 0o755);
    const link = join(base, 'linked-locks');
    symlinkSync(target, link);
    const result = serveOnce(['--lock-dir', link, source]);
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /is a symbolic link/);
    assert.match(result.stderr, /Fix: remove the link/);
    assert.equal(statSync(target).mode & 0o777, 0o755);
    assert.deepEqual(readdirSync(target), []);
  });

  it('refuses the default folder when a folder above it in the home folder is writable by others', () => {
    const home = join(base, 'home');
    mkdirSync(join(home, '.whetstone'), { recursive: true });
    chmodSync(join(home, '.whetstone'), 0o777);
    const result = serveOnce([source], { HOME: home, WHETSTONE_LOCK_DIR: '' });
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /folder above the lock folder .*\.whetstone is writable by/);
    assert.deepEqual(readdirSync(join(home, '.whetstone', 'agents')), [], 'no lock file');
    chmodSync(join(home, '.whetstone'), 0o700);
  });

  it('creates the default folder 0700 in a private home folder and serves', async () => {
    const home = join(base, 'private-home');
    mkdirSync(home, { mode: 0o700 });
    const server = await startServe({ files: { 'main.wst': MAIN }, lockDirOption: false, env: { HOME: home, WHETSTONE_LOCK_DIR: '' } });
    try {
      assert.equal(server.lockFile, join(home, '.whetstone', 'agents', `${server.port}.json`));
      assert.equal(statSync(join(home, '.whetstone', 'agents')).mode & 0o777, 0o700);
      assert.equal(statSync(server.lockFile).mode & 0o777, 0o600);
    } finally {
      await server.stop();
    }
  });
});

describe('things in the lock folder that are not lock files', { skip: !posix }, () => {
  it('starts and serves with a FIFO, a link to a FIFO and a folder named like lock files there, leaving them alone', async () => {
    const server = await startServe({
      files: { 'main.wst': MAIN },
      prepare: ({ lockDir }) => {
        mkdirSync(lockDir, { mode: 0o700 });
        const fifo = spawnSync('mkfifo', [join(lockDir, '1.json')]);
        assert.equal(fifo.status, 0, 'mkfifo');
        symlinkSync(join(lockDir, '1.json'), join(lockDir, '2.json'));
        mkdirSync(join(lockDir, '3.json'));
      },
    });
    try {
      const client = await AgentClient.connect(server);
      assert.equal((await client.request<{ message: string }>('ping')).message, 'pong');
      await client.close();
      assert.ok(statSync(join(server.lockDir, '1.json')).isFIFO(), 'the FIFO is not ours to remove');
      assert.ok(statSync(join(server.lockDir, '3.json')).isDirectory());
    } finally {
      await server.stop();
    }
  });
});
