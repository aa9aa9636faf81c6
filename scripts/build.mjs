// Bundles the extension client, the language server, the command line and the source worker with
// esbuild into dist/, and copies the WebAssembly files web-tree-sitter loads at run time beside them.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });

// The version and the settings' schemas and defaults, written once in package.json, go into every
// bundle (server/src/workspace/package-manifest.ts); the settings' descriptions are for VS Code only.
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const settings = Object.fromEntries(
  Object.entries(manifest.contributes.configuration.properties).map(([name, schema]) => [name, Object.fromEntries(Object.entries(schema).filter(([keyword]) => !/[dD]escriptions?$/.test(keyword)))]),
);

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  // Smaller bundles keep the .vsix within its size budget (bench/README.md); names are kept, so
  // stack traces and class names read as in the sources.
  minify: true,
  keepNames: true,
  logLevel: 'warning',
  // web-tree-sitter's ES module build reads import.meta.url, which a CommonJS bundle does not
  // have; its CommonJS build finds its .wasm through __filename, i.e. beside the bundle.
  alias: { 'web-tree-sitter': require.resolve('web-tree-sitter') },
  define: { WHETSTONE_PACKAGE: JSON.stringify({ version: manifest.version, settings }) },
};

await Promise.all([
  esbuild.build({ ...common, entryPoints: [join(root, 'client/src/extension.ts')], outfile: join(dist, 'extension.js'), external: ['vscode'] }),
  esbuild.build({ ...common, entryPoints: [join(root, 'server/src/editor-process/main.ts')], outfile: join(dist, 'server.js') }),
  esbuild.build({ ...common, entryPoints: [join(root, 'server/src/cli/main.ts')], outfile: join(dist, 'cli.js'), banner: { js: '#!/usr/bin/env node' } }),
  // parseSource and runPipeline run in a worker thread (server/src/agent/sources/source-pool.ts), which the
  // language server and the command line both load from this file beside them.
  esbuild.build({ ...common, entryPoints: [join(root, 'server/src/agent/sources/source-worker.ts')], outfile: join(dist, 'source-worker.js') }),
  // The workspace index's build reads and summarises files on worker threads (server/src/workspace/summary-pool.ts).
  esbuild.build({ ...common, entryPoints: [join(root, 'server/src/workspace/summary-worker.ts')], outfile: join(dist, 'summary-worker.js') }),
]);

copyFileSync(require.resolve('web-tree-sitter/web-tree-sitter.wasm'), join(dist, 'web-tree-sitter.wasm'));
copyFileSync(join(root, 'server/grammars/tree-sitter-whetstone.wasm'), join(dist, 'tree-sitter-whetstone.wasm'));
// The grammars projection imports JavaScript, TypeScript and Python with (from their npm packages).
for (const [pkg, file] of [
  ['tree-sitter-javascript', 'tree-sitter-javascript.wasm'],
  ['tree-sitter-typescript', 'tree-sitter-typescript.wasm'],
  ['tree-sitter-python', 'tree-sitter-python.wasm'],
]) {
  copyFileSync(require.resolve(`${pkg}/${file}`), join(dist, file));
}
