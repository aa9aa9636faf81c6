// Reads the tree-sitter tree into plain JavaScript objects with one cursor walk. Every property
// read from web-tree-sitter crosses into WebAssembly (and marshals the cursor), so the walk reads
// as little as it can: a node's type and field, and the offsets of leaves only. A node with
// children starts where its first child starts and ends where its last one ends (tree-sitter
// sizes a parent as the sum of its children), so those two crossings are saved on every inner
// node. That holds for nodes whose children are all visible to the cursor: the grammar's one hidden
// token is always aliased to a visible node, except in error recovery, where it lands in an ERROR
// node, so ERROR nodes, the walk's root and truncated nodes read their own offsets.
// Everything after the walk (the converter) runs on these objects.
import type { Language, TreeCursor } from 'web-tree-sitter';

export interface CstNode {
  type: string;
  field: string | null;
  start: number;
  end: number;
  named: boolean;
  /** A token the parser inserted to recover (zero width). */
  missing: boolean;
  /** Below this node the tree was deeper than the walk goes; its children are not read. */
  truncated: boolean;
  children: CstNode[];
}

/** Deeper than this the walk stops; the converter turns such a node into one ErrorNode. */
export const MAX_CST_DEPTH = 1500;

interface LanguageTables {
  types: string[];
  named: boolean[];
  fields: (string | null)[];
}

const tables = new WeakMap<Language, LanguageTables>();

function tablesFor(language: Language): LanguageTables {
  let found = tables.get(language);
  if (!found) {
    const types: string[] = [];
    const named: boolean[] = [];
    for (let id = 0; id < language.nodeTypeCount; id++) {
      types.push(language.nodeTypeForId(id) ?? 'ERROR');
      named.push(language.nodeTypeIsNamed(id));
    }
    found = { types, named, fields: language.fields };
    tables.set(language, found);
  }
  return found;
}

/** A node's type and field; its offsets come later (see `finish`). */
function readOne(cursor: TreeCursor, t: LanguageTables): CstNode {
  const typeId = cursor.nodeTypeId;
  // ERROR is type id 65535 and not in the tables.
  const type = t.types[typeId] ?? 'ERROR';
  return {
    type,
    field: t.fields[cursor.currentFieldId] ?? null,
    start: -1,
    end: -1,
    named: type === 'ERROR' || (t.named[typeId] ?? false),
    missing: false,
    truncated: false,
    children: [],
  };
}

/** Reads the offsets of the cursor's node across to WebAssembly. */
function readOffsets(cursor: TreeCursor, node: CstNode): void {
  node.start = cursor.startIndex;
  node.end = cursor.endIndex;
  node.missing = node.start === node.end && node.children.length === 0 && cursor.nodeIsMissing;
}

/** Sets the offsets of a node whose children are read, with the cursor back on it. */
function finish(cursor: TreeCursor, node: CstNode, isRoot: boolean): void {
  const { children } = node;
  if (children.length === 0 || isRoot || node.truncated || node.type === 'ERROR') readOffsets(cursor, node);
  else {
    node.start = children[0].start;
    node.end = children[children.length - 1].end;
  }
}

/** The subtree at the cursor's node, read iteratively (no recursion, whatever the depth). */
export function readSubtree(cursor: TreeCursor, language: Language): CstNode {
  const t = tablesFor(language);
  const root = readOne(cursor, t);
  const stack: CstNode[] = [root];
  for (;;) {
    const top = stack[stack.length - 1];
    if (stack.length >= MAX_CST_DEPTH && cursor.gotoFirstChild()) {
      cursor.gotoParent();
      top.truncated = true;
    } else if (stack.length < MAX_CST_DEPTH && cursor.gotoFirstChild()) {
      const child = readOne(cursor, t);
      top.children.push(child);
      stack.push(child);
      continue;
    }
    // The cursor is on `top`, whose children (if any) are read: next sibling, or up until there is one.
    finish(cursor, top, stack.length === 1);
    for (;;) {
      if (stack.length === 1) return root;
      if (cursor.gotoNextSibling()) {
        stack.pop();
        const sibling = readOne(cursor, t);
        stack[stack.length - 1].children.push(sibling);
        stack.push(sibling);
        break;
      }
      cursor.gotoParent();
      stack.pop();
      finish(cursor, stack[stack.length - 1], stack.length === 1);
    }
  }
}
