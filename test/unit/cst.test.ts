// The cursor walk that reads tree-sitter's tree (syntax/cst.ts) reads offsets of leaves only and
// derives those of inner nodes from their children, never steps into tokens, reads no field where
// the grammar has none and, in a subtree without errors, finds tokens in the text and leaves out
// anonymous tokens outside fields: it must give exactly what web-tree-sitter's own Node API
// reports (less those tokens), for valid text and for text full of errors, whether it reads the
// whole tree or one top-level item at a time (as the document does), and its tables must say what
// the grammar says. It must do so with its direct calls into WebAssembly (cursor-calls.ts), which
// must be in use, and with TreeCursor's own methods, and leave the TreeCursor usable after either.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Node as TsNode } from 'web-tree-sitter';
import { createParser } from '../../server/src/core/syntax';
import { FIELDLESS_TYPES, FIELD_TOKEN_TYPES, NAMED_TOKEN_TYPES, readSubtree, type CstNode } from '../../server/src/core/syntax/cst';
import { directCallsInUse, preferDirectCalls } from '../../server/src/core/syntax/cursor-calls';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { readRepoFile, repoRoot } from '../helpers/core';
import { Random, randomEdit } from '../helpers/random';

/**
 * The same shape as a CstNode, read node by node with the Node API (every property asked). When
 * `clean` (the subtree read has no error), anonymous tokens outside fields are left out.
 */
function reference(node: TsNode, field: string | null, clean: boolean): CstNode {
  const children: CstNode[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i)!;
    const childField = node.fieldNameForChild(i);
    if (clean && !child.isNamed && childField === null) continue;
    children.push(reference(child, childField, clean));
  }
  return {
    type: node.type,
    field,
    start: node.startIndex,
    end: node.endIndex,
    named: node.isNamed,
    missing: node.isMissing,
    truncated: false,
    children,
  };
}

describe('reading the syntax tree out of WebAssembly', () => {
  it('calls WebAssembly directly once the grammar has loaded (the walk is then about three times faster)', async () => {
    await loadGrammar();
    assert.equal(directCallsInUse(), true);
  });

  for (const direct of [true, false]) {
    it(`gives every node the type, field, offsets and flags the Node API reports (${direct ? 'direct calls' : "TreeCursor's methods"})`, async () => {
      await loadGrammar();
      const previous = preferDirectCalls(direct);
      try {
        readsLikeTheNodeApi();
      } finally {
        preferDirectCalls(previous);
      }
    });
  }
});

/** readSubtree of the examples and of broken variants, whole and item by item, against `reference`. */
function readsLikeTheNodeApi(): void {
  const parser = createParser();
  const texts = readdirSync(join(repoRoot, 'examples'))
    .filter((name) => name.endsWith('.wst'))
    .map((name) => readRepoFile('examples', name));
  // Text with errors: ERROR nodes, missing tokens, the hidden hyphenated token out of place.
  const random = new Random(12);
  const broken: string[] = [];
  for (let i = 0; i < 150; i++) {
    let text = random.pick(texts);
    for (let k = random.int(4); k >= 0; k--) {
      const edit = randomEdit(random, text);
      text = text.slice(0, edit.startOffset) + edit.newText + text.slice(edit.endOffset);
    }
    broken.push(text);
  }
  broken.push('@style(inline-variable) fn f() {}', 'fn f( { let x = inline-variable - ; }', 'a-b-c ) ( inline-x');
  // Blanks of every kind between tokens, comments between them, a lambda's `fn` after a space the
  // grammar's lexer does not skip (the external scanner may), a byte order mark.
  broken.push(
    'fn f(a: number,\tb: list<string>)\r\n{\f\vreturn a /* x */ + // y\n b;\r}',
    'let g = \u00a0fn(x: number) => x;\nlet h =\u2028fn() { return 1; };',
    '\ufefflet x = 1;',
    'let s = "a\\"b" + "\\u00e9";',
  );
  // Deep enough that the cursor's stack in WebAssembly memory grows (and may move) during the walk.
  broken.push(`let a = ${'('.repeat(400)}1${')'.repeat(400)};\nlet b = 2;`, `let a = ${'['.repeat(300)}1 +;\nlet b = 2;`);
  let withErrors = 0;
  for (const text of [...texts, ...broken]) {
    const tree = parser.parse(text)!;
    if (tree.rootNode.hasError) withErrors++;
    const cursor = tree.walk();
    try {
      const root = tree.rootNode;
      assert.deepEqual(readSubtree(cursor, tree.language, text), reference(root, null, !root.hasError), text);
      if (cursor.gotoFirstChild()) {
        let i = 0;
        do {
          const item = root.child(i)!;
          assert.deepEqual(readSubtree(cursor, tree.language, text), reference(item, null, !item.hasError), `item ${i} of ${text}`);
          i++;
        } while (cursor.gotoNextSibling());
      }
    } finally {
      cursor.delete();
      tree.delete();
    }
  }
  assert.ok(withErrors > 100, `only ${withErrors} texts had syntax errors`);
}

