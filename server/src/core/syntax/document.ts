// A Whetstone buffer as the core keeps it: text, tree-sitter tree, AST with stable ids, comments,
// syntax diagnostics and a revision.
//
// An edit reparses incrementally (tree.edit, then parse with the old tree). Top-level items the
// edit did not touch are not converted again: their AST nodes are kept, with spans moved, so a
// keystroke in a 10,000-line file costs about one declaration's worth of work.
import { Edit, type Parser, type Tree } from 'web-tree-sitter';
import { childNodes, nodeName, walk, type Node, type Position, type Program, type Span, type TopLevel } from '../ast/ast';
import { inSourceOrder, makeDiagnostic, type Diagnostic } from '../ast/diagnostics';
import {
  Converter,
  IMPORT_NAME_SPANS,
  ITEM_COMMENTS,
  ITEM_PROBLEMS,
  ITEM_SPANS,
  NAME_SPAN,
  SOURCE_TYPE,
  type Comment,
  type SyntaxProblem,
  type Tagged,
} from './convert';
import { readSubtree } from './cst';
import { assignIds, IdAllocator } from './ids';
import { LineIndex } from './lines';
import { createParser } from './parser';
import { applyTextEdits, editRegions, SpanMover, type EditRegion, type TextEdit } from './text-edits';

export type { Comment } from './convert';

export interface EditOptions {
  /** An AST to match the new tree against instead of the previous one (see CORE-API.md). */
  expected?: Program;
  /**
   * The text the edits are meant to produce, when `expected` describes an edit someone else
   * applied (an agent's change coming back from the editor): `expected` is used only if the edits
   * produce exactly this text.
   */
  expectedText?: string;
  /** The revision after the edit (VS Code's document version); previous + 1 when omitted. */
  revision?: number;
  /**
   * Whether each edit's offsets are into the text as left by the edits before it (LSP content
   * changes) rather than all into the current text.
   */
  sequential?: boolean;
}

/** A text that is mostly errors gets this many syntax diagnostics, then one that counts the rest. */
export const MAX_SYNTAX_DIAGNOSTICS = 200;

let sharedParser: Parser | undefined;
function parser(): Parser {
  sharedParser ??= createParser();
  return sharedParser;
}

/** What the previous revision leaves to the next one. */
interface Previous {
  ast: Program;
  text: string;
  lines: LineIndex;
  /** Where the edits changed the text, in order (old and new offsets). */
  regions: EditRegion[];
  /** Ranges (new offsets) whose syntax tree-sitter reports as changed. */
  changedRanges: { startIndex: number; endIndex: number }[];
}

/** Nodes by id, and each node's parent by its id. */
interface IdIndex {
  byId: Map<string, Node>;
  parents: Map<string, Node>;
}

export class WhetstoneDocument {
  text: string;
  ast!: Program;
  comments: Comment[] = [];
  revision: number;
  syntaxDiagnostics: Diagnostic[] = [];

  private tree: Tree;
  private lines: LineIndex;
  private problems: SyntaxProblem[] = [];
  private readonly ids: IdAllocator;
  /**
   * Nodes by id and their parents, built on first use and then kept up to date by each edit: a
   * document parsed only for its AST (parseSource, projection) never pays for a million-entry index.
   */
  private index: IdIndex | undefined;
  /** How often the ids inside a reused top-level item were changed in place (see itemVersion). */
  private readonly rewrites = new WeakMap<Node, number>();
  private rewritten = 0;

  private constructor(text: string, revision: number, idPrefix: string | undefined) {
    this.text = text;
    this.revision = revision;
    this.ids = new IdAllocator(1, idPrefix);
    this.lines = new LineIndex(text);
    this.tree = parseOrThrow(text, null);
    this.rebuild(undefined, undefined);
  }

  /** @param options.idPrefix what ids start with instead of `node_` (`parsed_` for text that is no buffer). */
  static create(text: string, revision = 1, options: { idPrefix?: string } = {}): WhetstoneDocument {
    return new WhetstoneDocument(text, revision, options.idPrefix);
  }

  /** Applies text edits, reparses incrementally and keeps the ids of surviving nodes. */
  applyEdits(edits: readonly TextEdit[], options: EditOptions = {}): void {
    const oldText = this.text;
    const text = applyTextEdits(oldText, edits, {
      sequential: options.sequential,
      lines: this.lines,
      onEdit: (edit) =>
        this.tree.edit(
          new Edit({
            startIndex: edit.startOffset,
            oldEndIndex: edit.oldEndOffset,
            newEndIndex: edit.newEndOffset,
            startPosition: point(edit.start),
            oldEndPosition: point(edit.oldEnd),
            newEndPosition: point(edit.newEnd),
          }),
        ),
    });
    const oldTree = this.tree;
    const tree = parseOrThrow(text, oldTree);
    const changedRanges = tree.getChangedRanges(oldTree);
    oldTree.delete();
    const previous: Previous = {
      ast: this.ast,
      text: oldText,
      lines: this.lines,
      regions: editRegions(oldText, text, edits, options.sequential === true),
      changedRanges,
    };
    this.tree = tree;
    this.text = text;
    this.lines = new LineIndex(text);
    this.revision = options.revision ?? this.revision + 1;
    const expected = options.expectedText === undefined || options.expectedText === text ? options.expected : undefined;
    this.rebuild(previous, expected);
  }

