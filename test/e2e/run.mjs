// Runs the end-to-end suite (test/e2e/suite, compiled to out/test/e2e/suite) in a real VS Code:
// @vscode/test-electron's runTests() with scripts/e2e/code-server-launcher.mjs as the VS Code
// executable, on a fresh copy of test/fixtures/e2e-workspace so the tests never touch the
// repository's files. Installs code-server and the browser first when they are missing.
import { runTests } from '@vscode/test-electron';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { ensureE2eToolsOrExit } from '../../scripts/e2e/setup.mjs';
import { runInstalledSuite } from './run-installed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const extensionTestsPath = join(root, 'out', 'test', 'e2e', 'suite', 'index.js');
for (const [path, how] of [
  [extensionTestsPath, 'npx tsc -p .'],
  [join(root, 'dist', 'extension.js'), 'npm run build'],
]) {
  if (!existsSync(path)) {
    console.error(`${path} is missing: run \`${how}\` first (npm test does both)`);
    process.exit(1);
  }
}

await ensureE2eToolsOrExit();

const workspace = mkdtempSync(join(tmpdir(), 'whetstone-e2e-'));
cpSync(join(root, 'test', 'fixtures', 'e2e-workspace'), workspace, { recursive: true });
// The agent endpoint's lock files go to a folder of this run, not the user's ~/.whetstone/agents;
// code-server passes this environment down to the extension host and the language server.
const lockDir = mkdtempSync(join(tmpdir(), 'whetstone-e2e-locks-'));
// The pictures the README shows are taken by the suite when asked (WHETSTONE_E2E_SCREENSHOTS, a
// folder such as docs/images); a plain run writes nothing into the checkout.
const screenshots = process.env.WHETSTONE_E2E_SCREENSHOTS ? resolve(process.env.WHETSTONE_E2E_SCREENSHOTS) : '';
if (screenshots) process.env.WHETSTONE_E2E_SCREENSHOTS = screenshots;
// The launcher answers tests' questions about what the workbench drew (helpers.ts drawnLabels) here.
const drawnDir = mkdtempSync(join(tmpdir(), 'whetstone-e2e-drawn-'));
process.env.WHETSTONE_E2E_DRAWN = drawnDir;
const started = Date.now();
let failed = false;
// WHETSTONE_E2E_ONLY=installed runs only the installed-package suite; any other value only the
// matching files of the main suite.
const only = process.env.WHETSTONE_E2E_ONLY;
try {
  if (only !== 'installed') await runTests({
    vscodeExecutablePath: join(root, 'scripts', 'e2e', 'code-server-launcher.mjs'),
    extensionDevelopmentPath: root,
    extensionTestsPath,
    launchArgs: [workspace],
    extensionTestsEnv: { WHETSTONE_LOCK_DIR: lockDir, ...(screenshots ? { WHETSTONE_E2E_SCREENSHOTS: screenshots } : {}), WHETSTONE_E2E_DRAWN: drawnDir },
  });
} catch (error) {
  failed = true;
  console.error(`end-to-end suite failed: ${error instanceof Error ? error.message : error}`);
} finally {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(lockDir, { recursive: true, force: true });
  rmSync(drawnDir, { recursive: true, force: true });
}
if (!only || only === 'installed') failed = !(await runInstalledSuite()) || failed;
console.log(`end-to-end run took ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
