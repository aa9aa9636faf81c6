// `whetstone-agent mcp` (dist/cli.js) against lock files it must not trust: the bridge applies
// the rules serve applies to the lock folder (not a link, the user's own, writable by nobody
// else), reads only a lock file that is the user's (owner, mode, a regular file, not a link),
// whose process is alive and the user's, and whose every field has the right shape. A lock file
// that fails is skipped with its reason on stderr (escaped, one line) and never reached: a
// listener standing in for another user's endpoint receives nothing. A valid lock file of the
// user's beside bad ones is still bridged to.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectStdio } from './mcp-harness';
import { CLI, ROOT, startServe, type LockFile, type ServeProcess } from './serve-harness';

const posix = process.platform !== 'win32';
const root = process.getuid?.() === 0;
const ANOTHER_USER = 65534;

/** A listener in place of another user's endpoint: it records every request it gets. */
interface Impostor {
  port: number;
  requests: string[];
  server: Server;
}

function startImpostor(): Promise<Impostor> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    response.writeHead(500).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, requests, server })));
}

/** Runs the bridge with stdin already at its end: a bridge that connected would exit 0 after it. */
function runBridge(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'mcp', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A listener run by another user (uid 65534), on `port` (0: any); it prints every request it gets. */
async function startForeignListener(port = 0): Promise<{ port: number; requests: () => string[]; stop: () => void }> {
  const script =
    "const s = require('node:http').createServer((q, r) => { console.log(q.method + ' ' + q.url); q.resume(); r.writeHead(500).end(); });" +
    "s.listen(Number(process.argv[1]), '127.0.0.1', () => console.log('listening ' + s.address().port));";
  const child = spawn(process.execPath, ['-e', script, String(port)], { uid: ANOTHER_USER, gid: ANOTHER_USER, cwd: tmpdir(), stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const listening = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the other user's listener exited (${code})`)));
  });
  return {
    port: listening,
    requests: () => out.split('\n').filter((line) => line !== '' && !line.startsWith('listening ')),
    stop: () => child.kill('SIGKILL'),
  };
}

function lockFor(port: number, pid: number, token = 'f'.repeat(32)): LockFile {
  return { pid, port, host: '127.0.0.1', transport: 'ws', token, workspaceFolders: [ROOT], ideName: 'Visual Studio Code', version: '0.1.0' };
}

function writeLock(dir: string, name: string, contents: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(contents), { mode: 0o600 });
  return path;
}

function privateFolder(): string {
  return mkdtempSync(join(tmpdir(), 'whetstone-bridge-locks-'));
}