  /** Replaces the whole text (a file changed on disk, say); ids still match where they can. */
  setText(text: string, revision?: number): void {
    this.applyEdits([{ startOffset: 0, endOffset: this.text.length, newText: text }], { revision });
  }

  /**
   * A number that changes when a top-level item of the AST is changed in place other than by
   * moving. An edit converts again only the items it touched (new objects); the items it did not
   * touch are kept as they are, their spans moved in place, and their ids changed only when the
   * edit is matched against an expected AST that names them differently: that bumps this number.
   * So the same item object at the same start position (offset, line, column) with the same
   * version has the same content, ids and spans: what its serialised form may be cached by.
   */
  itemVersion(item: TopLevel): number {
    return this.rewrites.get(item) ?? 0;
  }

  /** How many times, in all, a reused item's ids were changed in place (no item's version changed while this stays). */
  get rewriteCount(): number {
    return this.rewritten;
  }

  /** Frees the tree-sitter tree (WebAssembly memory). */
  dispose(): void {
    this.tree.delete();
  }

  nodeById(id: string): Node | undefined {
    return this.indexed().byId.get(id);
  }

  /**
   * A node id this document has never handed out, for nodes a mutation creates (applyMutations'
   * `newId`): ids of removed nodes are not reused, so an agent's stale id never reaches a new node.
   */
  freshId(): string {
    return this.ids.fresh();
  }

  parentOf(id: string): Node | undefined {
    return this.indexed().parents.get(id);
  }

  /**
   * Where a node is, in terms that outlast its id: the type and name of it and of each ancestor up
   * to the file, e.g. `FunctionDeclaration total/Block/ForStatement x/AssignmentStatement`. Ids come
   * from the order a buffer was parsed and edited, so a restarted server gives the same code other
   * ids; this stays the same while the declarations around the node do.
   */
  placeOf(id: string): string | undefined {
    const parts: string[] = [];
    for (let node = this.nodeById(id); node && node.type !== 'Program'; node = this.parentOf(node.id)) {
      const name = nodeName(node);
      parts.push(name === undefined ? node.type : `${node.type} ${name}`);
    }
    return parts.length === 0 && !this.nodeById(id) ? undefined : parts.reverse().join('/');
  }

  /** The innermost node whose span contains `offset` (a node's end counts as inside). */
  nodeAt(offset: number): Node {
    let node: Node = this.ast;
    for (;;) {
      const inside: Node | undefined = childNodes(node).find(
        (child) => child.span.startOffset <= offset && offset <= child.span.endOffset && child.span.endOffset > child.span.startOffset,
      );
      if (!inside) return node;
      node = inside;
    }
  }

  nameSpan(id: string): Span | undefined {
    const node = this.nodeById(id);
    return node ? this.nameSpanOfNode(node) : undefined;
  }

  importNameSpans(id: string): Span[] {
    const node = this.nodeById(id);
    return (node && (node as Tagged)[IMPORT_NAME_SPANS]) || [];
  }

  /** nameSpan of a node of this document's AST, read off the node (the analysis has the node: no id index needed). */
  nameSpanOfNode(node: Node): Span | undefined {
    // An identifier is all name: the converter tags it with nothing (see Converter.expressionInner).
    return node.type === 'Identifier' ? node.span : (node as Tagged)[NAME_SPAN];
  }

  importNameSpansOfNode(node: Node): Span[] {
    return (node as Tagged)[IMPORT_NAME_SPANS] || [];
  }

  positionAt(offset: number): Position {
    return this.lines.positionAt(offset);
  }

  offsetAt(position: Position): number {
    return this.lines.offsetAt(position);
  }

  spanAt(startOffset: number, endOffset: number): Span {
    return this.lines.spanAt(startOffset, endOffset);
  }

  /** The source text of a node. */
  textOf(node: Node): string {
    return this.text.slice(node.span.startOffset, node.span.endOffset);
  }

