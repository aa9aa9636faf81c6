// `npm start` (scripts/start.mjs) stops whichever way it is stopped: Ctrl-C (SIGINT), SIGTERM,
// SIGHUP (its terminal closed) or its parent going away without passing a signal on (npm killed).
// Each time code-server stops serving its port and the temporary profile and extensions folder
// are gone. The script runs for real, with the editor tools from their cache (the one
// `npm start` uses: ~/.cache/whetstone-vscode or $WHETSTONE_VSCODE_CACHE); when they are not
// installed the test is skipped, since installing them takes minutes.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..', '..');
const START = join(ROOT, 'scripts', 'start.mjs');
const CACHE = process.env.WHETSTONE_VSCODE_CACHE || join(homedir(), '.cache', 'whetstone-vscode');
// scripts/e2e/setup.mjs writes these markers once an install has finished.
const TOOLS_INSTALLED = ['code-server', 'node24'].every((dir) => existsSync(join(CACHE, dir, '.whetstone-installed')));
const WAIT_MS = 120_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(what: string, probe: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await probe())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Stop = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'parent gone';

/**
 * Runs the start script with its temporary files in a folder of the test's own, waits until it
 * serves, stops it as `how` says, and checks code-server and the temporary files are gone.
 */
async function startAndStop(how: Stop): Promise<void> {
  const temp = mkdtempSync(join(tmpdir(), 'whetstone-start-test-'));
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), TMPDIR: temp };
  // For "parent gone" a parent of its own that is then killed outright, as npm would be.
  const args = how === 'parent gone' ? ['-e', `require('node:child_process').spawn(process.execPath, [${JSON.stringify(START)}], { stdio: 'inherit' }); setInterval(() => {}, 60000);`] : [START];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await until(`npm start to serve (output so far:\n${output})`, () => output.includes('is served at'));
    assert.ok(await listening(port), 'code-server serves the port');
    assert.ok(readdirSync(temp).length > 0, 'the profile and extensions folder are in the temporary folder');
    assert.match(output, /first-steps\.wst/, 'the URL opens the welcome example');
    child.kill(how === 'parent gone' ? 'SIGKILL' : how);
    await exited;
    await until(`code-server to stop serving port ${port} after ${how}`, async () => !(await listening(port)));
    await until(`the temporary files to be removed after ${how} (left: ${readdirSync(temp).join(', ')})`, () => readdirSync(temp).length === 0);
  } finally {
    child.kill('SIGKILL');
    rmSync(temp, { recursive: true, force: true });
  }
}

describe('npm start', { skip: TOOLS_INSTALLED ? false : `the editor tools are not installed in ${CACHE} (node scripts/e2e/setup.mjs installs them)` }, () => {
  for (const how of ['SIGINT', 'SIGTERM', 'SIGHUP', 'parent gone'] as const) {
    it(`stops code-server and removes its temporary files on ${how}`, { timeout: 3 * WAIT_MS }, () => startAndStop(how));
  }
});
