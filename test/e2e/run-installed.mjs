// The installed-package run of the end-to-end suite (called by test/e2e/run.mjs after the main
// suite): packages whetstone.vsix as people do (`npm run package`), installs it with code-server's
// own `--install-extension` into a fresh extensions folder, and runs test/e2e/installed (compiled
// to out/test/e2e/installed) against that copy in an empty workspace.
import { runTests } from '@vscode/test-electron';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildVsix, vsixPath } from '../../scripts/check-vsix.mjs';
import { installExtension } from '../../scripts/e2e/code-server.mjs';
import { e2ePaths } from '../../scripts/e2e/setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs the installed-package suite; resolves false when it failed. */
export async function runInstalledSuite() {
  buildVsix();
  const { node24, codeServerBin } = e2ePaths();
  const folders = ['extensions', 'workspace', 'locks', 'development'].map((name) => mkdtempSync(join(tmpdir(), `whetstone-e2e-installed-${name}-`)));
  const [extensionsDir, workspace, lockDir, development] = folders;
  try {
    installExtension({ node24, codeServerBin, vsix: vsixPath, extensionsDir });
    await runTests({
      vscodeExecutablePath: join(root, 'scripts', 'e2e', 'code-server-launcher.mjs'),
      // VS Code runs extension tests only beside a development path; an empty folder holds no
      // extension, so the one that runs is the installed copy.
      extensionDevelopmentPath: development,
      extensionTestsPath: join(root, 'out', 'test', 'e2e', 'installed', 'index.js'),
      launchArgs: [workspace],
      extensionTestsEnv: { WHETSTONE_LOCK_DIR: lockDir, WHETSTONE_E2E_EXTENSIONS_DIR: extensionsDir },
    });
    return true;
  } catch (error) {
    console.error(`installed-package suite failed: ${error instanceof Error ? error.message : error}`);
    return false;
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}
