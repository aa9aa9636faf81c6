// Loads the tree-sitter grammars of the languages projection imports (JavaScript, TypeScript,
// Python) into the web-tree-sitter the core already runs (initialised when the process loaded the
// Whetstone grammar, which these wait for). The .wasm files ship in the npm
// packages tree-sitter-javascript, tree-sitter-typescript and tree-sitter-python; the build
// copies them beside the bundle, and the source tree finds them in node_modules.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import { parserReady } from '../core/syntax';

export type ForeignLanguage = 'javascript' | 'typescript' | 'python';

/** The grammar file of each language: its npm package and the .wasm inside it. */
export const GRAMMAR_FILES: { readonly [L in ForeignLanguage]: { package: string; file: string } } = {
  javascript: { package: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' },
  typescript: { package: 'tree-sitter-typescript', file: 'tree-sitter-typescript.wasm' },
  python: { package: 'tree-sitter-python', file: 'tree-sitter-python.wasm' },
};

/** Where a grammar's .wasm is: beside the bundle (dist/), else in its installed package. */
export function grammarPath(language: ForeignLanguage): string {
  const { package: name, file } = GRAMMAR_FILES[language];
  const besideBundle = join(__dirname, file);
  if (existsSync(besideBundle)) return besideBundle;
  try {
    return require.resolve(`${name}/${file}`);
  } catch {
    throw new Error(`The ${language} grammar (${file}) was not found beside the program nor in the ${name} package`);
  }
}

const loading = new Map<ForeignLanguage, Promise<Language>>();
const loaded = new Map<ForeignLanguage, Language>();

/** Loads one grammar (once per process); the first load compiles WebAssembly, so warm it early. */
export function loadGrammar(language: ForeignLanguage): Promise<Language> {
  let promise = loading.get(language);
  if (!promise) {
    promise = (async () => {
      await parserReady();
      const grammar = await Language.load(grammarPath(language));
      loaded.set(language, grammar);
      return grammar;
    })();
    loading.set(language, promise);
  }
  return promise;
}

/** Loads every foreign grammar. */
export async function loadGrammars(): Promise<void> {
  await Promise.all((Object.keys(GRAMMAR_FILES) as ForeignLanguage[]).map(loadGrammar));
}

const parsers = new Map<ForeignLanguage, Parser>();

/** A parser for a loaded grammar (reused: parsing is synchronous, so one per language is enough). */
export function parserFor(language: ForeignLanguage): Parser {
  const grammar = loaded.get(language);
  if (!grammar) throw new Error(`The ${language} grammar is not loaded: await loadGrammar('${language}') first`);
  let parser = parsers.get(language);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(grammar);
    parsers.set(language, parser);
  }
  return parser;
}
