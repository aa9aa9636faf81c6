// Connecting to the real `whetstone-agent serve`: discovery through the lock file, every upgrade
// refusal (answered in plain HTTP before any WebSocket exists), the libraryContext notification,
// and the lock file's modes and removal on SIGTERM.
import * as assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { AgentClient, startServe, upgradeStatus, type ServeProcess } from './serve-harness';

const SOURCE = 'fn double(x: number): number {\n  return x * 2;\n}\n\nprint(double(21));\n';

const LIBRARY = {
  name: 'shop',
  modules: [{ name: 'math', functions: [{ name: 'round', signature: 'round(x: number, digits: number = 0): number', tags: ['numeric'] }] }],
  policy: { blockedFunctions: ['eval'], blockedModules: ['shell'], requireImports: true },
};

describe('serve: discovery and authentication', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE } });
  });
  after(async () => {
    await server.stop();
  });

  it('writes a lock file with pid, port, host, transport, token, folders, ide name and version', () => {
    const lock = server.lock;
    assert.equal(lock.pid, server.child.pid);
    assert.equal(lock.port, server.port);
    assert.equal(lock.host, '127.0.0.1');
    assert.equal(lock.transport, 'ws');
    assert.match(lock.token, /^[0-9a-f]{32}$/, 'a 128-bit random token in hex');
    assert.deepEqual(lock.workspaceFolders, [server.folder]);
    assert.equal(lock.ideName, 'whetstone-agent serve');
    assert.match(lock.version, /^\d+\.\d+\.\d+/);
    assert.ok(server.lockFile.endsWith(`${server.port}.json`));
  });

  it('keeps the lock folder 0700 and the lock file 0600', { skip: process.platform === 'win32' }, () => {
    assert.equal(statSync(server.lockDir).mode & 0o777, 0o700);
    assert.equal(statSync(server.lockFile).mode & 0o777, 0o600);
  });

  it('never prints the token', () => {
    assert.ok(!server.stderr().includes(server.lock.token));
    assert.ok(!server.stdout().includes(server.lock.token));
  });

  it('accepts the bearer token from the lock file', async () => {
    const client = await AgentClient.connect(server);
    const pong = await client.request<{ message: string; sessionId: string }>('ping');
    assert.equal(pong.message, 'pong');
    assert.match(pong.sessionId, /^sess_[0-9a-f]+$/);
    await client.close();
  });

  it('refuses an upgrade without a token with 401', async () => {
    const answer = await upgradeStatus(server.port, {});
    assert.equal(answer.status, 401);
    assert.match(answer.body, /Authorization: Bearer/);
  });

  it('refuses a wrong token with 401, also one of another length', async () => {
    const wrong = server.lock.token.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    assert.equal((await upgradeStatus(server.port, { Authorization: `Bearer ${wrong}` })).status, 401);
    assert.equal((await upgradeStatus(server.port, { Authorization: 'Bearer short' })).status, 401);
    assert.equal((await upgradeStatus(server.port, { Authorization: `Basic ${server.lock.token}` })).status, 401);
  });

  it('refuses a token in the URL with 401 and a message saying to use the header', async () => {
    const answer = await upgradeStatus(server.port, {}, `/?token=${server.lock.token}`);
    assert.equal(answer.status, 401);
    assert.match(answer.body, /not accepted.*Authorization: Bearer/);
    // Even together with the right header: the URL must not carry it.
    const both = await upgradeStatus(server.port, { Authorization: `Bearer ${server.lock.token}` }, `/?access_token=${server.lock.token}`);
    assert.equal(both.status, 401);
  });

  it('refuses a request with an Origin header with 403, even with the right token', async () => {
    const answer = await upgradeStatus(server.port, { Authorization: `Bearer ${server.lock.token}`, Origin: 'https://evil.example' });
    assert.equal(answer.status, 403);
    assert.match(answer.body, /Origin/);
  });

  it('refuses a foreign Host header (DNS rebinding) with 403, even with the right token', async () => {
    const answer = await upgradeStatus(server.port, { Authorization: `Bearer ${server.lock.token}`, Host: `evil.example:${server.port}` });
    assert.equal(answer.status, 403);
    assert.match(answer.body, /Host/);
    const otherPort = await upgradeStatus(server.port, { Authorization: `Bearer ${server.lock.token}`, Host: `127.0.0.1:${server.port + 1}` });
    assert.equal(otherPort.status, 403);
  });

  it('accepts Host localhost:<port>', async () => {
    const answer = await upgradeStatus(server.port, { Authorization: `Bearer ${server.lock.token}`, Host: `localhost:${server.port}` });
    assert.equal(answer.status, 101);
  });

  it('answers plain HTTP with 426 and nothing else', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/`);
    assert.equal(response.status, 426);
    assert.ok(!(await response.text()).includes(server.lock.token));
  });

  it('sends no libraryContext when no library is configured', async () => {
    const client = await AgentClient.connect(server);
    await client.request('ping');
    assert.deepEqual(client.notifications, []);
    assert.equal(await client.request('getLibraryContext'), null);
    await client.close();
  });
});

describe('serve: the library and --allowed-origin', () => {
  let server: ServeProcess;
  before(async () => {
    server = await startServe({ files: { 'main.wst': SOURCE }, library: LIBRARY, args: ['--approve', 'auto', '--allowed-origin', 'vscode-webview://trusted'] });
  });
  after(async () => {
    await server.stop();
  });

  it('sends libraryContext on connect, the same as getLibraryContext', async () => {
    const client = await AgentClient.connect(server);
    const notification = await client.waitForNotification('libraryContext');
    const context = notification.params as { name: string; modules: { name: string }[]; policy: { blockedFunctions: string[]; requireImports: boolean } };
    assert.equal(context.name, 'shop');
    assert.deepEqual(context.modules.map((module) => module.name), ['math']);
    assert.deepEqual(context.policy.blockedFunctions, ['eval']);
    assert.equal(context.policy.requireImports, true);
    assert.deepEqual(await client.request('getLibraryContext'), notification.params);
    await client.close();
  });

  it('accepts an allowed origin and still refuses others', async () => {
    const auth = { Authorization: `Bearer ${server.lock.token}` };
    assert.equal((await upgradeStatus(server.port, { ...auth, Origin: 'vscode-webview://trusted' })).status, 101);
    assert.equal((await upgradeStatus(server.port, { ...auth, Origin: 'vscode-webview://other' })).status, 403);
  });
});

describe('serve: shutdown', () => {
  it('closes sockets with 1001, removes the lock file and exits 0 on SIGTERM', async () => {
    const server = await startServe({ files: { 'main.wst': SOURCE } });
    const client = await AgentClient.connect(server);
    await client.request('ping');
    assert.ok(existsSync(server.lockFile));
    server.child.kill('SIGTERM');
    const closed = await client.closed;
    assert.equal(closed.code, 1001);
    const exit = await server.exited;
    assert.equal(exit.code, 0, server.stderr());
    assert.ok(!existsSync(server.lockFile), 'the lock file is removed');
    await server.stop();
  });

  it('removes the lock file and exits 0 on SIGINT', async () => {
    const server = await startServe({ files: { 'main.wst': SOURCE } });
    server.child.kill('SIGINT');
    const exit = await server.exited;
    assert.equal(exit.code, 0, server.stderr());
    assert.ok(!existsSync(server.lockFile));
    await server.stop();
  });
});
