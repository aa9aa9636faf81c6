// Bundles the extension client, the command line with the language server, and the workers with
// esbuild into dist/, and copies the WebAssembly files web-tree-sitter loads at run time beside them.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  // Smaller bundles keep the .vsix within its size budget (bench/README.md).
  minify: true,
  // Names are not kept outside the extension's own bundle: esbuild keeps them by defining `name`
  // on every function as it is made, closures included, which cost the checks that follow a change
  // to a module about a tenth of their CPU (bench/README.md). A checkout's stack traces map back
  // through the .map files beside the bundles (node --enable-source-maps).
  keepNames: false,
  logLevel: 'warning',
  // web-tree-sitter's ES module build reads import.meta.url, which a CommonJS bundle does not
  // have; its CommonJS build finds its .wasm through __filename, i.e. beside the bundle.
  alias: { 'web-tree-sitter': require.resolve('web-tree-sitter') },
  define: { WHETSTONE_PACKAGE: JSON.stringify({ version: manifest.version, settings }) },
};

// The command line and the language server share most of their code, so one bundle, cli.js, carries
// both and the .vsix holds that code once (its size budget: bench/README.md). Run as a script it is
// the command line (server/src/cli/main.ts). dist/server.js, the language server's entry that the
// client, `whetstone-agent lsp` and editors start, only loads it and calls startLanguageServer: the
// language server's modules run then, and a command that does not need them never runs them.
const cliAndLanguageServer = {
  contents: `export { main, USAGE } from './cli/main';
export function startLanguageServer() { require('./editor-process/main'); }`,
  resolveDir: join(root, 'server/src'),
  sourcefile: 'cli-and-language-server.js',
  loader: 'js',
};
const languageServerEntry = `'use strict';
// The Whetstone language server. Its code is in cli.js beside this file, which the command line shares (scripts/build.mjs).
require('./cli.js').startLanguageServer();
`;

await Promise.all([
  // The extension host's code runs on people's actions, not in loops: its names are kept, so its stack traces read as in the sources.
  esbuild.build({ ...common, keepNames: true, entryPoints: [join(root, 'client/src/extension.ts')], outfile: join(dist, 'extension.js'), external: ['vscode'] }),
  esbuild.build({ ...common, stdin: cliAndLanguageServer, outfile: join(dist, 'cli.js'), banner: { js: '#!/usr/bin/env node' } }),
  // parseSource and runPipeline run in a worker thread (server/src/agent/sources/source-pool.ts), which the
  // language server and the command line both load from this file beside them.
  esbuild.build({ ...common, entryPoints: [join(root, 'server/src/agent/sources/source-worker.ts')], outfile: join(dist, 'source-worker.js') }),
  // The workspace index's build reads and summarises files on worker threads (server/src/workspace/summary-pool.ts).
  esbuild.build({ ...common, entryPoints: [join(root, 'server/src/workspace/summary-worker.ts')], outfile: join(dist, 'summary-worker.js') }),
]);

writeFileSync(join(dist, 'server.js'), languageServerEntry);
// A source map left by a build from before server.js had its own bundle would point at nothing.
rmSync(join(dist, 'server.js.map'), { force: true });

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
