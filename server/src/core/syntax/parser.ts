// Loads web-tree-sitter and the Whetstone grammar once per process. The first WebAssembly
// compile takes most of a second, so servers call initParser() at start-up, not on first use.
// The core reads no files: whoever starts the process says where the grammar is (or hands its
// bytes), see workspace/grammar.ts.
import { Language, Parser } from 'web-tree-sitter';
import { checkDirectCalls } from './cursor-calls';

let loading: Promise<Language> | undefined;
let language: Language | undefined;

/** Loads the grammar (the path of tree-sitter-whetstone.wasm, or its bytes); later calls are free. */
export function initParser(grammar: string | Uint8Array): Promise<Language> {
  loading ??= (async () => {
    // Emscripten makes the options object web-tree-sitter's module: the tree walk may call it directly.
    const module = {};
    await Parser.init(module);
    language = await Language.load(grammar);
    const parser = createParser();
    const sample = parser.parse(DIRECT_CALLS_SAMPLE);
    if (sample) {
      checkDirectCalls(module, sample);
      sample.delete();
    }
    parser.delete();
    return language;
  })();
  return loading;
}

/**
 * What the tree walk's direct calls are checked on (cursor-calls.ts): every kind of node the walk
 * reads differently — fields, tokens named and anonymous, an ERROR, a missing token — and
 * characters of two UTF-16 units, whose offsets the WebAssembly side converts.
 */
const DIRECT_CALLS_SAMPLE = [
  'use m.{a, b};',
  '@pure type Point { x: number, tags: list<string>? }',
  'fn f(a: number = -1, b) -> number { let s = "é😀"; for i in [1, 2] { s += i; } return a + ; }',
  'let g = fn(x) => x * (2 - 3);',
  'fn h( { if',
].join('\n');

/**
 * Waits for the grammar initParser() was given. Code that loads grammars of its own into the same
 * web-tree-sitter (projection's importers) waits here: web-tree-sitter is initialised once per
 * process, by initParser(). Throws when nothing has called initParser().
 */
export function parserReady(): Promise<Language> {
  if (!loading) throw new Error('initParser() has not been called: the process loads the Whetstone grammar at start-up');
  return loading;
}

/** A new parser for the Whetstone grammar; initParser() must have finished. */
export function createParser(): Parser {
  if (!language) throw new Error('initParser() has not finished: call and await it at start-up');
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}
