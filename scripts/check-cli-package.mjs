// Checks the npm package whetstone-agent as a user gets it: packs it (scripts/pack-cli.mjs),
// installs the tarball with `npm install -g` into an empty prefix, offline and with an empty npm
// cache (so it needs nothing but itself), and runs the installed command from a folder with no
// node_modules above it: --help, check, serve with an agent call over WebSocket, mcp --serve
// with the MCP SDK's client, and lsp with a generic LSP client (the compiled
// out/test/lsp/stdio-command.test.js: run `npx tsc -p .` first). `node
// scripts/check-cli-package.mjs [--no-build]` (npm test passes --no-build, having just built dist/).
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import WebSocket from 'ws';
import { packCli } from './pack-cli.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
/** The packed size budget (bench/README.md). */
const MAX_PACKED_BYTES = 3 * 1024 * 1024;
/** Only stops a check that hangs (a process that never answers); nothing here is timed. */
const HANG = 120_000;

const TOTAL = 'fn total(a: number, b: number): number {\n  return a + b;\n}\n\nprint(total(1, 2));\n';
const AREA = 'fn area(w: number, h: number): number {\n  return w * heigth;\n}\n\nprint(area(1, 2));\n';

const base = mkdtempSync(join(tmpdir(), 'whetstone-agent-package-'));
const prefix = join(base, 'prefix');
const home = join(base, 'home');
let tarball;
let command;

/** A folder of .wst files for one check, outside the repository. */
function project(name) {
  const folder = join(home, name);
  mkdirSync(join(folder, 'src'), { recursive: true });
  writeFileSync(join(folder, 'src', 'total.wst'), TOTAL);
  writeFileSync(join(folder, 'src', 'area.wst'), AREA);
  return folder;
}

/** The environment of the installed command: nothing of this repository's (no NODE_PATH). */
function environment(extra = {}) {
  const env = { ...process.env, HOME: home, WHETSTONE_LOCK_DIR: join(home, 'locks'), ...extra };
  delete env.NODE_PATH;
  delete env.NODE_OPTIONS;
  return env;
}

function run(args, cwd = home) {
  return spawnSync(command, args, { cwd, env: environment(), encoding: 'utf8' });
}

/** npm or npx offline, with an empty cache of this check's own: the package must need nothing else. */
function npm(tool, args, cwd) {
  const env = environment({ npm_config_cache: join(base, 'npm-cache'), npm_config_offline: 'true', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' });
  const windows = process.platform === 'win32';
  return execFileSync(windows ? `${tool}.cmd` : tool, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], shell: windows });
}

before(() => {
  mkdirSync(home, { recursive: true });
  tarball = packCli({ out: base, build: !process.argv.includes('--no-build') });
  npm('npm', ['install', '-g', '--prefix', prefix, tarball], home);
  command = process.platform === 'win32' ? join(prefix, 'whetstone-agent.cmd') : join(prefix, 'bin', 'whetstone-agent');
});

after(() => rmSync(base, { recursive: true, force: true }));

