// Turns a mutated AST into minimal edits of the original text (docs/LANGUAGE.md "Text from
// the AST"): only what changed is re-printed, everything else survives byte for byte.
//
// The mutated tree is compared with the original node by node (ids are shared):
// - a clean subtree (nothing in it changed) produces no edit;
// - a node whose own fields are unchanged but whose lists gained or lost items is edited in place:
//   a new statement goes on a new line at its siblings' indentation, a deleted one takes its line
//   (and the comments after it on that line) with it, a list item gets or loses its comma;
// - any other changed node is re-printed, its unchanged children copied verbatim from the source
//   (comments inside them kept), comments in its own gaps re-placed by the printer, and the edit
//   trimmed to the part of the text that really differs (a rename becomes a one-token edit).
// Where the source layout is unusual (two statements on one line, a comment in the way) the
// in-place edit gives up and the node is re-printed instead, which is always correct.
import { ROLES, type Node, type Program } from '../ast/ast';
import { childEntries, type AstIndex } from '../ast/ast-index';
import { EXPRESSION_TYPES } from '../ast/node-schema';
import { placeComments } from '../syntax/comment-placement';
import { COMMA_LIST_ROLE, fullStart, headerStart, LINE_LIST_ROLE, listBrackets, listItems } from '../syntax/layout';
import { SourceScanner, type SourceComment } from '../syntax/source-scan';
import { commonEnds, type TextEdit } from '../syntax/text-edits';
import { INDENT_UNIT, needsParentheses, printNode, topLevelBlankLine } from './printer';

export interface EditInput {
  text: string;
  comments: readonly SourceComment[];
  original: Program;
  originalIndex: AstIndex;
  /** Shares every unchanged subtree (the same objects) with `original`. */
  mutated: Program;
  /** Nodes replaced wholesale (updateNode with `node`): same id, nothing inside is original. */
  replaced: ReadonlySet<string>;
}

/** Sorted edits of `input.text` that turn it into text for `input.mutated`. */
export function textEditsFor(input: EditInput): TextEdit[] {
  return new EditPlanner(input).plan();
}

type Fields = Record<string, unknown>;

/** Whether the plain fields and single-role children (by id) of two versions of a node agree. */
function sameShape(a: Node, b: Node): boolean {
  if (a.type !== b.type) return false;
  const ra = a as unknown as Fields;
  const rb = b as unknown as Fields;
  const roles = new Map(ROLES[a.type].map((role) => [role.name, role.list]));
  for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
    if (key === 'id' || key === 'span') continue;
    const list = roles.get(key);
    if (list === true) continue;
    if (list === false) {
      if (((ra[key] as Node | null)?.id ?? null) !== ((rb[key] as Node | null)?.id ?? null)) return false;
    } else if (JSON.stringify(ra[key]) !== JSON.stringify(rb[key])) {
      return false;
    }
  }
  return true;
}

const sameIds = (a: readonly Node[], b: readonly Node[]): boolean => a.length === b.length && a.every((node, i) => node.id === b[i].id);

interface ListDiff {
  deletedGroups: Node[][];
  insertRuns: { items: Node[]; after?: Node; before?: Node }[];
  survivors: number;
}

/**
 * Old items that left (in runs of neighbours) and new items that came, with the surviving items
 * around them: those are the old nodes, whose spans and annotations are the source's.
 */
function diffList(oldItems: readonly Node[], newItems: readonly Node[]): ListDiff {
  const newIds = new Set(newItems.map((node) => node.id));
  const oldById = new Map(oldItems.map((node) => [node.id, node]));
  const deletedGroups: Node[][] = [];
  let group: Node[] = [];
  for (const item of oldItems) {
    if (newIds.has(item.id)) {
      if (group.length > 0) deletedGroups.push(group);
      group = [];
    } else {
      group.push(item);
    }
  }
  if (group.length > 0) deletedGroups.push(group);

  const insertRuns: ListDiff['insertRuns'] = [];
  let previous: Node | undefined;
  let run: Node[] = [];
  let survivors = 0;
  for (const item of newItems) {
    const survivor = oldById.get(item.id);
    if (survivor) {
      if (run.length > 0) insertRuns.push({ items: run, after: previous, before: survivor });
      run = [];
      previous = survivor;
      survivors++;
    } else {
      run.push(item);
    }
  }
  if (run.length > 0) insertRuns.push({ items: run, after: previous });
  return { deletedGroups, insertRuns, survivors };
}

