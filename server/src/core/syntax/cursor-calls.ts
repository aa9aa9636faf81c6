// The calls the tree walk (cst.ts) makes on a tree-sitter cursor, and the fast way to make them.
//
// web-tree-sitter's TreeCursor copies the cursor's four words into WebAssembly memory before every
// call and, after every move, back out again, through Emscripten's generic memory accessors. In the
// walk that reads a 10,000-line file that copying cost more than the parse's own work of moving
// the cursor: the walk took 1.4 times as long as the parse, and 0.36 times with the copying gone
// (bench/README.md, "Opening a file"). The WebAssembly functions behind TreeCursor take the cursor
// from that memory and leave it there after a move, so a walk that makes no other web-tree-sitter
// call in between can call them directly and copy the cursor once at each end.
//
// That uses parts of web-tree-sitter that are not its documented API: the module object that
// Parser.init was given (Emscripten makes it the module and puts the functions on it), the
// `_ts_tree_cursor_*_wasm` functions, and TreeCursor's `handles` and `tree`. So the fast calls are
// used only when every one of those is there and a walk of a sample with them gives exactly what
// the public TreeCursor gives (checkDirectCalls, run when the grammar loads); otherwise, after an
// upgrade of web-tree-sitter say, the walk uses TreeCursor itself and is only slower.
import type { Tree, TreeCursor } from 'web-tree-sitter';

/** What the walk asks of a cursor. Between getting one and finish(), no other web-tree-sitter call may be made. */
export interface CursorCalls {
  typeId(): number;
  fieldId(): number;
  startIndex(): number;
  endIndex(): number;
  isMissing(): boolean;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
  /** Leaves the TreeCursor where these calls moved it, for its own methods to go on from. */
  finish(): void;
}

/** The functions of web-tree-sitter's WebAssembly module that the direct calls use. */
interface Binding {
  _ts_init(): number;
  getValue(address: number, type: 'i32'): number;
  setValue(address: number, value: number, type: 'i32'): void;
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_current_field_id_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
  _ts_tree_cursor_current_node_is_missing_wasm(tree: number): number;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
}

const BINDING_FUNCTIONS: readonly (keyof Binding)[] = [
  '_ts_init',
  'getValue',
  'setValue',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_current_field_id_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
  '_ts_tree_cursor_current_node_is_missing_wasm',
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
];

/** TreeCursor's own state: the cursor's words (shared with its finalizer) and its tree's address. */
interface CursorState {
  handles: number[];
  tree: Tree & { 0: number };
}

const CURSOR_WORDS = 4;

/** The module and where its transfer buffer is, once the direct calls have passed their check. */
let direct: { binding: Binding; transfer: number } | undefined;
/** Tests turn the direct calls off to compare. */
let directWanted = true;

function asBinding(module: unknown): Binding | undefined {
  if (!module || typeof module !== 'object') return undefined;
  const record = module as Record<string, unknown>;
  return BINDING_FUNCTIONS.every((name) => typeof record[name] === 'function') ? (module as Binding) : undefined;
}

function hasState(cursor: TreeCursor): boolean {
  const state = cursor as unknown as Partial<CursorState>;
  return Array.isArray(state.handles) && state.handles.length === CURSOR_WORDS && typeof state.tree?.[0] === 'number';
}

class PublicCalls implements CursorCalls {
  constructor(private readonly cursor: TreeCursor) {}
  typeId(): number {
    return this.cursor.nodeTypeId;
  }
  fieldId(): number {
    return this.cursor.currentFieldId;
  }
  startIndex(): number {
    return this.cursor.startIndex;
  }
  endIndex(): number {
    return this.cursor.endIndex;
  }
  isMissing(): boolean {
    return this.cursor.nodeIsMissing;
  }
  gotoFirstChild(): boolean {
    return this.cursor.gotoFirstChild();
  }
  gotoNextSibling(): boolean {
    return this.cursor.gotoNextSibling();
  }
  gotoParent(): boolean {
    return this.cursor.gotoParent();
  }
  finish(): void {}
}

class DirectCalls implements CursorCalls {
  private readonly tree: number;