describe('whetstone-agent mcp: which lock files it trusts', { skip: !posix }, () => {
  let impostor: Impostor;
  let server: ServeProcess;
  const folders: string[] = [];
  const folder = (): string => {
    const made = privateFolder();
    folders.push(made);
    return made;
  };
  before(async () => {
    impostor = await startImpostor();
    server = await startServe({ files: { 'main.wst': 'print(1);\n' } });
  });
  after(async () => {
    await server.stop();
    await new Promise((resolve) => impostor.server.close(resolve));
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });

  it('refuses a lock folder others can write into, naming it and the fix, and reaches nothing', async () => {
    const dir = folder();
    chmodSync(dir, 0o777);
    writeLock(dir, `${impostor.port}.json`, lockFor(impostor.port, process.pid));
    const result = await runBridge(['--lock-dir', dir]);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /lock folder .* is writable by its group and by others \(mode 0777\)/);
    assert.match(result.stderr, /Fix: chmod 700 /);
    assert.equal(result.stdout, '');
    assert.deepEqual(impostor.requests, [], 'the planted endpoint got nothing');
    const byPort = await runBridge(['--lock-dir', dir, '--port', String(impostor.port)]);
    assert.equal(byPort.code, 1, byPort.stderr);
    assert.match(byPort.stderr, /is writable by/);
    assert.deepEqual(impostor.requests, []);
  });

  it('refuses a lock folder that is a symbolic link', async () => {
    const target = folder();
    writeLock(target, `${impostor.port}.json`, lockFor(impostor.port, process.pid));
    const link = join(folder(), 'linked');
    symlinkSync(target, link);
    const result = await runBridge(['--lock-dir', link]);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /is a symbolic link/);
    assert.deepEqual(impostor.requests, []);
  });

  it('refuses a lock folder owned by another user', { skip: !root && 'needs root to give a folder to another user' }, async () => {
    const dir = folder();
    writeLock(dir, `${impostor.port}.json`, lockFor(impostor.port, process.pid));
    chownSync(dir, ANOTHER_USER, ANOTHER_USER);
    const result = await runBridge(['--lock-dir', dir]);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /belongs to another user \(uid 65534/);
    assert.deepEqual(impostor.requests, []);
  });

  it('skips a lock file owned by another user, with the reason', { skip: !root && 'needs root to give a file to another user' }, async () => {
    const dir = folder();
    const path = writeLock(dir, `${impostor.port}.json`, lockFor(impostor.port, process.pid));
    chownSync(path, ANOTHER_USER, ANOTHER_USER);
    const result = await runBridge(['--lock-dir', dir]);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, new RegExp(`skipped the lock file .*${impostor.port}\\.json: it belongs to another user \\(uid 65534`));
    assert.deepEqual(impostor.requests, []);
  });

  it('skips a lock file others can write, and a link in place of a lock file', async () => {
    const dir = folder();
    const path = writeLock(dir, `${impostor.port}.json`, lockFor(impostor.port, process.pid));
    chmodSync(path, 0o666);
    const elsewhere = folder();
    symlinkSync(writeLock(elsewhere, 'real.json', lockFor(1, process.pid)), join(dir, '1.json'));
    const result = await runBridge(['--lock-dir', dir]);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, new RegExp(`skipped the lock file .*${impostor.port}\\.json: it is writable by its group and by others \\(mode 0666\\)`));
    assert.match(result.stderr, /skipped the lock file .*\/1\.json: it is a symbolic link/);
    assert.deepEqual(impostor.requests, []);
  });

  it('skips a lock file whose process is alive but another user\'s', async () => {
    // As root every process can be signalled, so kill(pid, 0) says nothing of the owner: the test
    // starts a real process under another uid. Otherwise pid 1 (root's init) answers EPERM.
    let theirs: ChildProcess | undefined;
    let pid = 1;
    if (root) {
      theirs = spawn('sleep', ['60'], { uid: ANOTHER_USER, gid: ANOTHER_USER, stdio: 'ignore' });
      await new Promise((resolve) => theirs!.once('spawn', resolve));
      pid = theirs.pid!;
    }
    try {
      const dir = folder();
      writeLock(dir, `${impostor.port}.json`, lockFor(impostor.port, pid));
      const result = await runBridge(['--lock-dir', dir]);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stderr, new RegExp(`skipped the lock file .*${impostor.port}\\.json: its process ${pid} belongs to another user`));
      assert.deepEqual(impostor.requests, []);
      const byPort = await runBridge(['--lock-dir', dir, '--port', String(impostor.port)]);
      assert.equal(byPort.code, 1, byPort.stderr);
      assert.match(byPort.stderr, /belongs to another user/);
      assert.deepEqual(impostor.requests, []);
    } finally {
      theirs?.kill('SIGKILL');
    }
  });

  it('skips a lock file of the user\'s whose port another user listens on', { skip: !root && 'needs root to run a listener as another user' }, async () => {
    const theirs = await startForeignListener();
    try {
      const dir = folder();
      writeLock(dir, `${theirs.port}.json`, lockFor(theirs.port, process.pid));
      const result = await runBridge(['--lock-dir', dir]);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stderr, new RegExp(`skipped the lock file .*${theirs.port}\\.json: another user's process listens on 127\\.0\\.0\\.1:${theirs.port}`));
      assert.deepEqual(theirs.requests(), [], 'the other user\'s listener got nothing');
    } finally {
      theirs.stop();
    }
  });

  it('sends nothing more once another user listens on the port of an endpoint that stopped', { skip: !root && 'needs root to run a listener as another user' }, async () => {
    // The lock file names a process that stays alive (this one), as a language server does when
    // its endpoint stops: only the port says the endpoint is gone.
    const served = await startServe({ files: { 'a.wst': 'print(1);\n' } });
    const dir = folder();
    writeLock(dir, `${served.port}.json`, { ...served.lock, pid: process.pid });
    const { agent, transport, stderr } = await connectStdio(['--lock-dir', dir]);
    const exited = new Promise<number | null>((resolve) => (transport as unknown as { _process: ChildProcess })._process.once('exit', resolve));
    await agent.ok('listBuffers');
    await served.stop();
    const theirs = await startForeignListener(served.port);
    try {
      await agent.call('listBuffers').catch(() => undefined);
      assert.equal(await exited, 1, stderr());
      assert.deepEqual(theirs.requests(), [], 'the other user\'s listener got neither the token nor a request');
      assert.match(stderr(), /went away/);
    } finally {
      theirs.stop();
      await agent.close().catch(() => undefined);
    }
  });

  it('skips lock files of the wrong shape with the reason, never crashes, and still bridges to the valid one', async () => {
    const dir = folder();
    const live = (port: number): LockFile => lockFor(port, process.pid);
    const bad: [number, unknown][] = [
      [40001, { ...live(40001), workspaceFolders: 'not a list' }],
      [40002, { ...live(40002), workspaceFolders: [ROOT, 7] }],
      [40003, { ...live(40003), port: '40003' }],
      [40004, { ...live(40004), pid: 1.5 }],
      [40005, { ...live(40005), token: 42 }],
      [40006, { ...live(40006), transport: 'tcp' }],
      [40007, { ...live(40007), host: 'evil.example' }],
      [40008, { ...live(40008), ideName: { name: 'x' } }],
      [40009, live(40010)],
      [40011, [1, 2, 3]],
      [40012, null],
    ];
    for (const [port, contents] of bad) writeLock(dir, `${port}.json`, contents);
    writeFileSync(join(dir, '40013.json'), '{"pid": ');
    // The valid one, for the endpoint that really runs, written last (so not the newest by chance).
    writeLock(dir, `${server.port}.json`, server.lock);
    const { agent, stderr } = await connectStdio(['--lock-dir', dir]);
    try {
      const { buffers } = await agent.ok<{ buffers: { uri: string }[] }>('listBuffers');
      assert.deepEqual(
        buffers.map((buffer) => buffer.uri.split('/').pop()),
        ['main.wst'],
      );
    } finally {
      await agent.close();
    }
    const log = stderr();
    for (const port of [40001, 40002, 40003, 40004, 40005, 40006, 40007, 40008, 40009, 40011, 40012, 40013]) {
      assert.match(log, new RegExp(`skipped the lock file .*${port}\\.json: `), `${port}: ${log}`);
    }
    assert.match(log, /40001\.json: .*workspaceFolders/);
    assert.match(log, /40009\.json: .*port 40010.*not the port its name says/);
    assert.match(log, /40013\.json: .*not JSON/);
    assert.match(log, new RegExp(`bridging to .* on 127\\.0\\.0\\.1:${server.port}`));
  });

  it('says so when every lock file was skipped, and with --port names that file\'s reason', async () => {
    const dir = folder();
    writeLock(dir, '40021.json', { ...lockFor(40021, process.pid), workspaceFolders: 'x' });
    const result = await runBridge(['--lock-dir', dir]);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /skipped the lock file .*40021\.json: .*workspaceFolders/);
    assert.match(result.stderr, /No usable Whetstone endpoint/);
    const byPort = await runBridge(['--lock-dir', dir, '--port', '40021']);
    assert.equal(byPort.code, 1, byPort.stderr);
    assert.match(byPort.stderr, /40021\.json: .*workspaceFolders/);
  });

  it('shows what a lock file says escaped, on one line', async () => {
    const dir = folder();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeLock(dir, '40031.json', { ...lockFor(40031, gone.pid!), ideName: 'VS\u001b[2J\u001b]0;owned\u0007\nApprove? [y/N]' });
    const result = await runBridge(['--lock-dir', dir]);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /40031\.json is stale/);
    assert.ok(!result.stderr.includes('\u001b') && !result.stderr.includes('\u0007'), 'no terminal control character from the file');
    assert.match(result.stderr, /VS\\e\[2J\\e\]0;owned\\u\{0007\}\\nApprove\? \[y\/N\]/);
  });
});