const PLACEHOLDER = '\u0000';

class EditPlanner {
  private readonly text: string;
  private readonly scan: SourceScanner;
  private readonly editMemo = new Map<string, TextEdit[] | null>();
  private readonly eol: string;
  private readonly placeholdersSafe: boolean;

  constructor(private readonly input: EditInput) {
    this.text = input.text;
    this.scan = new SourceScanner(input.text, input.comments);
    this.eol = input.text.includes('\r\n') ? '\r\n' : '\n';
    this.placeholdersSafe = !input.text.includes(PLACEHOLDER);
  }

  plan(): TextEdit[] {
    const edits = this.reconcile(this.input.mutated, undefined, undefined) ?? [];
    return normalize(edits);
  }

  // ---- which nodes changed ----

  private originalOf(node: Node): Node | undefined {
    return this.input.originalIndex.node(node.id);
  }

  private original(id: string): Node {
    const node = this.input.originalIndex.node(id);
    if (!node) throw new Error(`no original node ${id}`);
    return node;
  }

  /** Nothing in the subtree changed: mutate copies what it changes, so it is the original object. */
  private isClean(node: Node): boolean {
    return this.originalOf(node) === node;
  }

  private originalText(old: Node): string {
    return this.text.slice(fullStart(old), old.span.endOffset);
  }

  // ---- edits for one node ----

  /**
   * Edits, all inside the original node's text, that turn it into `node`; null when that cannot
   * be done without losing a comment (the parent must re-print).
   */
  private reconcile(node: Node, parent: Node | undefined, role: string | undefined): TextEdit[] | null {
    const memo = this.editMemo.get(node.id);
    if (memo !== undefined) return memo;
    const old = this.original(node.id);
    let edits: TextEdit[] | null = null;
    if (this.isClean(node)) edits = [];
    else if (!this.input.replaced.has(node.id) && sameShape(node, old)) edits = this.editInPlace(node, old);
    edits ??= this.reprint(node, old, parent, role);
    this.editMemo.set(node.id, edits);
    return edits;
  }

  /** Only list contents changed here: edit the lists in place and recurse into the children. */
  private editInPlace(node: Node, old: Node): TextEdit[] | null {
    const edits: TextEdit[] = [];
    const record = node as unknown as Fields;
    const oldRecord = old as unknown as Fields;
    for (const role of ROLES[node.type]) {
      if (!role.list || sameIds(record[role.name] as Node[], oldRecord[role.name] as Node[])) continue;
      const listEdits = this.listEdits(node, old, role.name);
      if (!listEdits) return null;
      edits.push(...listEdits);
    }
    for (const { node: child, role } of childEntries(node)) {
      if (!this.originalOf(child)) continue;
      const childEdits = this.reconcile(child, node, role);
      if (!childEdits) return null;
      edits.push(...childEdits);
    }
    return edits;
  }

  /**
   * The subtrees the printer will copy instead of print when re-printing `node`: the outermost
   * clean ones, and the changed children that keep edits of their own.
   */
  private copiedRegions(node: Node, keepsEdits: ReadonlySet<string>): { start: number; end: number }[] {
    const regions: { start: number; end: number }[] = [];
    const visit = (parent: Node): void => {
      for (const { node: child } of childEntries(parent)) {
        const original = this.originalOf(child);
        if (original && (keepsEdits.has(child.id) || this.isClean(child))) {
          regions.push({ start: fullStart(original), end: original.span.endOffset });
        } else if (original) {
          visit(child);
        }
      }
    };
    if (!this.input.replaced.has(node.id)) visit(node);
    return regions;
  }

