// Shared helpers for tests of the core: parsing real text with the real grammar.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { walk, type Node, type Program } from '../../server/src/core/ast';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { loadGrammar } from '../../server/src/workspace/grammar';

/** The repository root; tests run compiled, from out/test/helpers. */
export const repoRoot = join(__dirname, '..', '..', '..');

export async function parse(text: string): Promise<WhetstoneDocument> {
  await loadGrammar();
  return WhetstoneDocument.create(text);
}

export function readRepoFile(...parts: string[]): string {
  return readFileSync(join(repoRoot, ...parts), 'utf8');
}

/** Every node of the tree, parents first. */
export function allNodes(root: Node): Node[] {
  const out: Node[] = [];
  walk(root, (node) => out.push(node));
  return out;
}

/** The AST without ids and spans, for comparing structure. */
export function shape(node: unknown): unknown {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'id' || key === 'span' ? undefined : value)));
}

/** The top-level declaration of that name. */
export function declaration(ast: Program, name: string): Node {
  const found = ast.children.find((child) => 'name' in child && child.name === name);
  if (!found) throw new Error(`no top-level declaration ${name}`);
  return found;
}

/** Replaces the first occurrence of `search` in the document's text with `replacement`. */
export function replaceText(doc: WhetstoneDocument, search: string, replacement: string): void {
  const at = doc.text.indexOf(search);
  if (at < 0) throw new Error(`text not found: ${search}`);
  doc.applyEdits([{ startOffset: at, endOffset: at + search.length, newText: replacement }]);
}

/** Fresh node ids for mutations applied in a test (as the engine's allocator hands them out). */
export function idAllocator(): () => string {
  let next = 10_000;
  return () => `node_${next++}`;
}
