// Where the Whetstone grammar (tree-sitter-whetstone.wasm) is for a process that opens buffers:
// beside the bundle in dist/ (the language server, the command line), or in the source tree when
// the code runs compiled into out/ (tests, benchmarks). The core itself reads no files.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { initParser } from '../core/syntax';

const GRAMMAR_FILE = 'tree-sitter-whetstone.wasm';

/** The grammar's path; throws naming every place it looked. */
export function grammarPath(): string {
  const candidates = [
    join(__dirname, GRAMMAR_FILE),
    // out/server/src/workspace -> server/grammars
    join(__dirname, '..', '..', '..', '..', 'server', 'grammars', GRAMMAR_FILE),
    // server/src/workspace -> server/grammars (run from source)
    join(__dirname, '..', '..', 'grammars', GRAMMAR_FILE),
  ];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`Whetstone grammar not found; looked in:\n  ${candidates.join('\n  ')}`);
  return found;
}

/** Loads the parser with the grammar found beside this code; later calls are free. */
export async function loadGrammar(): Promise<void> {
  await initParser(grammarPath());
}