  /**
   * Re-prints `node` in place of `old`. Unchanged children are copied from the source; changed
   * non-expression children keep their own (smaller) edits when the re-printed text around them
   * does not touch them. Null when a comment in the re-printed part belongs to an ancestor (the
   * ancestor must re-print).
   */
  private reprint(node: Node, old: Node, parent: Node | undefined, role: string | undefined): TextEdit[] | null {
    const childEdits = new Map<string, TextEdit[]>();
    if (this.placeholdersSafe && !this.input.replaced.has(node.id)) {
      for (const { node: child, role: childRole } of childEntries(node)) {
        if (!this.originalOf(child) || this.isClean(child) || EXPRESSION_TYPES.has(child.type)) continue;
        const edits = this.reconcile(child, node, childRole);
        if (edits) childEdits.set(child.id, edits);
      }
    }
    const start = node.type === 'Program' ? 0 : fullStart(old);
    const end = node.type === 'Program' ? this.text.length : old.span.endOffset;

    // Comments inside copied text come along with it; the printer places the others, which must
    // belong to this node or its descendants.
    const regions = this.copiedRegions(node, new Set(childEdits.keys()));
    const copied = (comment: SourceComment): boolean =>
      regions.some((r) => r.start <= comment.span.startOffset && comment.span.endOffset <= r.end);
    const printed = this.scan.commentsWithin(start, end).filter((comment) => !copied(comment));
    // Each comment's slot depends only on the tree around it: placing just these is enough.
    const placement = placeComments(this.input.original, printed, this.text);
    if (node.type !== 'Program' && !this.ownsComments(old, printed, placement.owners)) return null;

    const verbatim = (candidate: Node): string | undefined => {
      if (candidate === node) return undefined;
      if (childEdits.has(candidate.id)) return `${PLACEHOLDER}${candidate.id}${PLACEHOLDER}`;
      const original = this.originalOf(candidate);
      return original && this.isClean(candidate) ? this.originalText(original) : undefined;
    };
    let template = printNode(node, { indent: this.scan.linePrefix(start), placement, verbatim });
    if (parent && role && EXPRESSION_TYPES.has(node.type) && needsParentheses(parent, role, node) && !this.parenthesized(old)) {
      template = `(${template})`;
    }
    template = this.withEol(template);
    const fill = (text: (id: string) => string): string =>
      template.replace(new RegExp(`${PLACEHOLDER}([^${PLACEHOLDER}]+)${PLACEHOLDER}`, 'g'), (_, id: string) => text(id));

    const children = [...childEdits.values()].flat();
    const own = minimalEdits(this.text, start, end, fill((id) => this.originalText(this.original(id))));
    const apart = (a: TextEdit, b: TextEdit): boolean => a.endOffset < b.startOffset || a.startOffset > b.endOffset;
    if (own.every((mine) => children.every((theirs) => apart(mine, theirs)))) return [...own, ...children];
    // The re-printed text reaches into a changed child: one edit with the child's new text.
    const whole = fill((id) => {
      const original = this.original(id);
      return applyEdits(this.text, fullStart(original), original.span.endOffset, childEdits.get(id) ?? []);
    });
    return minimalEdits(this.text, start, end, whole);
  }

  /** Whether all of `comments` belong to the original node or its descendants. */
  private ownsComments(old: Node, comments: readonly SourceComment[], owners: ReadonlyMap<SourceComment, { nodeId: string }>): boolean {
    if (comments.length === 0) return true;
    const ids = new Set<string>();
    const collect = (node: Node): void => {
      ids.add(node.id);
      for (const { node: child } of childEntries(node)) collect(child);
    };
    collect(old);
    return comments.every((comment) => {
      const owner = owners.get(comment);
      return owner !== undefined && ids.has(owner.nodeId);
    });
  }

  /** Whether the source wraps the node in parentheses (which the AST does not record). */
  private parenthesized(old: Node): boolean {
    const before = this.scan.previousSignificantEnd(fullStart(old));
    const after = this.scan.nextSignificant(old.span.endOffset);
    return this.text[before - 1] === '(' && this.text[after] === ')';
  }

  private withEol(text: string): string {
    return this.eol === '\n' ? text : text.replace(/\r?\n/g, this.eol);
  }

  private print(node: Node, indent: string): string {
    return this.withEol(printNode(node, { indent }));
  }

  // ---- in-place list edits ----

  private listEdits(node: Node, old: Node, role: string): TextEdit[] | null {
    if (LINE_LIST_ROLE[node.type] === role) return this.lineListEdits(node, old, role);
    if (role === 'annotations') return this.annotationEdits(node, old);
    if (COMMA_LIST_ROLE[node.type] === role) return this.commaListEdits(node, old, role);
    return null;
  }

