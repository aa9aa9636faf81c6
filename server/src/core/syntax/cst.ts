// Reads the tree-sitter tree into plain JavaScript objects with one cursor walk. Every property
// read from web-tree-sitter crosses into WebAssembly, so the walk reads four numbers a node
// (type, field, start, end) and everything after it (the converter) runs on these objects.
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

function readOne(cursor: TreeCursor, t: LanguageTables): CstNode {
  const typeId = cursor.nodeTypeId;
  const start = cursor.startIndex;
  const end = cursor.endIndex;
  // ERROR is type id 65535 and not in the tables.
  const type = t.types[typeId] ?? 'ERROR';
  return {
    type,
    field: t.fields[cursor.currentFieldId] ?? null,
    start,
    end,
    named: type === 'ERROR' || (t.named[typeId] ?? false),
    missing: start === end && cursor.nodeIsMissing,
    truncated: false,
    children: [],
  };
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
    // Next sibling, or up until there is one.
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
    }
  }
}
