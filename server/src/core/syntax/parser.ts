// Loads web-tree-sitter and the Whetstone grammar once per process. The first WebAssembly
// compile takes most of a second, so servers call initParser() at start-up, not on first use.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';

export interface ParserLocations {
  /** The grammar's .wasm; found beside the bundle or in the source tree when omitted. */
  grammarWasm?: string;
}

let loading: Promise<Language> | undefined;
let language: Language | undefined;

/** Where the grammar lives: beside the bundle (dist/) or in the source tree (out/server/src/core/syntax). */
function findGrammar(): string {
  const candidates = [
    join(__dirname, 'tree-sitter-whetstone.wasm'),
    join(__dirname, '..', '..', '..', '..', '..', 'server', 'grammars', 'tree-sitter-whetstone.wasm'),
    join(__dirname, '..', '..', '..', 'grammars', 'tree-sitter-whetstone.wasm'),
  ];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`Whetstone grammar not found; looked in:\n  ${candidates.join('\n  ')}`);
  return found;
}

export function initParser(locations: ParserLocations = {}): Promise<Language> {
  loading ??= (async () => {
    await Parser.init();
    language = await Language.load(locations.grammarWasm ?? findGrammar());
    return language;
  })();
  return loading;
}

/** A new parser for the Whetstone grammar; initParser() must have finished. */
export function createParser(): Parser {
  if (!language) throw new Error('initParser() has not finished: call and await it at start-up');
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}
