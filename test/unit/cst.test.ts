// The cursor walk that reads tree-sitter's tree (syntax/cst.ts) reads offsets of leaves only and
// derives those of inner nodes from their children: it must give exactly what web-tree-sitter's
// own Node API reports, for valid text and for text full of errors.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Node as TsNode } from 'web-tree-sitter';
import { createParser } from '../../server/src/core/syntax';
import { readSubtree, type CstNode } from '../../server/src/core/syntax/cst';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { readRepoFile, repoRoot } from '../helpers/core';
import { Random, randomEdit } from '../helpers/random';

/** The same shape as a CstNode, read node by node with the Node API (every property asked). */
function reference(node: TsNode, field: string | null): CstNode {
  const children: CstNode[] = [];
  for (let i = 0; i < node.childCount; i++) children.push(reference(node.child(i)!, node.fieldNameForChild(i)));
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
  it('gives every node the type, field, offsets and flags the Node API reports', async () => {
    await loadGrammar();
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
    let withErrors = 0;
    for (const text of [...texts, ...broken]) {
      const tree = parser.parse(text)!;
      if (tree.rootNode.hasError) withErrors++;
      const cursor = tree.walk();
      try {
        assert.deepEqual(readSubtree(cursor, tree.language), reference(tree.rootNode, null), text);
      } finally {
        cursor.delete();
        tree.delete();
      }
    }
    assert.ok(withErrors > 100, `only ${withErrors} texts had syntax errors`);
  });
});