  constructor(
    private readonly binding: Binding,
    private readonly transfer: number,
    private readonly state: CursorState,
  ) {
    this.tree = state.tree[0];
    for (let i = 0; i < CURSOR_WORDS; i++) binding.setValue(transfer + 4 * i, state.handles[i], 'i32');
  }
  typeId(): number {
    return this.binding._ts_tree_cursor_current_node_type_id_wasm(this.tree);
  }
  fieldId(): number {
    return this.binding._ts_tree_cursor_current_field_id_wasm(this.tree);
  }
  startIndex(): number {
    return this.binding._ts_tree_cursor_start_index_wasm(this.tree);
  }
  endIndex(): number {
    return this.binding._ts_tree_cursor_end_index_wasm(this.tree);
  }
  isMissing(): boolean {
    return this.binding._ts_tree_cursor_current_node_is_missing_wasm(this.tree) === 1;
  }
  gotoFirstChild(): boolean {
    return this.binding._ts_tree_cursor_goto_first_child_wasm(this.tree) === 1;
  }
  gotoNextSibling(): boolean {
    return this.binding._ts_tree_cursor_goto_next_sibling_wasm(this.tree) === 1;
  }
  gotoParent(): boolean {
    return this.binding._ts_tree_cursor_goto_parent_wasm(this.tree) === 1;
  }
  finish(): void {
    // The moves may have grown the cursor's stack to another address: TreeCursor must have the new words.
    for (let i = 0; i < CURSOR_WORDS; i++) this.state.handles[i] = this.binding.getValue(this.transfer + 4 * i, 'i32');
  }
}

/** The calls for a walk with `cursor`: direct ones when they passed their check. */
export function cursorCalls(cursor: TreeCursor): CursorCalls {
  if (direct && directWanted && hasState(cursor)) return new DirectCalls(direct.binding, direct.transfer, cursor as unknown as CursorState);
  return new PublicCalls(cursor);
}

/** Every node of `tree` in document order as [type id, field id, start, end, missing], read with `calls`. */
function everyNode(tree: Tree, calls: (cursor: TreeCursor) => CursorCalls): number[] {
  const cursor = tree.walk();
  const out: number[] = [];
  try {
    const c = calls(cursor);
    try {
      for (;;) {
        out.push(c.typeId(), c.fieldId(), c.startIndex(), c.endIndex(), c.isMissing() ? 1 : 0);
        if (c.gotoFirstChild()) continue;
        while (!c.gotoNextSibling()) if (!c.gotoParent()) return out;
      }
    } finally {
      // Before the TreeCursor is used or deleted: it must hold where the calls left the cursor.
      c.finish();
    }
  } finally {
    // The TreeCursor goes on from where the calls left it (a wrong hand-back shows here).
    out.push(cursor.nodeTypeId, cursor.gotoFirstChild() ? cursor.startIndex : -1);
    cursor.delete();
  }
}

/**
 * Turns the direct calls on when `module` (what web-tree-sitter's Parser.init was given) has
 * every function they use and they read `sample` (a tree with errors, missing tokens and
 * characters beyond ASCII) exactly as TreeCursor does. Returns whether they are on.
 */
export function checkDirectCalls(module: unknown, sample: Tree): boolean {
  direct = undefined;
  const binding = asBinding(module);
  const probe = sample.walk();
  const usable = binding !== undefined && hasState(probe);
  probe.delete();
  if (!binding || !usable) return false;
  const candidate = { binding, transfer: binding._ts_init() };
  const expected = everyNode(sample, (cursor) => new PublicCalls(cursor));
  const got = everyNode(sample, (cursor) => new DirectCalls(candidate.binding, candidate.transfer, cursor as unknown as CursorState));
  if (got.length === expected.length && got.every((value, index) => value === expected[index])) direct = candidate;
  return direct !== undefined;
}

/** Whether walks use the direct calls (tests and benchmarks say which path they measured). */
export function directCallsInUse(): boolean {
  return direct !== undefined && directWanted;
}

/** Tests: walk with TreeCursor's own methods (false) or the direct calls again (true); returns the previous choice. */
export function preferDirectCalls(wanted: boolean): boolean {
  const previous = directWanted;
  directWanted = wanted;
  return previous;
}