/** A rule of the grammar as tree-sitter generate writes it (src/grammar.json). */
interface Rule {
  type: string;
  name?: string;
  value?: string | boolean;
  named?: boolean;
  content?: Rule;
  members?: Rule[];
}

describe("the walk's tables of the grammar", () => {
  const grammar = JSON.parse(readRepoFile('syntaxes', 'tree-sitter-whetstone', 'src', 'grammar.json')) as {
    rules: Record<string, Rule>;
    externals: Rule[];
  };
  const externals = new Set(grammar.externals.map((rule) => rule.name));

  /** Every rule inside `rule`, hidden rules it names (`_x`, inlined into their parent) included. */
  function inside(rule: Rule, seen = new Set<string>()): Rule[] {
    const out = [rule];
    if (rule.type === 'SYMBOL' && rule.name?.startsWith('_') && grammar.rules[rule.name] && !seen.has(rule.name)) {
      seen.add(rule.name);
      out.push(...inside(grammar.rules[rule.name], seen));
    }
    for (const child of [...(rule.content ? [rule.content] : []), ...(rule.members ?? [])]) out.push(...inside(child, seen));
    return out;
  }

  it('names as tokens only rules that are tokens, and every anonymous alias stands for a token', () => {
    for (const type of NAMED_TOKEN_TYPES) assert.ok(['PATTERN', 'STRING', 'TOKEN'].includes(grammar.rules[type]?.type), type);
    for (const rule of Object.values(grammar.rules).flatMap((r) => inside(r))) {
      if (rule.type !== 'ALIAS' || rule.named) continue;
      const target = rule.content!;
      const isToken = target.type === 'STRING' || (target.type === 'SYMBOL' && (externals.has(target.name) || ['PATTERN', 'STRING', 'TOKEN'].includes(grammar.rules[target.name!]?.type)));
      assert.ok(isToken, `alias ${String(rule.value)}`);
    }
  });

  it('lists every anonymous token that can be in a field, and no field in the fieldless rules', () => {
    const inFields = new Set<string>();
    for (const rule of Object.values(grammar.rules).flatMap((r) => inside(r))) {
      if (rule.type !== 'FIELD') continue;
      for (const part of inside(rule.content!)) {
        if (part.type === 'STRING') inFields.add(part.value as string);
        if (part.type === 'ALIAS' && !part.named) inFields.add(part.value as string);
      }
    }
    assert.deepEqual([...inFields].sort(), [...FIELD_TOKEN_TYPES].sort());
    for (const type of FIELDLESS_TYPES) {
      assert.ok(grammar.rules[type], type);
      assert.ok(!inside(grammar.rules[type]).some((rule) => rule.type === 'FIELD'), type);
    }
  });
});
