// The tree-sitter queries the grammar ships for other editors (syntaxes/tree-sitter-whetstone/
// queries/: highlights, locals, folds, indents in nvim-treesitter's names, which Zed shares;
// helix/ in Helix's names; zed/ the queries only Zed reads) must compile against the grammar as
// built, be named where tools look for them (tree-sitter.json), and capture what they say on real
// files: every keyword, comment, string, number, annotation, function and type name of the
// examples and the grammar corpus, each token captured once (Helix keeps the first pattern that
// matches, Neovim and Zed the last, so an overlap would colour differently in each), Helix's the
// same tokens as the others, and every pattern in use.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { Parser, Query, type Language, type Node as TsNode, type QueryCapture, type Tree } from 'web-tree-sitter';
import { initParser } from '../../server/src/core/syntax';
import { grammarPath } from '../../server/src/workspace/grammar';
import { repoRoot } from '../helpers/core';

const GRAMMAR_DIR = join(repoRoot, 'syntaxes', 'tree-sitter-whetstone');
const QUERY_FILES = [
  'highlights.scm',
  'locals.scm',
  'folds.scm',
  'indents.scm',
  'helix/highlights.scm',
  'helix/locals.scm',
  'helix/indents.scm',
  'zed/brackets.scm',
  'zed/indents.scm',
  'zed/outline.scm',
];

/** Each highlight capture of highlights.scm as helix/highlights.scm names it. */
const HELIX_NAMES: Record<string, string> = {
  number: 'constant.numeric',
  boolean: 'constant.builtin.boolean',
  'keyword.import': 'keyword.control.import',
  'keyword.type': 'keyword.storage.type',
  keyword: 'keyword.storage.type',
  'keyword.return': 'keyword.control.return',
  'keyword.conditional': 'keyword.control.conditional',
  'keyword.repeat': 'keyword.control.repeat',
  'keyword.exception': 'keyword.control.exception',
  property: 'variable.other.member',
  module: 'namespace',
  'type.definition': 'type',
  'function.call': 'function',
  'function.method.call': 'function.method',
};

/** `async` and `await` share @keyword.coroutine; Helix has a scope for each. */
function helixName(name: string, token: string): string {
  if (name === 'keyword.coroutine') return token === 'async' ? 'keyword.storage.modifier' : 'keyword.control';
  return HELIX_NAMES[name] ?? name;
}

/** The files the queries are checked on: every example and every valid file of the grammar corpus. */
function sampleFiles(): string[] {
  const examples = readdirSync(join(repoRoot, 'examples')).filter((name) => name.endsWith('.wst')).map((name) => join(repoRoot, 'examples', name));
  const corpusDir = join(repoRoot, 'test', 'fixtures', 'corpus');
  const corpus = readdirSync(corpusDir).filter((name) => name.endsWith('.wst')).map((name) => join(corpusDir, name));
  const lsp = ['features.wst'].map((name) => join(repoRoot, 'test', 'fixtures', 'lsp', name));
  return [...examples, ...corpus, ...lsp];
}

const RESERVED_WORDS = new Set(['use', 'type', 'fn', 'async', 'await', 'let', 'const', 'return', 'if', 'else', 'while', 'for', 'in', 'break', 'continue', 'and', 'or', 'not', 'throw', 'try', 'catch']);
const PUNCTUATION = new Set(['(', ')', '[', ']', '{', '}', ',', ';', '.', ':']);

let language: Language;
let parser: Parser;
const queries = new Map<string, Query>();

function query(file: string): Query {
  const found = queries.get(file);
  if (!found) throw new Error(`${file} not compiled`);
  return found;
}

function parseText(text: string): Tree {
  const tree = parser.parse(text);
  if (!tree) throw new Error('the parser gave no tree');
  return tree;
}

/** Every leaf (token) of the tree, in order. */
function leaves(node: TsNode): TsNode[] {
  if (node.childCount === 0) return [node];
  return node.children.flatMap((child) => (child ? leaves(child) : []));
}

function insideError(node: TsNode): boolean {
  for (let at: TsNode | null = node; at; at = at.parent) if (at.type === 'ERROR') return true;
  return false;
}

const key = (node: TsNode): string => `${node.startIndex}:${node.endIndex}`;

