// A Whetstone buffer as the core keeps it: text, tree-sitter tree, AST with stable ids, comments,
// syntax diagnostics and a revision. Edits reparse incrementally (tree.edit + parse with the old
// tree) and re-match ids against the previous AST.
import type { Parser, Tree } from 'web-tree-sitter';
import { Edit } from 'web-tree-sitter';
import type { ImportDeclaration, Node, Position, Program, Span } from './ast';
import { childNodes } from './ast';
import { convert, type Comment } from './convert';
import { makeDiagnostic, type Diagnostic } from './diagnostics';
import { assignIds, IdAllocator } from './ids';
import { createParser } from './parser';

export type { Comment } from './convert';

/** A replacement of [startOffset, endOffset) of the current text (UTF-16 offsets). */
export interface TextEdit {
  startOffset: number;
  endOffset: number;
  newText: string;
}

export interface EditOptions {
  /** An AST to match the new tree against instead of the previous one (see CORE-API.md). */
  expected?: Program;
  /** The revision after the edit (VS Code's document version); previous + 1 when omitted. */
  revision?: number;
  /**
   * Whether each edit's offsets are into the text as left by the edits before it (LSP content
   * changes) rather than all into the current text.
   */
  sequential?: boolean;
}

let sharedParser: Parser | undefined;
function parser(): Parser {
  sharedParser ??= createParser();
  return sharedParser;
}

/** Offsets of line starts, for offset <-> position in O(log n). */
class LineIndex {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: clamped - this.starts[low] };
  }

  offsetAt(position: Position): number {
    const line = Math.max(1, Math.min(position.line, this.starts.length));
    const start = this.starts[line - 1];
    const end = line < this.starts.length ? this.starts[line] - 1 : this.text.length;
    return Math.max(start, Math.min(start + position.column, end));
  }
}

export class WhetstoneDocument {
  text: string;
  ast!: Program;
  comments: Comment[] = [];
  revision: number;
  syntaxDiagnostics: Diagnostic[] = [];

  private tree: Tree;
  private lines: LineIndex;
  private readonly ids = new IdAllocator();
  private byId = new Map<string, Node>();
  private parents = new Map<string, Node>();
  private nameSpans = new Map<string, Span>();
  private importSpans = new Map<string, Span[]>();

  private constructor(text: string, revision: number) {
    this.text = text;
    this.revision = revision;
    this.lines = new LineIndex(text);
    const tree = parser().parse(text);
    if (!tree) throw new Error('tree-sitter returned no tree');
    this.tree = tree;
    this.rebuild(undefined);
  }

  static create(text: string, revision = 1): WhetstoneDocument {
    return new WhetstoneDocument(text, revision);
  }

  /** Applies text edits, reparses incrementally and keeps the ids of surviving nodes. */
  applyEdits(edits: readonly TextEdit[], options: EditOptions = {}): void {
    const ordered = options.sequential ? edits : [...edits].sort((a, b) => b.startOffset - a.startOffset);
    const previous = { root: this.ast as Node, text: this.text };
    let text = this.text;
    for (const edit of ordered) {
      const start = Math.max(0, Math.min(edit.startOffset, text.length));
      const end = Math.max(start, Math.min(edit.endOffset, text.length));
      const lines = text === this.text ? this.lines : new LineIndex(text);
      const startPosition = lines.positionAt(start);
      const oldEndPosition = lines.positionAt(end);
      text = text.slice(0, start) + edit.newText + text.slice(end);
      const newEndPosition = advance(startPosition, edit.newText);
      this.tree.edit(
        new Edit({
          startIndex: start,
          oldEndIndex: end,
          newEndIndex: start + edit.newText.length,
          startPosition: point(startPosition),
          oldEndPosition: point(oldEndPosition),
          newEndPosition: point(newEndPosition),
        }),
      );
    }
    const tree = parser().parse(text, this.tree);
    if (!tree) throw new Error('tree-sitter returned no tree');
    this.tree.delete();
    this.tree = tree;
    this.text = text;
    this.lines = new LineIndex(text);
    this.revision = options.revision ?? this.revision + 1;
    this.rebuild(options.expected ? { root: options.expected, text: previous.text } : previous);
  }

  /** Replaces the whole text (a file changed on disk, say); ids still match where they can. */
  setText(text: string, revision?: number): void {
    this.applyEdits([{ startOffset: 0, endOffset: this.text.length, newText: text }], { revision });
  }

  /** Frees the tree-sitter tree (WebAssembly memory). */
  dispose(): void {
    this.tree.delete();
  }

  nodeById(id: string): Node | undefined {
    return this.byId.get(id);
  }

  parentOf(id: string): Node | undefined {
    return this.parents.get(id);
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
    return this.nameSpans.get(id);
  }

  importNameSpans(id: string): Span[] {
    return this.importSpans.get(id) ?? [];
  }

  positionAt(offset: number): Position {
    return this.lines.positionAt(offset);
  }

  offsetAt(position: Position): number {
    return this.lines.offsetAt(position);
  }

  /** A span from two offsets. */
  spanAt(startOffset: number, endOffset: number): Span {
    return { start: this.positionAt(startOffset), end: this.positionAt(endOffset), startOffset, endOffset };
  }

  /** The source text of a node. */
  textOf(node: Node): string {
    return this.text.slice(node.span.startOffset, node.span.endOffset);
  }

  private rebuild(previous: { root: Node; text: string } | undefined): void {
    const converted = convert(this.tree.rootNode);
    assignIds(converted.ast, this.text, this.ids, previous);
    this.ast = converted.ast;
    this.comments = converted.comments;
    this.byId = new Map();
    this.parents = new Map();
    const index = (node: Node, parent: Node | undefined): void => {
      this.byId.set(node.id, node);
      if (parent) this.parents.set(node.id, parent);
      for (const child of childNodes(node)) index(child, node);
    };
    index(this.ast, undefined);
    this.nameSpans = new Map();
    for (const [node, span] of converted.nameSpans) this.nameSpans.set(node.id, span);
    this.importSpans = new Map();
    for (const [node, spans] of converted.importNameSpans) this.importSpans.set((node as ImportDeclaration).id, spans);
    this.syntaxDiagnostics = converted.problems.map((problem) => {
      const node = this.nodeAt(problem.span.startOffset);
      return makeDiagnostic('E_SYNTAX', problem.message, node.id, problem.span, problem.hint ? { hint: problem.hint } : {});
    });
  }
}

function point(position: Position): { row: number; column: number } {
  return { row: position.line - 1, column: position.column };
}

/** The position after inserting `text` at `from`. */
function advance(from: Position, text: string): Position {
  const lastBreak = text.lastIndexOf('\n');
  if (lastBreak === -1) return { line: from.line, column: from.column + text.length };
  let breaks = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks++;
  return { line: from.line + breaks, column: text.length - lastBreak - 1 };
}
