// Packs the command line as the npm package whetstone-agent (packages/whetstone-agent): builds dist/,
// stages the package's own files with the bundles and WebAssembly files the command runs (no source
// maps, no node_modules: esbuild has bundled every dependency) in a temporary folder, gives it the
// repository's version, and runs `npm pack` there. Prints the tarball's path as the last line.
// `node scripts/pack-cli.mjs [--out DIR] [--no-build]` (DIR defaults to the repository's root).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'packages', 'whetstone-agent');

/** Builds (unless told not to) and packs; resolves to the tarball's absolute path. */
export function packCli({ out = root, build = true } = {}) {
  if (build) execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  const stage = mkdtempSync(join(tmpdir(), 'whetstone-agent-pack-'));
  try {
    const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
    // One version for the extension and the command line, and one repository address.
    const staged = { name: manifest.name, version: rootManifest.version, ...manifest };
    staged.version = rootManifest.version;
    for (const field of ['repository', 'homepage', 'bugs']) {
      if (rootManifest[field] !== undefined) staged[field] = rootManifest[field];
    }
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(staged, null, 2)}\n`);
    copyFileSync(join(source, 'README.md'), join(stage, 'README.md'));
    copyFileSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));
    mkdirSync(join(stage, 'dist'));
    const dist = join(root, 'dist');
    // What cli.js runs: itself, the source worker it starts, the language server's entry `lsp`
    // starts (server.js, which loads the server from cli.js) with its index's summary worker, and
    // the grammars web-tree-sitter loads.
    const runs = ['cli.js', 'source-worker.js', 'server.js', 'summary-worker.js', ...readdirSync(dist).filter((file) => file.endsWith('.wasm'))];
    for (const file of runs) copyFileSync(join(dist, file), join(stage, 'dist', file));
    mkdirSync(out, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const report = execFileSync(npm, ['pack', '--json', '--pack-destination', resolve(out)], { cwd: stage, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], shell: process.platform === 'win32' });
    const [packed] = JSON.parse(report);
    return join(resolve(out), packed.filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'no-build': { type: 'boolean' } } });
  console.log(packCli({ out: values.out ?? root, build: !values['no-build'] }));
}