/** The highlight capture names of each token, by its span. */
function highlightsBySpan(tree: Tree, file = 'highlights.scm'): Map<string, string[]> {
  const bySpan = new Map<string, string[]>();
  for (const capture of query(file).captures(tree.rootNode)) {
    const names = bySpan.get(key(capture.node)) ?? [];
    names.push(capture.name);
    bySpan.set(key(capture.node), names);
  }
  return bySpan;
}

/** The capture names on the n-th (0-based) token of the tree whose text is `token`. */
function capturesOn(captures: readonly QueryCapture[], tree: Tree, token: string, occurrence = 0): string[] {
  const found = leaves(tree.rootNode).filter((leaf) => leaf.text === token)[occurrence];
  if (!found) throw new Error(`"${token}" is fewer than ${occurrence + 1} tokens`);
  return captures.filter((capture) => capture.node.startIndex === found.startIndex && capture.node.endIndex === found.endIndex).map((capture) => capture.name);
}

/** What a token of this kind in this place must be captured as (a prefix), or undefined where anything goes. */
function expectedHighlight(leaf: TsNode): string | undefined {
  const parent = leaf.parent;
  const field = parent ? fieldOf(leaf) : null;
  switch (leaf.type) {
    case 'comment':
      return 'comment';
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'true':
    case 'false':
      return 'boolean';
    case 'null':
      return 'constant.builtin';
    case '@':
      return 'attribute';
    case 'identifier':
      if (parent?.type === 'function_declaration' && field === 'name') return 'function';
      if (parent?.type === 'type_declaration' && field === 'name') return 'type';
      if (parent?.type === 'type' && field === 'name') return 'type';
      if (parent?.type === 'annotation' && field === 'kind') return 'attribute';
      if (parent?.type === 'parameter' && field === 'name') return 'variable.parameter';
      if (parent?.type === 'call_expression' && field === 'function') return 'function';
      if (parent?.type === 'import_declaration' && field === 'path') return 'module';
      if (parent?.type === 'field_declaration' || parent?.type === 'property') return field === 'key' || field === 'name' ? 'property' : undefined;
      return undefined;
  }
  if (leaf.type === 'tested_type') return 'type';
  if (leaf.isNamed) return undefined;
  // `is` of a type test is a word operator, like `and`, though not reserved.
  if (RESERVED_WORDS.has(leaf.type) || leaf.type === 'is') return 'keyword';
  if (PUNCTUATION.has(leaf.type)) return 'punctuation';
  if (parent?.type === 'type' && (leaf.type === '<' || leaf.type === '>')) return 'punctuation.bracket';
  return 'operator';
}

function fieldOf(leaf: TsNode): string | null {
  const parent = leaf.parent!;
  for (let i = 0; i < parent.childCount; i++) {
    if (parent.child(i)?.id === leaf.id) return parent.fieldNameForChild(i);
  }
  return null;
}

