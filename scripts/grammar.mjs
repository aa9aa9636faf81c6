// Regenerates the tree-sitter parser and its WebAssembly build (`npm run grammar`), or runs the
// grammar's corpus tests (`npm run grammar:test`).
//
//   node scripts/grammar.mjs            tree-sitter generate, then grammar-wasm into server/grammars/
//   node scripts/grammar.mjs test [...] tree-sitter test in the grammar folder (extra arguments,
//                                       e.g. `-i "Lambdas"`, go to the CLI)
//
// The tools are the tree-sitter CLI and the wasm compile, found at
// <repo>/../shared/tools or in the folder named by WHETSTONE_SHARED_TOOLS. The generated
// src/parser.c and the .wasm are committed, so a checkout builds and tests without the tools.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tools = resolve(process.env.WHETSTONE_SHARED_TOOLS || join(root, '..', 'shared', 'tools'));
const grammarDir = join('syntaxes', 'tree-sitter-whetstone');
const wasm = join('server', 'grammars', 'tree-sitter-whetstone.wasm');

function tool(name) {
  const path = join(tools, name);
  if (!existsSync(path)) {
    console.error(`grammar: ${path} not found; set WHETSTONE_SHARED_TOOLS to the folder that holds tree-sitter and grammar-wasm`);
    process.exit(2);
  }
  return path;
}

function run(command, args, cwd) {
  console.log(`> ${[command, ...args].join(' ')}${cwd === root ? '' : `   (in ${cwd})`}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.error) {
    console.error(`grammar: could not run ${command}: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'test') {
  // The CLI finds test/corpus/ and the grammar in the current folder.
  run(tool('tree-sitter'), ['test', ...rest], join(root, grammarDir));
} else if (mode === undefined || mode === 'build') {
  run(tool('tree-sitter'), ['generate'], join(root, grammarDir));
  mkdirSync(join(root, dirname(wasm)), { recursive: true });
  run(tool('grammar-wasm'), [grammarDir, 'whetstone', wasm], root);
} else {
  console.error('usage: node scripts/grammar.mjs [build | test [tree-sitter test options]]');
  process.exit(2);
}