describe('the whetstone-agent package', () => {
  it(`is packed within ${MAX_PACKED_BYTES / 1024 / 1024} MB and holds only what the command runs`, () => {
    const bytes = statSync(tarball).size;
    console.log(`# whetstone-agent-${version}.tgz: ${(bytes / 1024 / 1024).toFixed(2)} MB packed`);
    assert.ok(bytes <= MAX_PACKED_BYTES, `${bytes} bytes packed, over the budget of ${MAX_PACKED_BYTES}`);
    const installed = join(prefix, process.platform === 'win32' ? '' : 'lib', 'node_modules', 'whetstone-agent');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    assert.equal(manifest.name, 'whetstone-agent');
    assert.equal(manifest.version, version, 'the repository\'s version');
    assert.deepEqual(manifest.bin, { 'whetstone-agent': 'dist/cli.js' });
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'devDependencies', 'scripts']) {
      assert.equal(manifest[field], undefined, `no ${field}: the bundles carry everything they run`);
    }
    assert.deepEqual(readdirSync(installed).sort(), ['LICENSE', 'README.md', 'dist', 'package.json']);
    const dist = readdirSync(join(installed, 'dist')).sort();
    assert.ok(['cli.js', 'source-worker.js', 'server.js', 'summary-worker.js', 'tree-sitter-whetstone.wasm'].every((file) => dist.includes(file)), dist.join(', '));
    assert.deepEqual(dist.filter((file) => !/^(cli|source-worker|server|summary-worker)\.js$|\.wasm$/.test(file)), [], 'no source maps or other bundles');
  });

  it('--help says what the command is and lists every command; --version names the package\'s', () => {
    const help = run(['--help']);
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^whetstone-agent: the Whetstone language/);
    assert.match(help.stdout, /^Usage: whetstone-agent <command>/m);
    for (const name of ['check', 'parse', 'project', 'import', 'serve', 'mcp', 'lsp']) assert.match(help.stdout, new RegExp(`^  ${name} `, 'm'), `lists ${name}`);
    const printed = run(['--version']);
    assert.equal(printed.status, 0, printed.stderr);
    assert.equal(printed.stdout, `${version}\n`);
  });

  it('runs through npx, and from a project\'s devDependencies', () => {
    assert.equal(npm('npx', ['--yes', `--package=${tarball}`, '--', 'whetstone-agent', '--version'], home), `${version}\n`);
    const folder = project('dev-dependency');
    writeFileSync(join(folder, 'package.json'), '{ "name": "uses-whetstone", "private": true }\n');
    npm('npm', ['install', '--save-dev', tarball], folder);
    assert.ok(JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).devDependencies['whetstone-agent']);
    assert.deepEqual(readdirSync(join(folder, 'node_modules')).filter((name) => !name.startsWith('.')), ['whetstone-agent'], 'nothing else installed');
    // check prints nothing for a clean file and exits 0 (npm throws on any other status).
    assert.equal(npm('npx', ['whetstone-agent', 'check', join('src', 'total.wst')], folder), '');
    assert.throws(() => npm('npx', ['whetstone-agent', 'check', join('src', 'area.wst')], folder), { status: 1 }, 'exits 1 on errors');
  });

  it('check reports the diagnostics of a folder and exits 1 on errors', () => {
    const folder = project('check');
    const result = run(['check', '--json', 'src'], folder);
    assert.equal(result.status, 1, result.stderr);
    const found = result.stdout.trim().split('\n').map((line) => JSON.parse(line)).map(({ file, code, line }) => `${file}:${line} ${code}`).sort();
    assert.deepEqual(found, [`${join('src', 'area.wst')}:1 W_UNUSED`, `${join('src', 'area.wst')}:2 E_UNDEFINED`]);
    const clean = run(['check', join('src', 'total.wst')], folder);
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);
  });

  it('serve answers an agent over WebSocket with the token from its lock file, and writes its change', { timeout: HANG }, async () => {
    const folder = project('serve');
    const child = spawn(command, ['serve', '--port', '0', '--approve', 'deny', '--stop-when-stdin-closes', 'src'], { cwd: folder, env: environment(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const first = await new Promise((resolve, reject) => {
        let seen = '';
        child.stdout.setEncoding('utf8').on('data', (chunk) => {
          seen += chunk;
          if (seen.includes('\n')) resolve(seen.slice(0, seen.indexOf('\n')));
        });
        void exited.then((code) => reject(new Error(`serve exited (${code}) before listening: ${stderr}`)));
      });
      const listening = JSON.parse(first);
      assert.equal(listening.event, 'listening');
      assert.equal(dirname(listening.lockFile), join(home, 'locks'), 'the lock file is in $WHETSTONE_LOCK_DIR');
      const lock = JSON.parse(readFileSync(listening.lockFile, 'utf8'));
      assert.equal(lock.port, listening.port);
      assert.equal(lock.version, version, 'the lock file names the package\'s version');
      const agent = await connect(listening.port, lock.token);
      try {
        await agent.call('setAgentRole', { role: 'refactor' });
        const total = pathToFileURL(join(folder, 'src', 'total.wst')).href;
        const found = await agent.call('findNodes', { type: 'FunctionDeclaration', name: 'total', uri: total });
        assert.equal(found.candidates.length, 1);
        const renamed = await agent.call('renameSymbol', { nodeId: found.candidates[0].nodeId, newName: 'sum', uri: total });
        assert.equal(renamed.success, true);
        assert.equal(readFileSync(join(folder, 'src', 'total.wst'), 'utf8'), TOTAL.replaceAll('total', 'sum'), 'the rename is on disk');
        const { diagnostics } = await agent.call('getDiagnostics', { uri: pathToFileURL(join(folder, 'src', 'area.wst')).href });
        assert.deepEqual(diagnostics.map((diagnostic) => diagnostic.code).sort(), ['E_UNDEFINED', 'W_UNUSED']);
      } finally {
        agent.close();
      }
    } finally {
      child.stdin.end();
      assert.equal(await exited, 0, stderr);
    }
  });

  it('mcp --serve answers the MCP SDK\'s client over stdio', { timeout: HANG }, async () => {
    const folder = project('mcp');
    const transport = new StdioClientTransport({ command, args: ['mcp', '--serve', 'src'], cwd: folder, env: environment(), stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    const client = new Client({ name: 'whetstone-agent-package-check', version: '1.0.0' });
    try {
      await client.connect(transport);
      assert.deepEqual(client.getServerVersion()?.version, version, 'the server names the package\'s version');
      const { tools } = await client.listTools();
      assert.ok(tools.some((tool) => tool.name === 'getDiagnostics'), tools.map((tool) => tool.name).join(', '));
      const result = await client.callTool({ name: 'getDiagnostics', arguments: { uri: pathToFileURL(join(folder, 'src', 'area.wst')).href } });
      assert.equal(result.isError, undefined, JSON.stringify(result));
      assert.deepEqual(result.structuredContent.diagnostics.map((diagnostic) => diagnostic.code).sort(), ['E_UNDEFINED', 'W_UNUSED']);
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; stderr: ${stderr}`);
    } finally {
      await client.close();
    }
  });

  it('lsp serves a generic LSP client over stdio from the installed copy', { timeout: HANG }, () => {
    // The language server's own stdio test (diagnostics, hover, definition, how it ends), pointed at
    // the installed command instead of the repository's dist/.
    const test = join(root, 'out', 'test', 'lsp', 'stdio-command.test.js');
    // spawnSync holds this process's event loop, so the test's own timeout cannot end a hang: this one does.
    const result = spawnSync(process.execPath, ['--test', test], { cwd: home, env: { ...process.env, WHETSTONE_AGENT_COMMAND: command }, encoding: 'utf8', timeout: HANG, killSignal: 'SIGKILL' });
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });
});

/** A JSON-RPC client over WebSocket that authenticates as docs/AGENTS.md tells agents to. */
function connect(port, token) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}`, { headers: { Authorization: `Bearer ${token}` } });
  const pending = new Map();
  let nextId = 1;
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    const settle = pending.get(message.id);
    if (!settle) return;
    pending.delete(message.id);
    if (message.error) settle.reject(new Error(`${message.error.code} ${message.error.message}`));
    else settle.resolve(message.result);
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        call(method, params) {
          const id = nextId++;
          socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
          return new Promise((settled, failed) => pending.set(id, { resolve: settled, reject: failed }));
        },
        close: () => socket.close(),
      }),
    );
  });
}
