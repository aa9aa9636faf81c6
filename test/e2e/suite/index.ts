// The extension-tests entry point VS Code loads in the extension host (extensionTestsPath): runs
// every *.e2e.test.js beside this file with mocha. The spec reporter writes with console.log,
// which the extension host forwards to the test driver (code-server's codeAutomationLog, or the
// desktop VS Code's stdout).
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  // Waits inside the tests have their own, shorter deadlines; this only stops a test that hangs.
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 60_000 });
  const files = fs
    .readdirSync(__dirname)
    .filter((file) => file.endsWith('.e2e.test.js'))
    // WHETSTONE_E2E_ONLY=<part of a file name> runs only the matching files (while working on one).
    .filter((file) => !process.env.WHETSTONE_E2E_ONLY || file.includes(process.env.WHETSTONE_E2E_ONLY))
    .sort();
  for (const file of files) mocha.addFile(path.join(__dirname, file));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => {
      if (failures > 0) reject(new Error(`${failures} end-to-end test(s) failed`));
      else resolve();
    });
  });
}