  private rebuild(previous: Previous | undefined, expected: Program | undefined): void {
    const matchAgainst = expected ?? previous?.ast;
    // A new document: ids are given as the nodes are made, the Program's first.
    const programId = matchAgainst ? '' : this.ids.fresh();
    const converter = new Converter(this.text, this.lines, matchAgainst ? undefined : this.ids);
    const children: TopLevel[] = [];
    const reused = new Set<Node>();
    const carriedComments: Comment[] = [];
    const carriedProblems: SyntaxProblem[] = [];
    const oldByStart = new Map<number, TopLevel>();
    if (previous) for (const child of previous.ast.children) oldByStart.set(child.span.startOffset, child);
    // Comments and problems are recorded per top-level item so reused items bring theirs along.
    const shift = previous ? new SpanMover(previous.regions, previous.lines, this.lines) : undefined;

    const read = { clean: false };
    const cursor = this.tree.walk();
    try {
      if (cursor.gotoFirstChild()) {
        do {
          const start = cursor.startIndex;
          const end = cursor.endIndex;
          const type = cursor.nodeType;
          if (type === 'comment') {
            converter.comments.push({ text: this.text.slice(start, end), span: this.lines.spanAt(start, end) });
            continue;
          }
          const gap = shift ? shift.gapOf(start, end) : -1;
          const old = previous && shift && gap >= 0 ? reusable(previous, oldByStart, shift.oldOffset(gap, start), shift.oldOffset(gap, end), start, end, type) : undefined;
          if (old && shift) {
            const tagged = old as Tagged;
            for (const span of tagged[ITEM_SPANS] ?? []) shift.move(gap, span);
            carriedComments.push(...(tagged[ITEM_COMMENTS] ?? []));
            carriedProblems.push(...(tagged[ITEM_PROBLEMS] ?? []));
            children.push(old);
            reused.add(old);
          } else {
            const node = readSubtree(cursor, this.tree.language, this.text, read);
            children.push(converter.topLevel(node, read.clean));
          }
        } while (cursor.gotoNextSibling());
      }
    } finally {
      cursor.delete();
    }

    const ast: Program = { type: 'Program', id: programId, span: this.lines.spanAt(0, this.text.length), children };
    // The id index, if built: drop what left (before matching hands its ids to new nodes), then
    // index each node as it gets its id; reused subtrees keep their entries.
    const index = this.index;
    if (previous && index) {
      index.byId.delete(previous.ast.id);
      for (const child of previous.ast.children) if (!reused.has(child)) this.unindex(index, child);
    }
    // Matching against an AST the edit was expected to produce visits reused items too, and may
    // give their nodes other ids: such an item counts as rewritten (see itemVersion).
    let inReused: Node | undefined;
    const visit = (node: Node, parent: Node | undefined, previousId: string | undefined): void => {
      if (parent === ast) inReused = reused.has(node) ? node : undefined;
      if (inReused && node.id !== previousId) {
        this.rewrites.set(inReused, (this.rewrites.get(inReused) ?? 0) + 1);
        this.rewritten++;
      }
      if (index) {
        index.byId.set(node.id, node);
        if (parent) index.parents.set(node.id, parent);
      }
    };
    if (matchAgainst) assignIds(ast, this.text, this.ids, { root: matchAgainst, text: previous?.text ?? '' }, visit);
    if (index) for (const child of reused) index.parents.set(child.id, ast);

    this.ast = ast;
    // Comments never overlap: their start orders them.
    this.comments = [...converter.comments, ...carriedComments].sort((a, b) => a.span.startOffset - b.span.startOffset);
    this.problems = inSourceOrder(converter.problems, carriedProblems);
    this.syntaxDiagnostics = this.problems.slice(0, MAX_SYNTAX_DIAGNOSTICS).map((problem) => {
      const node = this.nodeAt(problem.span.startOffset);
      return makeDiagnostic('E_SYNTAX', problem.message, node.id, problem.span, problem.hint ? { hint: problem.hint } : {});
    });
    const hidden = this.problems.length - MAX_SYNTAX_DIAGNOSTICS;
    if (hidden > 0) {
      const last = this.problems[MAX_SYNTAX_DIAGNOSTICS];
      this.syntaxDiagnostics.push(
        makeDiagnostic('E_SYNTAX', `${hidden} more syntax errors follow`, this.nodeAt(last.span.startOffset).id, last.span, {
          hint: 'fix the first errors: the rest often follow from them',
        }),
      );
    }
  }

  private indexed(): IdIndex {
    if (!this.index) {
      const index: IdIndex = { byId: new Map(), parents: new Map() };
      walk(this.ast, (node, parent) => {
        index.byId.set(node.id, node);
        if (parent) index.parents.set(node.id, parent);
      });
      this.index = index;
    }
    return this.index;
  }

  private unindex(index: IdIndex, node: Node): void {
    index.byId.delete(node.id);
    index.parents.delete(node.id);
    for (const child of childNodes(node)) this.unindex(index, child);
  }
}

function parseOrThrow(text: string, oldTree: Tree | null): Tree {
  const tree = parser().parse(text, oldTree);
  if (!tree) throw new Error('tree-sitter returned no tree');
  return tree;
}

/**
 * The old top-level node that the new item [start, end) is, unchanged, if there is one: it lies
 * between the changed regions (SpanMover.gapOf), at [oldStart, oldEnd) of the old text.
 */
function reusable(
  previous: Previous,
  oldByStart: Map<number, TopLevel>,
  oldStart: number,
  oldEnd: number,
  start: number,
  end: number,
  type: string,
): TopLevel | undefined {
  if (previous.changedRanges.some((r) => r.startIndex <= end && start <= r.endIndex)) return undefined;
  const old = oldByStart.get(oldStart);
  if (!old || old.span.endOffset !== oldEnd || (old as Tagged)[SOURCE_TYPE] !== type) return undefined;
  return old;
}

function point(position: Position): { row: number; column: number } {
  return { row: position.line - 1, column: position.column };
}
