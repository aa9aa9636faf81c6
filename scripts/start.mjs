// `npm start`: builds the extension and serves a real VS Code (code-server) on 127.0.0.1 with this
// checkout's extension loaded and examples/ open, to try it in a browser. The port is $PORT or
// 8081, or a free one when that is taken. Runs until Ctrl-C, then stops code-server.
//
// The extension is loaded as an installed one, not in development mode: the extensions folder of
// a fresh profile holds a link named like an installed extension that points at the checkout, so
// `npm run build` and "Developer: Reload Window" pick up changes without reinstalling.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { freePort, portIsFree, startCodeServer, tail, workbenchUrl } from './e2e/code-server.mjs';
import { ensureE2eToolsOrExit } from './e2e/setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const examples = join(root, 'examples');

const paths = await ensureE2eToolsOrExit();

console.log('\n> npm run build');
const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const extensionsDir = mkdtempSync(join(tmpdir(), 'whetstone-start-extensions-'));
// The folder name an installed extension has: <publisher>.<name>-<version>.
symlinkSync(root, join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`), 'dir');

const wanted = Number(process.env.PORT) || 8081;
let port = wanted;
if (!(await portIsFree(wanted))) {
  port = await freePort();
  console.log(`port ${wanted} is taken; using ${port}`);
}

let server;
try {
  server = await startCodeServer({ node24: paths.node24, codeServerBin: paths.codeServerBin, port, extensionsDir });
} catch (error) {
  rmSync(extensionsDir, { recursive: true, force: true });
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  await server.stop();
  // Removes the link only; rm does not follow it into the checkout.
  rmSync(extensionsDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
server.exit.then(({ code, signal }) => {
  if (stopping) return;
  console.error(`code-server exited (${code ?? signal}):\n${tail(server.logFile)}`);
  stop(1);
});

console.log('\nWhetstone in VS Code (code-server) is served at:');
console.log(`  ${workbenchUrl(server.origin, examples)}`);
console.log(`code-server log: ${server.logFile}`);
console.log('Press Ctrl-C to stop.');
