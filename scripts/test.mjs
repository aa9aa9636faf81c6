// The test command (`npm test`): lint, type-check, build, then the unit, language-server and
// agent-endpoint suites with node's test runner, the package check (scripts/check-vsix.mjs), then the
// end-to-end suite in a real VS Code.
// `node scripts/test.mjs unit` runs everything but the end-to-end suite; `e2e` runs only that.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];

function run(command, args, options = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function testFiles(dir) {
  const out = [];
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...testFiles(path));
    else if (entry.endsWith('.test.js')) out.push(path);
  }
  return out.sort();
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
if (only !== 'e2e') {
  run(npx, ['eslint', '.']);
  rmSync(join(root, 'out'), { recursive: true, force: true });
  run(npx, ['tsc', '-p', '.']);
  run(process.execPath, [join(root, 'scripts/build.mjs')]);
  const files = ['unit', 'lsp', 'agent-endpoint'].flatMap((suite) => testFiles(join(root, 'out/test', suite)));
  run(process.execPath, ['--test', '--test-concurrency=1', ...files]);
  // The command line as its own npm package, packed, installed and run (dist/ is built above).
  run(process.execPath, [join(root, 'scripts/check-cli-package.mjs'), '--no-build']);
  // The .vsix as `npm run package` builds it: what it holds and its size.
  run(process.execPath, [join(root, 'scripts/check-vsix.mjs')]);
}
if (only !== 'unit') {
  if (only === 'e2e') {
    // The suite runs compiled (out/test/e2e) against the bundled extension (dist/).
    run(npx, ['tsc', '-p', '.']);
    run(process.execPath, [join(root, 'scripts/build.mjs')]);
  }
  run(process.execPath, [join(root, 'test/e2e/run.mjs')]);
}
