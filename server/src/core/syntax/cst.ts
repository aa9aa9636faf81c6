// Reads the tree-sitter tree into plain JavaScript objects with one cursor walk. Every property
// read from web-tree-sitter crosses into WebAssembly (and marshals the cursor), so the walk reads
// as little as it can: a node's type and field, and the offsets of leaves only. A node with
// children starts where its first child starts and ends where its last one ends (tree-sitter
// sizes a parent as the sum of its children), so those two crossings are saved on every inner
// node. That holds for nodes whose children are all visible to the cursor: the grammar's one hidden
// token is always aliased to a visible node, except in error recovery, where it lands in an ERROR
// node, so ERROR nodes, the walk's root and truncated nodes read their own offsets.
// Tokens save more: a token never has children, so the walk does not try to step into one. In a
// subtree without errors (no ERROR, no MISSING token) nothing but whitespace lies between one token
// and the next (comments are nodes), so a token starts at the first non-blank character after the
// previous one, and an anonymous token is exactly its literal text (`fn`, `{`, `+=`): only the end
// of named tokens (names, numbers, strings) is read. An anonymous token not found where expected is
// read after all.
// Anonymous tokens outside fields (brackets, `;`, `,`, keywords) are not kept in such a subtree:
// the converter needs only named nodes and the tokens in fields (operators, `let`, `async`, `?`);
// where there are errors every token is kept, for the converter's account of them.
// Everything after the walk (the converter) runs on these objects. The walk's calls on the cursor
// go straight to WebAssembly where that is safe (cursor-calls.ts).
import type { Language, TreeCursor } from 'web-tree-sitter';
import { cursorCalls, type CursorCalls } from './cursor-calls';

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

/**
 * The grammar's named tokens (rules that are a pattern, a string or `token(…)`; the hidden
 * `_hyphenated_name` shows as `identifier`). Anonymous nodes are tokens too: the grammar's only
 * anonymous alias (`fn` of a lambda) stands for a token of the external scanner.
 */
export const NAMED_TOKEN_TYPES: readonly string[] = ['comment', 'identifier', 'number', 'string', 'true', 'false', 'null'];

/**
 * The anonymous tokens the grammar puts in a field (operators, `let`/`const`, `async`, `?`). Other
 * anonymous tokens (brackets, `;`, `,`, keywords) never have one, so their field is not read.
 */
export const FIELD_TOKEN_TYPES: readonly string[] = [
  '=', '+=', '-=', '*=', '/=', 'or', '||', 'and', '&&', '==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%',
  '**', '&', '|', '^', '<<', '>>',
  '!', 'not', 'await', 'let', 'const', 'async', '?',
];

/** Node types whose rule has no field: their children's fields are not read. */
export const FIELDLESS_TYPES: readonly string[] = ['program', 'block', 'break_statement', 'continue_statement', 'negative_number'];

interface LanguageTables {
  types: string[];
  named: boolean[];
  /** Whether nodes of the type never have children. */
  token: boolean[];
  /** Whether a node of the type may be in a field (false: anonymous tokens never in one). */
  mayHaveField: boolean[];
  /** Whether the children of a node of the type may be in fields. */
  hasFields: boolean[];
  fields: (string | null)[];
}

const tables = new WeakMap<Language, LanguageTables>();

/**
 * The same string, internalized: names that come out of WebAssembly are fresh strings, which V8
 * compares character by character; internalized ones (every property key is) compare by identity
 * with the literals of the converter's many `node.type === '…'` and field lookups.
 */
function internalized(name: string): string {
  return Object.keys({ [name]: true })[0];
}

function tablesFor(language: Language): LanguageTables {
  let found = tables.get(language);
  if (!found) {
    const types: string[] = [];
    const named: boolean[] = [];
    const token: boolean[] = [];
    const mayHaveField: boolean[] = [];
    const hasFields: boolean[] = [];
    for (let id = 0; id < language.nodeTypeCount; id++) {
      const type = internalized(language.nodeTypeForId(id) ?? 'ERROR');
      const isNamed = language.nodeTypeIsNamed(id);
      types.push(type);
      named.push(isNamed);
      token.push(!isNamed || NAMED_TOKEN_TYPES.includes(type));
      mayHaveField.push(isNamed || FIELD_TOKEN_TYPES.includes(type));
      hasFields.push(!(isNamed && FIELDLESS_TYPES.includes(type)));
    }
    const fields = language.fields.map((field) => (field === null ? null : internalized(field)));
    found = { types, named, token, mayHaveField, hasFields, fields };
    tables.set(language, found);
  }
  return found;
}

/** Reads the offsets of the cursor's node across to WebAssembly. */
function readOffsets(cursor: CursorCalls, node: CstNode): void {
  node.start = cursor.startIndex();
  node.end = cursor.endIndex();
  node.missing = node.start === node.end && node.children.length === 0 && cursor.isMissing();
}

/** A token's children: none, and the same empty list for every token (never added to). */
const NO_CHILDREN: CstNode[] = [];

/** Past the whitespace the grammar skips between tokens (its extras besides comments). */
function skipBlanks(text: string, from: number): number {
  let at = from;
  for (;;) {
    const c = text.charCodeAt(at);
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) at++;
    else return at;
  }
}

/** The walk's state: the cursor, and where the last token read ended. */
class Walk {
  /** In a subtree without errors: the end of the last token read (or the root's start). */
  private position = -1;
  /** Whether the children of the node `node()` returned last may be in fields. */
  hasFields = true;
  /**
   * The children read so far of every node being read, in order (see walkSubtree): a node's own
   * list is cut from here when it is left, exactly as long as it needs to be. Pushing into a list
   * per node would give each one room for sixteen (V8's first growth), most of it never used.
   */
  readonly pending: CstNode[] = [];
  /** Whether the node `node()` read last is a token (it has no children to read). */
  readToken = false;

