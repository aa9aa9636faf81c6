// The extension-tests entry point of the installed-package run (test/e2e/run-installed.mjs): runs
// every *.smoke.test.js beside this file with mocha, against the extension installed from
// whetstone.vsix rather than the development path.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 60_000 });
  for (const file of fs.readdirSync(__dirname).filter((name) => name.endsWith('.smoke.test.js')).sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    mocha.run((failures) => {
      if (failures > 0) reject(new Error(`${failures} installed-package test(s) failed`));
      else resolve();
    });
  });
}
