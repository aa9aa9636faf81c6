// `whetstone-agent mcp` (dist/cli.js) with the MCP SDK's stdio client: it finds the running
// endpoint through the lock files (the one whose workspace folder holds the current folder),
// bridges tools and notifications, says clearly when no endpoint runs or the lock file is stale,
// exits when the endpoint goes away, and with --serve serves files itself in one process.
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('follows --approve auto, --library and --max-role as serve does', async () => {
    const libraryFile = join(folder, 'library.json');
    writeFileSync(libraryFile, JSON.stringify({ name: 'shop', modules: [{ name: 'math', functions: [{ name: 'round', signature: 'round(x: number): number' }] }], policy: { blockedFunctions: ['eval'] } }));
    const { agent } = await connectStdio(['--serve', '--approve', 'auto', '--library', libraryFile, '--max-role', 'refactor', join(folder, 'src')], { cwd: folder });
    try {
      const told = (await agent.notification('notifications/whetstone/libraryContext')) as { name: string };
      assert.equal(told.name, 'shop', 'the library is told once the session is initialized');
      assert.equal((await agent.ok<{ library: { name: string } }>('getLibraryContext')).library.name, 'shop');
      const tooHigh = await agent.call('setAgentRole', { role: 'generator' });
      assert.equal(tooHigh.isError, true, 'roles are capped by --max-role');
      await agent.ok('setAgentRole', { role: 'refactor' });
      const lib = `file://${join(folder, 'src', 'lib.wst')}`;
      const found = await agent.ok<{ candidates: { nodeId: string }[] }>('findNodes', { type: 'FunctionDeclaration', name: 'total', uri: lib });
      const plan = await agent.ok<{ planId: string }>('proposePlan', { steps: ['delete'], reason: 'test', targets: [{ op: 'deleteNode', nodeId: found.candidates[0].nodeId, uri: lib }] });
      const decided = (await agent.notification('notifications/whetstone/planDecided')) as { planId: string; status: string };
      assert.deepEqual([decided.planId, decided.status], [plan.planId, 'approved']);
    } finally {
      await agent.close();
      rmSync(libraryFile);
    }
    assert.equal(readFileSync(join(folder, 'src', 'lib.wst'), 'utf8'), LIB, 'a plan approved changes nothing by itself');
  });

  it('is one process: no child, no lock file, no temporary folder, and still serves the tools', async () => {
    const lockDir = mkdtempSync(join(tmpdir(), 'whetstone-mcp-locks-'));
    const scratch = mkdtempSync(join(tmpdir(), 'whetstone-mcp-tmp-'));
    const { agent, transport } = await connectStdio(['--serve', join(folder, 'src')], { cwd: folder, env: { WHETSTONE_LOCK_DIR: lockDir, TMPDIR: scratch } });
    try {
      const listed = await agent.ok<{ buffers: { uri: string }[] }>('listBuffers');
      assert.deepEqual(listed.buffers.map((buffer) => buffer.uri.split('/').pop()).sort(), ['lib.wst', 'main.wst']);
      const pid = transport.pid;
      assert.ok(pid !== null);
      if (process.platform === 'linux') {
        const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
        assert.deepEqual(children, [], 'mcp --serve started no process');
      }
      assert.deepEqual(readdirSync(lockDir), [], 'no lock file was written');
      assert.deepEqual(readdirSync(scratch), [], 'no temporary lock folder was made');
    } finally {
      await agent.close();
      rmSync(lockDir, { recursive: true, force: true });
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('ends the session on a line on stdin longer than a message may be, saying so, without reading it to its end', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--serve', join(folder, 'src')], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stdin.on('error', () => undefined);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // 9 MiB without a newline, past the 8 MiB a message may have; the pipe is not closed.
    const piece = Buffer.alloc(1024 * 1024, 0x78);
    for (let i = 0; i < 9 && !child.stdin.destroyed; i++) child.stdin.write(piece);
    assert.equal(await exited, 0);
    assert.match(stderr, /longer than \d+ bytes/);
    assert.match(stdout, /"code":-32600/);
  });

  it('says on stderr that it serves over stdin/stdout, and stops with SIGTERM (exit 0)', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--serve', join(folder, 'src')], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    const serving = new Promise<void>((resolve) => {
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        if (/serving 2 files on stdin\/stdout/.test(stderr)) resolve();
      });
      child.once('exit', () => resolve());
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    await serving;
    assert.match(stderr, /serving 2 files on stdin\/stdout/);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.equal(stdout, '', 'stdout carries MCP only');
  });
});
