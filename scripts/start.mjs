// `npm start`: builds the extension and serves a real VS Code (code-server) on 127.0.0.1 with this
// checkout's extension loaded, examples/ open and first-steps.wst (which says what to try) in the
// editor, to try it in a browser. The port is $PORT or 8081, or a free one when that is taken.
// Runs until it is stopped: Ctrl-C (SIGINT), SIGTERM, SIGHUP (the terminal closed), or its parent
// going away (npm killed without passing a signal on). Each stops code-server and removes the
// temporary profile and extensions folder.
//
// The extension is loaded as an installed one, not in development mode: the extensions folder of
// a fresh profile holds a link named like an installed extension that points at the checkout, so
// `npm run build` and "Developer: Reload Window" pick up changes without reinstalling.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { freePort, portIsFree, remoteUri, startCodeServer, tail, workbenchUrl } from './e2e/code-server.mjs';
import { ensureE2eToolsOrExit } from './e2e/setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const examples = join(root, 'examples');
// The file the workbench opens first: a short program whose comments say what to try.
const firstFile = join(examples, 'first-steps.wst');
// How often the script checks that its parent (npm, or the shell) is still there.
const PARENT_CHECK_MS = 1000;

const paths = await ensureE2eToolsOrExit();

console.log('\n> npm run build');
const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const extensionId = `${manifest.publisher}.${manifest.name}`;
const extensionsDir = mkdtempSync(join(tmpdir(), 'whetstone-start-extensions-'));
// The folder name an installed extension has: <publisher>.<name>-<version>.
symlinkSync(root, join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`), 'dir');

const wanted = Number(process.env.PORT) || 8081;
let port = wanted;
if (!(await portIsFree(wanted))) {
  port = await freePort();
  console.log(`port ${wanted} is taken; using ${port}`);
}

// Stopping is wired before code-server starts, so a signal during its start stops it as well.
let server;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  // Still starting: code-server.mjs's exit hook ends it and removes its profile as this exits.
  if (server) await server.stop();
  // Removes the link only; rm does not follow it into the checkout.
  rmSync(extensionsDir, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));
// npm may end on a signal without passing it on; this process then has a new parent.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop(0);
}, PARENT_CHECK_MS).unref();

try {
  // The extension's API proposals (port attributes: the agent endpoint is never offered for
  // port forwarding) are allowed for it here.
  server = await startCodeServer({ node24: paths.node24, codeServerBin: paths.codeServerBin, port, extensionsDir, proposedApiFor: [extensionId] });
} catch (error) {
  rmSync(extensionsDir, { recursive: true, force: true });
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
server.exit.then(({ code, signal }) => {
  if (stopping) return;
  console.error(`code-server exited (${code ?? signal}):\n${tail(server.logFile)}`);
  stop(1);
});

console.log('\nWhetstone in VS Code (code-server) is served at:');
console.log(`  ${workbenchUrl(server.origin, examples, [['openFile', remoteUri(port, firstFile)]])}`);
console.log(`code-server log: ${server.logFile}`);
console.log('Press Ctrl-C to stop.');
