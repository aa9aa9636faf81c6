// `whetstone-agent serve` runs with the language server's heap sizing (SERVER_NODE_OPTIONS) however
// it is started: `node dist/cli.js serve` without them starts itself again in a child that has
// them, and that launcher passes on what a person or a program does to it (signals, the end of
// stdin, being killed outright) and the child's exit status. What is checked is the command line
// of the process that serves (the pid in its lock file).
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { missingServerNodeOptions } from '../../server/src/cli/server-node-options';
import { SERVER_NODE_OPTIONS } from '../../server/src/protocol/server-process';
import { AgentClient, CLI, ROOT, startServe, type ServeProcess } from './serve-harness';

const SOURCE = 'fn one(): number {\n  return 1;\n}\n\nprint(one());\n';
const HAS_PROC = existsSync('/proc/self/cmdline');

/** The Node options a running process was started with (Linux), from its command line. */
function commandLineOf(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((arg) => arg !== '');
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the launcher and, should it have outlived it (the test failed), the process that serves. */
async function stopBoth(server: ServeProcess): Promise<void> {
  await server.stop();
  try {
    // Only that serve: a pid can be reused once its process has gone.
    if (commandLineOf(server.lock.pid).includes(server.lockDir)) process.kill(server.lock.pid, 'SIGKILL');
  } catch {
    // Gone, or no /proc to tell.
  }
}

/** Polls `condition` every 50 ms, at most 10 s; whether it came true. */
async function waitUntil(condition: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('serve: the language server heap sizing', () => {
  it('finds which of the options node was started without; one given with another value is respected', () => {
    assert.deepEqual(missingServerNodeOptions([]), [...SERVER_NODE_OPTIONS]);
    assert.deepEqual(missingServerNodeOptions([...SERVER_NODE_OPTIONS]), []);
    assert.deepEqual(missingServerNodeOptions(['--max_semi_space_size=8', '--inspect']), ['--heap-growing-percent=20']);
  });

  it('started with `node dist/cli.js serve`, the process that serves has the options, and answers', { skip: !HAS_PROC && 'reads /proc' }, async () => {
    const server = await startServe({ files: { 'main.wst': SOURCE }, nodeOptions: [] });
    try {
      assert.notEqual(server.lock.pid, server.child.pid, 'serve runs in a child of the process started');
      const serving = commandLineOf(server.lock.pid);
      for (const option of SERVER_NODE_OPTIONS) assert.ok(serving.includes(option), `${option} in ${serving.join(' ')}`);
      assert.ok(serving.indexOf(SERVER_NODE_OPTIONS[0]) < serving.indexOf(CLI), 'as Node options, before the script');
      const client = await AgentClient.connect(server);
      assert.equal((await client.request<{ message: string }>('ping')).message, 'pong');
      await client.close();
    } finally {
      await stopBoth(server);
    }
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`passes ${signal} on: the server closes, removes its lock file, and the exit status 0 comes back`, async () => {
      const server = await startServe({ files: { 'main.wst': SOURCE }, nodeOptions: [] });
      try {
        const client = await AgentClient.connect(server);
        server.child.kill(signal);
        assert.equal((await client.closed).code, 1001, 'the sockets are closed as on a stop');
        const exit = await server.exited;
        assert.deepEqual(exit, { code: 0, signal: null }, server.stderr());
        assert.ok(!existsSync(server.lockFile), 'the lock file is removed');
        assert.ok(await waitUntil(() => !isRunning(server.lock.pid)), 'the serving process is gone');
      } finally {
        await stopBoth(server);
      }
    });
  }

  it('takes the server down when it is killed outright (SIGKILL)', async () => {
    const server = await startServe({ files: { 'main.wst': SOURCE }, nodeOptions: [] });
    try {
      server.child.kill('SIGKILL');
      assert.equal((await server.exited).signal, 'SIGKILL');
      assert.ok(await waitUntil(() => !isRunning(server.lock.pid)), 'the serving process stops with its launcher');
      assert.ok(!existsSync(server.lockFile), 'and removes its lock file');
    } finally {
      await stopBoth(server);
    }
  });

  it('keeps --stop-when-stdin-closes: the end of the stdin given to it stops the server', async () => {
    const server = await startServe({ files: { 'main.wst': SOURCE }, nodeOptions: [], args: ['--approve', 'deny', '--stop-when-stdin-closes'] });
    try {
      server.child.stdin!.end();
      assert.deepEqual(await server.exited, { code: 0, signal: null }, server.stderr());
      assert.ok(!existsSync(server.lockFile));
      assert.ok(await waitUntil(() => !isRunning(server.lock.pid)));
    } finally {
      await stopBoth(server);
    }
  });

  it('passes the exit status of a usage error back', () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', 'many', 'main.wst'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    return new Promise<void>((resolve) => {
      child.once('exit', (code) => {
        assert.equal(code, 2);
        assert.match(stderr, /--port must be a port number/);
        resolve();
      });
    });
  });
});
