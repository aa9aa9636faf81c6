// `whetstone-agent mcp` (dist/cli.js) with the MCP SDK's stdio client: it finds the running
// endpoint through the lock files (the one whose workspace folder holds the current folder),
// bridges tools and notifications, says clearly when no endpoint runs or the lock file is stale,
// exits when the endpoint goes away, and with --serve serves files itself.
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectStdio, runMcpCommand } from './mcp-harness';
import { AgentClient, CLI, ROOT, startServe, type ServeProcess } from './serve-harness';

const LIB = 'fn total(xs: list<number>): number {\n  let sum = 0;\n  for x in xs {\n    sum = sum + x;\n  }\n  return sum;\n}\n';
const MAIN = 'use lib.{total};\n\nprint(total([1, 2, 3]));\n';

describe('whetstone-agent mcp: bridging to a running endpoint', () => {
  let first: ServeProcess;
  let second: ServeProcess;
  let lockDir: string;
  before(async () => {
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-locks-'));
    first = await startServe({ files: { 'lib.wst': LIB, 'main.wst': MAIN }, args: ['--approve', 'auto', '--lock-dir', lockDir], lockDirOption: false });
    second = await startServe({ files: { 'other.wst': 'print(1);\n' }, args: ['--approve', 'auto', '--lock-dir', lockDir], lockDirOption: false });
  });
  after(async () => {
    await first.stop();
    await second.stop();
    rmSync(lockDir, { recursive: true, force: true });
  });

  it('picks the endpoint whose workspace folder holds the current folder, and bridges its tools', async () => {
    const { agent } = await connectStdio(['--lock-dir', lockDir], { cwd: first.folder });
    const { tools } = await agent.client.listTools();
    assert.ok(tools.some((tool) => tool.name === 'renameSymbol'));
    const { buffers } = await agent.ok<{ buffers: { uri: string }[] }>('listBuffers');
    assert.deepEqual(buffers.map((buffer) => buffer.uri.split('/').pop()).sort(), ['lib.wst', 'main.wst']);
    // An agent session like any other: linter first, refused with the code, named after the client.
    const refused = await agent.call('renameSymbol', { nodeId: 'node_1', newName: 'x' });
    assert.equal(refused.structured.code, -32031);
    const ws = await AgentClient.connect(first);
    const sessions = await ws.request<{ agentName: string }[]>('listSessions');
    assert.ok(sessions.some((session) => session.agentName === 'mcp-stdio-test'), JSON.stringify(sessions));
    await ws.close();
    await agent.close();

    const other = await connectStdio(['--lock-dir', lockDir], { cwd: second.folder });
    const otherBuffers = await other.agent.ok<{ buffers: { uri: string }[] }>('listBuffers');
    assert.deepEqual(otherBuffers.buffers.map((buffer) => buffer.uri.split('/').pop()), ['other.wst']);
    await other.agent.close();
  });

  it('takes --port to choose, and renames across two files through the bridge', async () => {
    const { agent } = await connectStdio(['--lock-dir', lockDir, '--port', String(first.port)], { cwd: tmpdir() });
    await agent.ok('setAgentRole', { role: 'refactor' });
    const found = await agent.ok<{ candidates: { nodeId: string }[]; uri: string }>('findNodes', { type: 'FunctionDeclaration', name: 'total', uri: `file://${join(first.folder, 'lib.wst')}` });
    const renamed = await agent.ok<{ changes: { uri: string }[] }>('renameSymbol', { nodeId: found.candidates[0].nodeId, newName: 'sumOf', uri: found.uri });
    assert.equal(renamed.changes.length, 2);
    assert.match(readFileSync(join(first.folder, 'main.wst'), 'utf8'), /use lib\.\{sumOf\};\n\nprint\(sumOf\(\[1, 2, 3\]\)\);/);
    assert.match(readFileSync(join(first.folder, 'lib.wst'), 'utf8'), /^fn sumOf\(/);
    await agent.close();
  });

  it('answers a line that is not JSON with a parse error', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--lock-dir', lockDir, '--port', String(second.port)], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const firstLine = new Promise<string>((resolve) => {
      let seen = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        seen += chunk;
        if (seen.includes('\n')) resolve(seen.slice(0, seen.indexOf('\n')));
      });
    });
    child.stdin.write('this is not json\n');
    const answer = JSON.parse(await firstLine) as { id: null; error: { code: number } };
    assert.equal(answer.error.code, -32700);
    assert.equal(answer.id, null);
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 0, 'closing stdin ends the bridge cleanly');
  });
});