  /** Statements of a block or of the program: one per line. */
  private lineListEdits(node: Node, old: Node, role: string): TextEdit[] | null {
    const oldItems = listItems(old, role);
    const newItems = listItems(node, role);
    const diff = diffList(oldItems, newItems);
    const topLevel = node.type === 'Program';
    const blank = (a: Node, b: Node): boolean => topLevel && topLevelBlankLine(a, b);
    const edits: TextEdit[] = [];

    for (const group of diff.deletedGroups) edits.push(this.removeLines(group[0], group[group.length - 1]));

    for (const run of diff.insertRuns) {
      if (run.after) {
        const at = this.scan.lineEndAfter(run.after.span.endOffset);
        if (at === undefined) return null;
        const indent = this.scan.linePrefix(fullStart(run.after));
        let text = '';
        let previous = run.after;
        for (const item of run.items) {
          text += this.eol + (blank(previous, item) ? this.eol : '') + indent + this.print(item, indent);
          previous = item;
        }
        if (run.before && blank(previous, run.before) && !this.blankLineBetween(run.after, run.before)) text += this.eol;
        edits.push({ startOffset: at, endOffset: at, newText: text });
      } else if (run.before) {
        const at = this.attachedStart(run.before);
        if (!this.scan.startsLine(at)) return null;
        const indent = this.scan.linePrefix(at);
        const text = run.items
          .map((item, k) => {
            const next = run.items[k + 1] ?? run.before;
            return this.print(item, indent) + this.eol + (next && blank(item, next) ? this.eol : '') + indent;
          })
          .join('');
        edits.push({ startOffset: at, endOffset: at, newText: text });
      } else {
        // Nothing of the old list is left to stand beside.
        if (oldItems.length > 0) return null;
        const edit = topLevel ? this.appendToProgram(run.items) : this.fillEmptyBlock(old, run.items);
        if (!edit) return null;
        edits.push(edit);
      }
    }
    return edits;
  }

  /** Where the comments directly above a statement start: own lines, no blank line between. */
  private attachedStart(item: Node): number {
    let start = fullStart(item);
    let line = item.span.start.line;
    for (;;) {
      const comment = this.scan.commentEndingAt(this.scan.skipWhitespaceBack(start));
      if (!comment || line - comment.span.end.line !== 1 || !this.scan.startsLine(comment.span.startOffset)) return start;
      start = comment.span.startOffset;
      line = comment.span.start.line;
    }
  }

  /** Whether a comment follows the node on the line where it ends (after its comma, say). */
  private hasCommentAfterOnLine(node: Node): boolean {
    const lineEnd = this.scan.nextLineStart(node.span.endOffset);
    return this.scan.commentsWithin(node.span.endOffset, lineEnd).length > 0;
  }

  private blankLineBetween(a: Node, b: Node): boolean {
    const between = this.text.slice(a.span.endOffset, fullStart(b));
    return /\n[ \t]*\r?\n/.test(between);
  }

  /**
   * Removes a run of statements (or annotations) with their lines, the comments directly above
   * the first (statements only) and those after the last on its line; blank lines stay tidy.
   */
  private removeLines(first: Node, last: Node, tidyBlankLines = true): TextEdit {
    let start = tidyBlankLines ? this.attachedStart(first) : fullStart(first);
    let end = last.span.endOffset;
    const lineEnd = this.scan.lineEndAfter(end);
    if (this.scan.startsLine(start) && lineEnd !== undefined) {
      start = this.scan.lineStart(start);
      end = this.scan.nextLineStart(lineEnd);
      if (tidyBlankLines) {
        const blankBefore = start > 0 && this.scan.isBlankLine(this.scan.lineStart(start - 1));
        const blankAfter = this.scan.isBlankLine(end);
        const afterOpening = start === 0 || this.text[this.scan.previousSignificantEnd(start) - 1] === '{';
        const beforeClosing = end >= this.text.length || this.text[this.scan.nextSignificant(end)] === '}';
        if (blankAfter && (blankBefore || afterOpening)) end = this.scan.nextLineStart(end);
        else if (blankBefore && beforeClosing) start = this.scan.lineStart(start - 1);
      }
    } else if (lineEnd === undefined) {
      // Something else follows on the line: take the statement and the space after it.
      end = this.scan.skipHorizontalSpace(end);
    } else {
      // Something precedes it on the line: take the space before it and the comments after it.
      start = this.scan.skipHorizontalSpaceBack(start);
      end = lineEnd;
    }
    return { startOffset: start, endOffset: end, newText: '' };
  }

