// Starts and stops a code-server (VS Code served to a browser, with a real Node extension host)
// with a fresh profile, for the end-to-end launcher and for `npm start`. The flags and settings
// are the ones found to work headless on Debian (docs/E2E.md).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { cleanEnv } from './clean-env.mjs';

// Written fresh into every profile: the browser build autosaves after a second (it would write
// into fixtures and examples), and the rest makes the workbench start faster and quieter.
const SETTINGS = {
  'files.autoSave': 'off',
  'chat.disableAIFeatures': true,
  'workbench.startupEditor': 'none',
  // No empty secondary side bar (VS Code keeps it for chat, which is off here).
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'git.enabled': false,
  'telemetry.telemetryLevel': 'off',
};

/** Resolves true when nothing listens on 127.0.0.1:port. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port the system has just handed out as free. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts code-server on 127.0.0.1:`port` and waits until /healthz answers.
 * `extensionsDir`: the extensions folder (a fresh empty one when omitted).
 * `smokeTestDriver`: accept extensionDevelopmentPath / extensionTestsPath in the URL payload.
 * `proposedApiFor`: ids of extensions allowed the API proposals they declare (enabledApiProposals).
 * Returns { port, origin, profileDir, logFile, stop() }; stop() ends code-server's whole process
 * group and removes the profile.
 */
export async function startCodeServer({ node24, codeServerBin, port, extensionsDir, smokeTestDriver = false, proposedApiFor = [], readyTimeoutMs = 60_000 }) {
  const profileDir = mkdtempSync(join(tmpdir(), 'whetstone-code-server-'));
  const userDataDir = join(profileDir, 'user-data');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), `${JSON.stringify(SETTINGS, null, 2)}\n`);
  const config = join(profileDir, 'config.yaml');
  writeFileSync(config, 'auth: none\n');
  const extensions = extensionsDir ?? join(profileDir, 'extensions');
  mkdirSync(extensions, { recursive: true });
  const logFile = join(profileDir, 'code-server.log');

  const args = [
    codeServerBin,
    '--bind-addr', `127.0.0.1:${port}`,
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    // The extension host outlives the browser for this long; keep it short so runs end quickly.
    '--reconnection-grace-time', '5',
    '--config', config,
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensions,
    ...(smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...proposedApiFor.flatMap((id) => ['--enable-proposed-api', id]),
  ];
  const log = createWriteStream(logFile);
  // Its own process group (detached), so stop() can end the helpers it starts along with it.
  const child = spawn(node24, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Node 24 first on PATH: code-server's helpers and the extension host's child processes
    // (our language server among them) run the `node` they find there or code-server's own.
    env: cleanEnv({ PATH: `${dirname(node24)}${delimiter}${process.env.PATH}` }),
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  const exit = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });
  // A last resort when our process exits without calling stop(): end the group synchronously.
  const killOnExit = () => {
    killGroup(child.pid, 'SIGKILL');
    rmSync(profileDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killOnExit);
    killGroup(child.pid, 'SIGTERM');
    await Promise.race([exit, sleep(3000)]);
    // Helpers (the extension host among them) may still be alive after the leader is gone.
    killGroup(child.pid, 'SIGKILL');
    await new Promise((resolve) => log.end(resolve));
    rmSync(profileDir, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited) {
      const output = tail(logFile);
      await stop();
      throw new Error(`code-server exited (${exited.code ?? exited.signal}) before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const output = tail(logFile);
      await stop();
      throw new Error(`code-server did not answer ${origin}/healthz within ${readyTimeoutMs} ms:\n${output}`);
    }
    await sleep(100);
  }
  return { port, origin, profileDir, logFile, exit, stop };
}

/**
 * Installs a packaged extension (.vsix) into `extensionsDir` with code-server's own installer, as
 * a person installs one; throws with code-server's output when it fails.
 */
export function installExtension({ node24, codeServerBin, vsix, extensionsDir }) {
  const result = spawnSync(node24, [codeServerBin, '--install-extension', vsix, '--extensions-dir', extensionsDir], {
    encoding: 'utf8',
    env: cleanEnv({ PATH: `${dirname(node24)}${delimiter}${process.env.PATH}` }),
    timeout: 120_000,
  });
  if (result.status !== 0) {
    throw new Error(`code-server --install-extension ${vsix} failed (${result.status ?? result.signal ?? result.error}):\n${result.stdout}${result.stderr}`);
  }
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

/** The last lines of a log file, for error messages. */
export function tail(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** A vscode-remote URI code-server's workbench resolves to `path` on this machine. */
export function remoteUri(port, path) {
  return `vscode-remote://127.0.0.1:${port}${path}`;
}

/** The workbench URL that opens `folder`, with payload pairs ([key, value]) for the workbench. */
export function workbenchUrl(origin, folder, payload = []) {
  const query = [];
  // Slashes stay readable in the folder path; everything else is encoded.
  if (folder) query.push(`folder=${encodeURIComponent(folder).replaceAll('%2F', '/')}`);
  if (payload.length > 0) query.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `${origin}/?${query.join('&')}`;
}