describe('whetstone-agent mcp: when there is no endpoint', () => {
  it('says no endpoint is running when there is no lock file, and exits 1', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'whetstone-locks-'));
    const result = await runMcpCommand(['--lock-dir', empty]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /No Whetstone endpoint is running/);
    assert.match(result.stderr, /whetstone-agent serve/);
    assert.equal(result.stdout, '', 'nothing but MCP ever goes to stdout');
    rmSync(empty, { recursive: true, force: true });
  });

  it('says the lock file is stale when its process is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'whetstone-locks-'));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const pid = Number(dead.stdout);
    writeFileSync(join(dir, '45678.json'), JSON.stringify({ pid, port: 45678, host: '127.0.0.1', transport: 'ws', token: 'x'.repeat(32), workspaceFolders: [], ideName: 'Visual Studio Code', version: '0.1.0' }));
    const result = await runMcpCommand(['--lock-dir', dir]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /45678\.json is stale: process \d+ .* is no longer running/);
    const byPort = await runMcpCommand(['--lock-dir', dir, '--port', '45678']);
    assert.equal(byPort.code, 1);
    assert.match(byPort.stderr, /stale/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses arguments it does not know, with the usage', async () => {
    const result = await runMcpCommand(['--bogus']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /unknown argument --bogus/);
  });

  it('reports that the endpoint went away and exits 1', async () => {
    const server = await startServe({ files: { 'a.wst': 'print(1);\n' } });
    const { agent, transport, stderr } = await connectStdio(['--lock-dir', server.lockDir]);
    await agent.ok('listBuffers');
    const exited = new Promise<number | null>((resolve) => (transport as unknown as { _process: { once(event: 'exit', listener: (code: number | null) => void): void } })._process.once('exit', resolve));
    await server.stop();
    assert.equal(await exited, 1);
    assert.match(stderr(), /went away/);
  });
});

describe('whetstone-agent mcp --serve', () => {
  let folder: string;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'whetstone-mcp-serve-'));
    mkdirSync(join(folder, 'src'));
    writeFileSync(join(folder, 'src', 'lib.wst'), LIB);
    writeFileSync(join(folder, 'src', 'main.wst'), MAIN);
  });
  after(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves the files itself: reads, changes them on disk, and plans follow --approve', async () => {
    const { agent } = await connectStdio(['--serve', join(folder, 'src')], { cwd: folder });
    await agent.ok('setAgentRole', { role: 'refactor' });
    const found = await agent.ok<{ candidates: { nodeId: string }[] }>('findNodes', { type: 'FunctionDeclaration', name: 'total', uri: `file://${join(folder, 'src', 'lib.wst')}` });
    const refused = await agent.call('applyMutation', { type: 'deleteNode', nodeId: found.candidates[0].nodeId, uri: `file://${join(folder, 'src', 'lib.wst')}` });
    assert.equal(refused.structured.code, -32040);
    const plan = await agent.ok<{ planId: string }>('proposePlan', { steps: ['delete'], reason: 'test', targets: (refused.structured.data as { targets: unknown[] }).targets });
    const decided = (await agent.notification('notifications/whetstone/planDecided')) as { planId: string; status: string };
    assert.deepEqual([decided.planId, decided.status], [plan.planId, 'rejected'], 'deny is the default: nobody can be asked');
    const diagnostics = await agent.ok<{ diagnostics: unknown[] }>('getDiagnostics', { uri: `file://${join(folder, 'src', 'main.wst')}` });
    assert.ok(Array.isArray(diagnostics.diagnostics));
    await agent.close();
    assert.equal(readFileSync(join(folder, 'src', 'lib.wst'), 'utf8'), LIB);
  });

  it('stops the endpoint it started when it is stopped with SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--serve', join(folder, 'src')], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const port = await servedPort(child);
    assert.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 426, 'the served endpoint answers');
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    await assert.rejects(fetch(`http://127.0.0.1:${port}/`), 'the served endpoint is gone too');
  });

  it('takes the endpoint it started down with it when it is killed outright (SIGKILL)', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--serve', join(folder, 'src')], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const port = await servedPort(child);
    assert.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 426, 'the served endpoint answers');
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    assert.equal(await exited, 'SIGKILL');
    // No handler ran in the bridge: only the end of the pipe to the child's stdin tells it.
    const gone = await waitUntil(async () => {
      try {
        await fetch(`http://127.0.0.1:${port}/`);
        return false;
      } catch {
        return true;
      }
    });
    assert.ok(gone, 'the served endpoint stopped after its bridge was killed');
  });
});

/** The port the bridge's child serves on, read from the child's log line passed through. */
function servedPort(child: ReturnType<typeof spawn>): Promise<number> {
  return new Promise<number>((resolve) => {
    let seen = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      const match = /serving \d+ buffers? on 127\.0\.0\.1:(\d+)/.exec(seen);
      if (match) resolve(Number(match[1]));
    });
  });
}

/** Polls `condition` every 100 ms, at most 10 s; whether it came true. */
async function waitUntil(condition: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