  private appendToProgram(items: readonly Node[]): TextEdit {
    const at = this.text.length;
    let text = '';
    if (this.text.trim() !== '') text += (this.text.endsWith('\n') ? '' : this.eol) + this.eol;
    items.forEach((item, k) => {
      if (k > 0) text += this.eol + (topLevelBlankLine(items[k - 1], item) ? this.eol : '');
      text += this.print(item, '');
    });
    return { startOffset: at, endOffset: at, newText: text + this.eol };
  }

  private fillEmptyBlock(old: Node, items: readonly Node[]): TextEdit | undefined {
    const open = old.span.startOffset;
    const close = old.span.endOffset - 1;
    if (this.text[open] !== '{' || this.text[close] !== '}') return undefined;
    if (this.text.slice(open + 1, close).trim() !== '') return undefined; // comments inside: re-print
    const outer = this.scan.linePrefix(open);
    const indent = outer + INDENT_UNIT;
    const lines = items.map((item) => indent + this.print(item, indent)).join(this.eol);
    return { startOffset: open + 1, endOffset: close, newText: this.eol + lines + this.eol + outer };
  }

  /** Annotations above a declaration or statement: one per line, or inline before it. */
  private annotationEdits(node: Node, old: Node): TextEdit[] | null {
    const oldItems = listItems(old, 'annotations');
    const diff = diffList(oldItems, listItems(node, 'annotations'));
    const edits: TextEdit[] = [];
    for (const group of diff.deletedGroups) edits.push(this.removeLines(group[0], group[group.length - 1], false));
    const indent = this.scan.linePrefix(fullStart(old));
    for (const run of diff.insertRuns) {
      const at = run.before ? run.before.span.startOffset : headerStart(old, this.scan);
      const ownLines = this.scan.startsLine(at);
      const text = run.items.map((item) => this.print(item, indent) + (ownLines ? this.eol + indent : ' ')).join('');
      edits.push({ startOffset: at, endOffset: at, newText: text });
    }
    return edits;
  }

