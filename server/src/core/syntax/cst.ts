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

/**
 * A node's type and field; its offsets come later (see `finish`). `parentHasFields`: whether the
 * parent's type may have fields (the walk's root: true).
 */
function readOne(cursor: TreeCursor, t: LanguageTables, tokens: boolean[], parentHasFields: boolean[]): CstNode {
  const typeId = cursor.nodeTypeId;
  // ERROR is type id 65535 and not in the tables: it may have children, in fields or not.
  const type = t.types[typeId] ?? 'ERROR';
  tokens.push(t.token[typeId] ?? false);
  const inField = parentHasFields[parentHasFields.length - 1] && (t.mayHaveField[typeId] ?? true);
  parentHasFields.push(t.hasFields[typeId] ?? true);
  return {
    type,
    field: inField ? (t.fields[cursor.currentFieldId] ?? null) : null,
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

/** Past the whitespace the grammar skips between tokens (its extras besides comments). */
function skipBlanks(text: string, from: number): number {
  let at = from;
  for (;;) {
    const c = text.charCodeAt(at);
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) at++;
    else return at;
  }
}

/** The walk's state: where the cursor is, and where the last token read ended. */
class Walk {
  /** In a subtree without errors: the end of the last token read (or the root's start). */
  private position = -1;

  constructor(
    private readonly cursor: TreeCursor,
    private readonly text: string,
    /** No ERROR or MISSING node in the subtree being read. */
    private readonly clean: boolean,
  ) {
    if (clean) this.position = cursor.startIndex;
  }

  /** Sets the offsets of a node whose children are read, with the cursor back on it. */
  finish(node: CstNode, isRoot: boolean): void {
    const { children } = node;
    if (isRoot || node.truncated || node.type === 'ERROR') readOffsets(this.cursor, node);
    else if (children.length > 0) {
      node.start = children[0].start;
      node.end = children[children.length - 1].end;
    } else if (this.clean) {
      let start = skipBlanks(this.text, this.position);
      if (node.named) node.end = this.cursor.endIndex;
      else {
        if (!this.text.startsWith(node.type, start)) start = this.cursor.startIndex;
        node.end = start + node.type.length;
      }
      node.start = start;
      this.position = node.end;
    } else readOffsets(this.cursor, node);
  }
}

/**
 * The subtree at the cursor's node, read iteratively (no recursion, whatever the depth). `text` is
 * the text the tree was parsed from.
 */
export function readSubtree(cursor: TreeCursor, language: Language, text: string): CstNode {
  const t = tablesFor(language);
  const walk = new Walk(cursor, text, !cursor.currentNode.hasError);
  // Beside `stack`: whether each node on it is a token (a leaf: never stepped into), and whether
  // its children may be in fields.
  const tokens: boolean[] = [];
  const hasFields: boolean[] = [true];
  const root = readOne(cursor, t, tokens, hasFields);
  const stack: CstNode[] = [root];
  for (;;) {
    const top = stack[stack.length - 1];
    if (tokens[tokens.length - 1]) {
      // A token: no children to look for.
    } else if (stack.length >= MAX_CST_DEPTH) {
      if (cursor.gotoFirstChild()) {
        cursor.gotoParent();
        top.truncated = true;
      }
    } else if (cursor.gotoFirstChild()) {
      const child = readOne(cursor, t, tokens, hasFields);
      top.children.push(child);
      stack.push(child);
      continue;
    }
    // The cursor is on `top`, whose children (if any) are read: next sibling, or up until there is one.
    walk.finish(top, stack.length === 1);
    for (;;) {
      if (stack.length === 1) return root;
      if (cursor.gotoNextSibling()) {
        stack.pop();
        tokens.pop();
        hasFields.pop();
        const sibling = readOne(cursor, t, tokens, hasFields);
        stack[stack.length - 1].children.push(sibling);
        stack.push(sibling);
        break;
      }
      cursor.gotoParent();
      stack.pop();
      tokens.pop();
      hasFields.pop();
      walk.finish(stack[stack.length - 1], stack.length === 1);
    }
  }
}