describe('tree-sitter queries for other editors', () => {
  before(async () => {
    language = await initParser(grammarPath());
    parser = new Parser();
    parser.setLanguage(language);
    for (const file of QUERY_FILES) {
      // Throws on a pattern the grammar does not allow (an unknown node, field or predicate).
      queries.set(file, new Query(language, readFileSync(join(GRAMMAR_DIR, 'queries', file), 'utf8')));
    }
  });

  it('every query file compiles against the grammar and has patterns', () => {
    for (const file of QUERY_FILES) assert.ok(query(file).patternCount() > 0, `${file} has no pattern`);
  });

  it('tree-sitter.json names the query files, so the tree-sitter CLI and editors find them', () => {
    const config = JSON.parse(readFileSync(join(GRAMMAR_DIR, 'tree-sitter.json'), 'utf8')) as { grammars: { name: string; highlights?: string[]; locals?: string[] }[] };
    const grammar = config.grammars.find((entry) => entry.name === 'whetstone');
    assert.ok(grammar, 'no whetstone grammar in tree-sitter.json');
    assert.deepEqual(grammar.highlights, ['queries/highlights.scm']);
    assert.deepEqual(grammar.locals, ['queries/locals.scm']);
  });

  it('the captures are the standard names editors theme', () => {
    const allowed: Record<string, RegExp> = {
      'highlights.scm': /^(comment|string|number|boolean|constant(\.builtin)?|keyword(\.(import|type|function|coroutine|return|conditional|repeat|exception|operator))?|attribute|property|module|type(\.builtin|\.definition)?|function(\.call|\.builtin|\.method\.call)?|variable(\.parameter)?|operator|punctuation\.(bracket|delimiter))$/,
      'locals.scm': /^local\.(scope|reference|definition\.(function|type|field|import|parameter|var))$/,
      'folds.scm': /^fold$/,
      'indents.scm': /^indent\.(begin|end|branch|auto)$/,
      'helix/highlights.scm': /^(comment|string|constant(\.numeric|\.builtin(\.boolean)?)?|keyword(\.(function|operator|control(\.(import|return|conditional|repeat|exception))?|storage\.(type|modifier)))?|attribute|variable(\.parameter|\.other\.member)?|namespace|type(\.builtin)?|function(\.builtin|\.method)?|operator|punctuation\.(bracket|delimiter))$/,
      'helix/locals.scm': /^local\.(scope|definition|reference)$/,
      'helix/indents.scm': /^(indent|outdent)$/,
      'zed/brackets.scm': /^(open|close)$/,
      'zed/indents.scm': /^(indent|end)$/,
      'zed/outline.scm': /^(item|name|context)$/,
    };
    for (const file of QUERY_FILES) {
      for (const name of query(file).captureNames) assert.match(name, allowed[file], `${file}: @${name}`);
    }
  });

  it('every token of every example and corpus file is highlighted as what it is, and only once', () => {
    const files = sampleFiles();
    assert.ok(files.length > 100, `only ${files.length} sample files found`);
    let checked = 0;
    for (const file of files) {
      const tree = parseText(readFileSync(file, 'utf8'));
      try {
        const bySpan = highlightsBySpan(tree);
        const helixBySpan = highlightsBySpan(tree, 'helix/highlights.scm');
        // A file wrong on purpose (examples/diagnostics.wst) is checked outside its error.
        for (const leaf of leaves(tree.rootNode).filter((token) => !token.isMissing && !insideError(token))) {
          const names = bySpan.get(key(leaf)) ?? [];
          const where = `${file}:${leaf.startPosition.row + 1}:${leaf.startPosition.column + 1} ${leaf.type} "${leaf.text}" in ${leaf.parent?.type}`;
          assert.ok(names.length <= 1, `${where} is captured more than once: ${names.join(', ')}`);
          const helix = helixBySpan.get(key(leaf)) ?? [];
          assert.deepEqual(helix, names.map((name) => helixName(name, leaf.text)), `${where}: Helix's capture`);
          const expected = expectedHighlight(leaf);
          if (expected === undefined) continue;
          assert.equal(names.length, 1, `${where} is not captured (expected @${expected})`);
          assert.ok(names[0] === expected || names[0].startsWith(`${expected}.`), `${where} is @${names[0]}, expected @${expected}`);
          checked++;
        }
      } finally {
        tree.delete();
      }
    }
    assert.ok(checked > 1000, `only ${checked} tokens checked`);
  });

  it('captures specific tokens of examples/orders.wst as what they are', () => {
    const text = readFileSync(join(repoRoot, 'examples', 'orders.wst'), 'utf8');
    const tree = parseText(text);
    try {
      const captures = query('highlights.scm').captures(tree.rootNode);
      const on = (token: string, occurrence = 0): string[] => capturesOn(captures, tree, token, occurrence);
      assert.deepEqual(on('// orders.wst'), ['comment']);
      assert.deepEqual(on('use'), ['keyword.import']);
      assert.deepEqual(on('math'), ['module']);
      assert.deepEqual(on('clamp'), ['function']);
      assert.deepEqual(on('type'), ['keyword.type']);
      assert.deepEqual(on('Item'), ['type.definition']);
      assert.deepEqual(on('name'), ['property']);
      assert.deepEqual(on('string'), ['type.builtin']);
      assert.deepEqual(on('list'), ['type.builtin']);
      assert.deepEqual(on('Item', 1), ['type']);
      assert.deepEqual(on('?'), ['operator']);
      assert.deepEqual(on('@'), ['attribute']);
      assert.deepEqual(on('semantic'), ['attribute']);
      assert.deepEqual(on('pure'), ['constant']);
      assert.deepEqual(on('fn'), ['keyword.function']);
      assert.deepEqual(on('lineTotal'), ['function']);
      assert.deepEqual(on('item'), ['variable.parameter']);
      assert.deepEqual(on('return'), ['keyword.return']);
      assert.deepEqual(on('reason'), ['property']);
      assert.deepEqual(on('"called for every order in a report"'), ['string']);
      assert.deepEqual(on('0.8'), ['number']);
      assert.deepEqual(on('calculateTotal'), ['function']);
      assert.deepEqual(on('taxRate'), ['variable.parameter']);
      assert.deepEqual(on('let'), ['keyword']);
      assert.deepEqual(on('subtotal'), ['variable']);
      assert.deepEqual(on('for'), ['keyword.repeat']);
      assert.deepEqual(on('in'), ['keyword.repeat']);
      assert.deepEqual(on('lineTotal', 1), ['function.call']);
      assert.deepEqual(on('if'), ['keyword.conditional']);
      assert.deepEqual(on('!='), ['operator']);
      assert.deepEqual(on('null'), ['constant.builtin']);
      assert.deepEqual(on('clamp', 1), ['function.call']);
      assert.deepEqual(on('round', 1), ['function.builtin']);
      assert.deepEqual(on('async'), ['keyword.coroutine']);
      assert.deepEqual(on('const'), ['keyword']);
      assert.deepEqual(on('raw'), ['constant']);
      assert.deepEqual(on('await'), ['keyword.coroutine']);
      assert.deepEqual(on('"/orders/"'), ['string']);
    } finally {
      tree.delete();
    }
  });

  it('captures a lambda, a method call and a comparison in a generic type apart', () => {
    const text = 'use net.http;\nlet f = fn(x: map<string, number>) => x < 2 and not http.get(x);\n@security(level: high)\nconst ok = true;\n';
    const tree = parseText(text);
    try {
      assert.equal(tree.rootNode.hasError, false);
      const captures = query('highlights.scm').captures(tree.rootNode);
      const on = (token: string, occurrence = 0): string[] => capturesOn(captures, tree, token, occurrence);
      assert.deepEqual(on('fn'), ['keyword.function']);
      assert.deepEqual(on('x'), ['variable.parameter']);
      assert.deepEqual(on('map'), ['type.builtin']);
      assert.deepEqual(on('<'), ['punctuation.bracket']);
      assert.deepEqual(on('>'), ['punctuation.bracket']);
      assert.deepEqual(on('=>'), ['operator']);
      assert.deepEqual(on('<', 1), ['operator']);
      assert.deepEqual(on('and'), ['keyword.operator']);
      assert.deepEqual(on('not'), ['keyword.operator']);
      assert.deepEqual(on('get'), ['function.method.call']);
      assert.deepEqual(on('ok'), ['constant']);
      assert.deepEqual(on('true'), ['boolean']);
      assert.deepEqual(on('level'), ['property']);
      assert.deepEqual(on('high'), ['constant']);
    } finally {
      tree.delete();
    }
  });

  it('locals: scopes, the definitions of each kind of name, and references', () => {
    const text = readFileSync(join(repoRoot, 'examples', 'orders.wst'), 'utf8') + '\nuse net.http;\n';
    const tree = parseText(text);
    try {
      const captures = query('locals.scm').captures(tree.rootNode);
      const on = (token: string, occurrence = 0): string[] => capturesOn(captures, tree, token, occurrence).sort();
      assert.deepEqual(on('lineTotal'), ['local.definition.function', 'local.reference']);
      assert.deepEqual(on('lineTotal', 1), ['local.reference']);
      assert.deepEqual(on('Item'), ['local.definition.type', 'local.reference']);
      assert.deepEqual(on('name'), ['local.definition.field', 'local.reference']);
      assert.deepEqual(on('clamp'), ['local.definition.import', 'local.reference']);
      assert.deepEqual(on('math'), ['local.reference']);
      assert.deepEqual(on('http', 1), ['local.definition.import', 'local.reference']);
      assert.deepEqual(on('item'), ['local.definition.parameter', 'local.reference']);
      assert.deepEqual(on('subtotal'), ['local.definition.var', 'local.reference']);
      assert.deepEqual(on('item', 3), ['local.definition.var', 'local.reference']);
      const fnScope = captures.find((capture) => capture.name === 'local.scope' && capture.node.type === 'function_declaration');
      assert.ok(fnScope, 'a function is a scope');
      const definition = query('locals.scm').matches(tree.rootNode).find((match) => match.captures.some((capture) => capture.name === 'local.definition.function'));
      assert.equal(definition?.setProperties?.['definition.function.scope'], 'parent', "a function's name is defined in the scope around it");
    } finally {
      tree.delete();
    }
  });

  it('folds and indents: bodies, declared types and bracketed lists that span lines', () => {
    const text = readFileSync(join(repoRoot, 'examples', 'orders.wst'), 'utf8');
    const tree = parseText(text);
    try {
      const folds = query('folds.scm').captures(tree.rootNode);
      const blocks = tree.rootNode.descendantsOfType('block');
      assert.ok(blocks.length > 3);
      for (const block of blocks) assert.ok(folds.some((capture) => capture.node.id === block?.id), `the block at line ${block!.startPosition.row + 1} folds`);
      assert.ok(folds.some((capture) => capture.node.type === 'type_declaration'));
      const indents = query('indents.scm').captures(tree.rootNode);
      for (const block of blocks) {
        assert.ok(indents.some((capture) => capture.name === 'indent.begin' && capture.node.id === block?.id), 'a block indents what it holds');
        const closing = block!.lastChild!;
        assert.equal(closing.type, '}');
        const onClosing = indents.filter((capture) => capture.node.id === closing.id).map((capture) => capture.name).sort();
        assert.deepEqual(onClosing, ['indent.branch', 'indent.end'], 'the closing brace goes back a level');
      }
    } finally {
      tree.delete();
    }
  });

  it("Helix's indents, and Zed's indents, brackets and outline", () => {
    const text = readFileSync(join(repoRoot, 'examples', 'orders.wst'), 'utf8');
    const tree = parseText(text);
    try {
      const blocks = tree.rootNode.descendantsOfType('block').map((block) => block!);
      const helix = query('helix/indents.scm').captures(tree.rootNode);
      const zed = query('zed/indents.scm').captures(tree.rootNode);
      for (const block of blocks) {
        const closing = block.lastChild!;
        assert.ok(helix.some((capture) => capture.name === 'indent' && capture.node.id === block.id), 'Helix indents a block');
        assert.ok(helix.some((capture) => capture.name === 'outdent' && capture.node.id === closing.id), "and outdents its '}'");
        assert.ok(zed.some((capture) => capture.name === 'indent' && capture.node.id === block.id), 'Zed indents a block');
        assert.ok(zed.some((capture) => capture.name === 'end' && capture.node.id === closing.id), "up to its '}'");
      }

      const pairs = query('zed/brackets.scm').matches(tree.rootNode).map((match) => match.captures.map((capture) => `${capture.name} ${capture.node.type}`));
      assert.equal(pairs.filter((pair) => pair.join() === 'open {,close }').length, tree.rootNode.descendantsOfType('{').length, 'every { has its }');
      assert.ok(pairs.some((pair) => pair.join() === 'open (,close )'));

      const outline = query('zed/outline.scm').matches(tree.rootNode).map((match) => {
        const item = match.captures.find((capture) => capture.name === 'item')!;
        const name = match.captures.find((capture) => capture.name === 'name')!;
        const context = match.captures.filter((capture) => capture.name === 'context').map((capture) => capture.node.text);
        return [item.node.type, [...context, name.node.text].join(' ')];
      });
      assert.deepEqual(outline.filter(([type]) => type !== 'field_declaration'), [
        ['type_declaration', 'type Item'],
        ['type_declaration', 'type Order'],
        ['function_declaration', 'fn lineTotal'],
        ['function_declaration', 'fn calculateTotal'],
        ['function_declaration', 'async fn loadOrder'],
      ]);
      assert.deepEqual(outline.filter(([type]) => type === 'field_declaration').map(([, name]) => name).slice(0, 3), ['name', 'price', 'qty']);
    } finally {
      tree.delete();
    }
  });

  it('every pattern of every query matches somewhere in the examples and the corpus', () => {
    const used = new Map<string, Set<number>>(QUERY_FILES.map((file) => [file, new Set<number>()]));
    const texts = [...sampleFiles().map((file) => readFileSync(file, 'utf8')), 'use net.http;\nlet f = fn(x) => http.get(x);\n@security(level: high)\nconst ok = true;\n'];
    for (const text of texts) {
      const tree = parseText(text);
      try {
        for (const file of QUERY_FILES) {
          for (const match of query(file).matches(tree.rootNode)) used.get(file)!.add(match.patternIndex);
        }
      } finally {
        tree.delete();
      }
    }
    for (const file of QUERY_FILES) {
      const unused = Array.from({ length: query(file).patternCount() }, (_, index) => index).filter((index) => !used.get(file)!.has(index));
      assert.deepEqual(unused, [], `${file}: patterns that match nothing (by index)`);
    }
  });
});