  /** Parameters, arguments, fields, elements, properties: comma-separated between brackets. */
  private commaListEdits(node: Node, old: Node, role: string): TextEdit[] | null {
    const brackets = listBrackets(old, this.scan);
    if (!brackets) return null;
    const oldItems = listItems(old, role);
    const newItems = listItems(node, role);
    const diff = diffList(oldItems, newItems);
    const lineIndent = this.scan.linePrefix(brackets.open);
    const padded = node.type === 'ObjectLiteral' || node.type === 'TypeDeclaration';

    if (diff.survivors === 0) {
      const inner = { start: brackets.open + 1, end: brackets.close };
      const hasComments = this.scan.commentsWithin(inner.start, inner.end).length > 0;
      if (hasComments) return null;
      const content = newItems.map((item) => this.print(item, lineIndent)).join(', ');
      const newText = content === '' ? '' : padded ? ` ${content} ` : content;
      return [{ startOffset: inner.start, endOffset: inner.end, newText }];
    }

    const multiLine = oldItems.length > 0 && this.scan.lineStart(oldItems[0].span.startOffset) > brackets.open;
    const edits: TextEdit[] = [];
    for (const group of diff.deletedGroups) {
      const first = oldItems.indexOf(group[0]);
      const last = oldItems.indexOf(group[group.length - 1]);
      const next = oldItems[last + 1];
      const previous = oldItems[first - 1];
      // Take the items with the comma after them, or (at the end) with the comma before them.
      const start = next ? group[0].span.startOffset : previous.span.endOffset;
      const end = next ? next.span.startOffset : group[group.length - 1].span.endOffset;
      if (this.scan.commentsWithin(start, end).length > 0) return null;
      edits.push({ startOffset: start, endOffset: end, newText: '' });
    }
    for (const run of diff.insertRuns) {
      if (run.after) {
        if (multiLine && this.hasCommentAfterOnLine(run.after)) return null;
        const indent = multiLine ? this.scan.linePrefix(run.after.span.startOffset) : lineIndent;
        const text = run.items
          .map((item) => (multiLine ? `,${this.eol}${indent}` : ', ') + this.print(item, indent))
          .join('');
        edits.push({ startOffset: run.after.span.endOffset, endOffset: run.after.span.endOffset, newText: text });
      } else if (run.before) {
        const indent = multiLine ? this.scan.linePrefix(run.before.span.startOffset) : lineIndent;
        const text = run.items.map((item) => this.print(item, indent) + (multiLine ? `,${this.eol}${indent}` : ', ')).join('');
        edits.push({ startOffset: run.before.span.startOffset, endOffset: run.before.span.startOffset, newText: text });
      }
    }
    return edits;
  }
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/**
 * Edits replacing [start, end) of `text` with `replacement`, cut down to what differs: the common
 * beginning and end are left alone, and what remains is split by a diff of tokens (words, runs
 * of whitespace, single characters) when it is small enough for that to be cheap.
 */
export function minimalEdits(text: string, start: number, end: number, replacement: string): TextEdit[] {
  const old = text.slice(start, end);
  if (old === replacement) return [];
  let { prefix, suffix } = commonEnds(old, replacement);
  // Never cut between the two halves of a surrogate pair.
  if (prefix > 0 && isHighSurrogate(old.charCodeAt(prefix - 1))) prefix--;
  if (suffix > 0 && isLowSurrogate(old.charCodeAt(old.length - suffix))) suffix--;
  const from = start + prefix;
  const oldMiddle = old.slice(prefix, old.length - suffix);
  const newMiddle = replacement.slice(prefix, replacement.length - suffix);
  return tokenDiff(oldMiddle, newMiddle).map((edit) => ({
    startOffset: from + edit.startOffset,
    endOffset: from + edit.endOffset,
    newText: edit.newText,
  }));
}

const TOKEN = /[A-Za-z0-9_]+|\s+|[^A-Za-z0-9_\s]/gu;
/** Above this many token pairs the diff is not worth its time: one edit is returned. */
const MAX_DIFF_CELLS = 40_000;

/** Edits (offsets into `old`) turning `old` into `replacement`, by a longest common token subsequence. */
function tokenDiff(old: string, replacement: string): TextEdit[] {
  const whole = [{ startOffset: 0, endOffset: old.length, newText: replacement }];
  const a = old.match(TOKEN) ?? [];
  const b = replacement.match(TOKEN) ?? [];
  if (a.length === 0 || b.length === 0 || (a.length + 1) * (b.length + 1) > MAX_DIFF_CELLS) return whole;
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const edits: TextEdit[] = [];
  let i = 0;
  let j = 0;
  let at = 0; // offset in `old` of a[i]
  let pending: TextEdit | undefined;
  const flush = (): void => {
    if (pending) edits.push(pending);
    pending = undefined;
  };
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      at += a[i].length;
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
      pending ??= { startOffset: at, endOffset: at, newText: '' };
      pending.newText += b[j];
      j++;
    } else {
      pending ??= { startOffset: at, endOffset: at, newText: '' };
      at += a[i].length;
      pending.endOffset = at;
      i++;
    }
  }
  flush();
  return edits;
}

/** The text of [start, end) with `edits` (which lie inside it) applied. */
function applyEdits(text: string, start: number, end: number, edits: readonly TextEdit[]): string {
  let out = '';
  let at = start;
  for (const edit of normalize(edits)) {
    out += text.slice(at, edit.startOffset) + edit.newText;
    at = edit.endOffset;
  }
  return out + text.slice(at, end);
}

/** Sorted by position (stable), with edits that touch merged so that none overlap or touch. */
function normalize(edits: readonly TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => a.startOffset - b.startOffset || a.endOffset - b.endOffset);
  const out: TextEdit[] = [];
  for (const edit of sorted) {
    const last = out[out.length - 1];
    if (last && edit.startOffset < last.endOffset) {
      throw new Error(`internal error: overlapping edits at ${last.startOffset}-${last.endOffset} and ${edit.startOffset}-${edit.endOffset}`);
    }
    if (last && edit.startOffset === last.endOffset) {
      out[out.length - 1] = { startOffset: last.startOffset, endOffset: edit.endOffset, newText: last.newText + edit.newText };
    } else {
      out.push({ ...edit });
    }
  }
  return out;
}