  constructor(
    private readonly cursor: CursorCalls,
    private readonly t: LanguageTables,
    private readonly text: string,
    /** No ERROR or MISSING node in the subtree being read. */
    private readonly clean: boolean,
  ) {
    if (clean) this.position = cursor.startIndex();
  }

  /**
   * Reads the cursor's node, a child of `parent` (undefined: the walk's root), whose children may
   * be in fields when `parentHasFields`. A token is read whole, and added to the parent's children
   * unless it is one that is not kept (see above); another node is added and returned, to be
   * descended into.
   */
  node(parent: CstNode | undefined, parentHasFields: boolean): CstNode | undefined {
    const { cursor, t } = this;
    const typeId = cursor.typeId();
    // ERROR is type id 65535 and not in the tables: it may have children, in fields or not.
    const type = t.types[typeId] ?? 'ERROR';
    const named = type === 'ERROR' || (t.named[typeId] ?? false);
    const field = parentHasFields && (t.mayHaveField[typeId] ?? true) ? (t.fields[cursor.fieldId()] ?? null) : null;
    const isToken = t.token[typeId] ?? false;
    this.readToken = isToken;
    if (!isToken || !parent) {
      const node: CstNode = { type, field, start: -1, end: -1, named, missing: false, truncated: false, children: NO_CHILDREN };
      if (parent) this.pending.push(node);
      this.hasFields = t.hasFields[typeId] ?? true;
      return node;
    }
    let start: number;
    let end: number;
    if (!this.clean) {
      start = cursor.startIndex();
      end = cursor.endIndex();
      const missing = start === end && cursor.isMissing();
      this.pending.push({ type, field, start, end, named, missing, truncated: false, children: NO_CHILDREN });
    } else {
      start = skipBlanks(this.text, this.position);
      if (named) end = cursor.endIndex();
      else {
        if (!this.text.startsWith(type, start)) start = cursor.startIndex();
        end = start + type.length;
      }
      this.position = end;
      if (named || field !== null) this.pending.push({ type, field, start, end, named, missing: false, truncated: false, children: NO_CHILDREN });
    }
    grow(parent, start, end);
    return undefined;
  }

  /**
   * Sets the offsets of a node the walk leaves, with the cursor back on it, and grows its parent's
   * to take them in.
   */
  leave(node: CstNode, parent: CstNode | undefined, childrenFrom: number): void {
    if (this.pending.length > childrenFrom) node.children = this.pending.splice(childrenFrom);
    // A node with children has its offsets from them already (see grow), unless it reads its own.
    if (!parent || node.truncated || node.type === 'ERROR' || node.start === -1) readOffsets(this.cursor, node);
    if (parent) grow(parent, node.start, node.end);
  }
}

/** A parent starts where its first child starts and ends where its last one ends. */
function grow(parent: CstNode, start: number, end: number): void {
  if (parent.start === -1) parent.start = start;
  parent.end = end;
}

/**
 * The subtree at the cursor's node, read iteratively (no recursion, whatever the depth). `text` is
 * the text the tree was parsed from. `read.clean` is set to whether the subtree has no ERROR node
 * and no MISSING token.
 */
export function readSubtree(treeCursor: TreeCursor, language: Language, text: string, read?: { clean: boolean }): CstNode {
  const t = tablesFor(language);
  const clean = !treeCursor.currentNode.hasError;
  if (read) read.clean = clean;
  // From here to finish() no other call on web-tree-sitter (see cursor-calls.ts).
  const cursor = cursorCalls(treeCursor);
  try {
    return walkSubtree(cursor, new Walk(cursor, t, text, clean));
  } finally {
    cursor.finish();
  }
}

function walkSubtree(cursor: CursorCalls, walk: Walk): CstNode {
  const root = walk.node(undefined, true)!;
  if (walk.readToken) {
    readOffsets(cursor, root);
    return root;
  }
  // The nodes being read, root first, whether each one's children may be in fields, and where
  // its children start in walk.pending.
  const stack: CstNode[] = [root];
  const hasFields: boolean[] = [walk.hasFields];
  const childrenFrom: number[] = [0];
  let entering = true;
  for (;;) {
    const top = stack[stack.length - 1];
    const topHasFields = hasFields[hasFields.length - 1];
    // The cursor is on `top` when entering it, else on the child of `top` read last.
    let onChild: boolean;
    let moved: boolean;
    if (!entering) {
      onChild = true;
      moved = cursor.gotoNextSibling();
    } else if (stack.length >= MAX_CST_DEPTH) {
      if (cursor.gotoFirstChild()) {
        cursor.gotoParent();
        top.truncated = true;
      }
      onChild = false;
      moved = false;
    } else {
      moved = cursor.gotoFirstChild();
      onChild = moved;
    }
    entering = false;
    while (moved) {
      const child = walk.node(top, topHasFields);
      if (child) {
        stack.push(child);
        hasFields.push(walk.hasFields);
        childrenFrom.push(walk.pending.length);
        entering = true;
        break;
      }
      moved = cursor.gotoNextSibling();
    }
    if (entering) continue;
    // Every child of `top` is read.
    if (onChild) cursor.gotoParent();
    stack.pop();
    hasFields.pop();
    walk.leave(top, stack[stack.length - 1], childrenFrom.pop()!);
    if (stack.length === 0) return root;
  }
}
