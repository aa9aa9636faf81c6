// Which node each comment belongs to, so the printer can keep every comment when it re-prints
// text. A comment lands in one slot:
//   leading   own lines before an item of a list (a statement, a declaration, a parameter…)
//   trailing  after an item, on the line where the item ends
//   dangling  inside a list after its last item (before `}`, at the end of the file…)
//   header    inside a statement or declaration but in none of its lists (after its annotations,
//             in an expression, between `}` and `else`): printed on the lines just above it
//   verbatim  inside an ErrorNode, whose text is printed as it is
// The slot is found from node spans alone, plus the source text to locate list brackets.
import { ROLES, type Node } from '../ast/ast';
import { childEntries, type ChildEntry } from '../ast/ast-index';
import { annotationsOf, COMMA_LIST_ROLE, headerStart, LINE_LIST_ROLE, listBrackets, listItems } from './layout';
import { SourceScanner, type SourceComment } from './source-scan';

export type CommentSlot = 'leading' | 'trailing' | 'header' | 'dangling' | 'verbatim';

export interface CommentOwner {
  nodeId: string;
  slot: CommentSlot;
  /** The list role, for dangling comments. */
  role?: string;
}

const NONE: readonly SourceComment[] = [];

/** The comments of a tree sorted into slots, looked up by node id. */
export class CommentPlacement {
  private readonly slots = new Map<string, SourceComment[]>();
  readonly owners = new Map<SourceComment, CommentOwner>();

  add(comment: SourceComment, owner: CommentOwner): void {
    this.owners.set(comment, owner);
    const key = slotKey(owner.nodeId, owner.slot, owner.role);
    const list = this.slots.get(key);
    if (list) list.push(comment);
    else this.slots.set(key, [comment]);
  }

  leading(id: string): readonly SourceComment[] {
    return this.slots.get(slotKey(id, 'leading')) ?? NONE;
  }

  trailing(id: string): readonly SourceComment[] {
    return this.slots.get(slotKey(id, 'trailing')) ?? NONE;
  }

  header(id: string): readonly SourceComment[] {
    return this.slots.get(slotKey(id, 'header')) ?? NONE;
  }

  dangling(id: string, role: string): readonly SourceComment[] {
    return this.slots.get(slotKey(id, 'dangling', role)) ?? NONE;
  }
}

function slotKey(id: string, slot: CommentSlot, role?: string): string {
  return role ? `${slot}:${role}:${id}` : `${slot}:${id}`;
}

/** The number of leading items of a sorted list for which `before` holds (binary search). */
function countWhile<T>(items: readonly T[], before: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (before(items[mid])) low = mid + 1;
    else high = mid;
  }
  return low;
}

const isStatementLike = (node: Node): boolean =>
  node.type !== 'Program' && ROLES[node.type].some((role) => role.name === 'annotations');

/**
 * Sorts `comments` into the slots of the tree under `root`. `source` is the text the spans point
 * into; without it comments before the first or after the last item of a bracketed list are
 * taken to be outside the list. Each comment is placed on its own, so placing a few of a
 * document's comments gives them the slots they have among all of them.
 */
export function placeComments(root: Node, comments: readonly SourceComment[], source?: string): CommentPlacement {
  const placement = new CommentPlacement();
  if (comments.length === 0) return placement;
  const placer = new Placer(placement, source === undefined ? undefined : new SourceScanner(source, comments), root);
  const sorted = [...comments].sort((a, b) => a.span.startOffset - b.span.startOffset);
  const rootIsLineItem = isStatementLike(root) || root.type === 'ImportDeclaration';
  for (const comment of sorted) placer.place(comment, root, rootIsLineItem ? root : null, rootIsLineItem);
  return placement;
}

class Placer {
  private readonly entries = new Map<Node, ChildEntry[]>();

  constructor(
    private readonly placement: CommentPlacement,
    private readonly scan: SourceScanner | undefined,
    private readonly root: Node,
  ) {}

  private entriesOf(node: Node): ChildEntry[] {
    let found = this.entries.get(node);
    if (!found) {
      found = childEntries(node);
      this.entries.set(node, found);
    }
    return found;
  }

  /** The child whose text contains the comment (siblings do not overlap). */
  private childContaining(node: Node, comment: SourceComment): ChildEntry | undefined {
    const { startOffset: start, endOffset: end } = comment.span;
    const entries = this.entriesOf(node);
    // Step back from the last child starting at or before the comment, past zero-width ones.
    for (let k = countWhile(entries, (e) => e.node.span.startOffset <= start) - 1; k >= 0; k--) {
      const span = entries[k].node.span;
      if (span.endOffset > span.startOffset) return span.endOffset >= end ? entries[k] : undefined;
    }
    return undefined;
  }

  place(comment: SourceComment, node: Node, lineItem: Node | null, isLineItem: boolean): void {
    const { startOffset: start, endOffset: end } = comment.span;
    const inside = this.childContaining(node, comment);
    if (inside) {
      if (inside.node.type === 'ErrorNode') {
        this.placement.add(comment, { nodeId: inside.node.id, slot: 'verbatim' });
        return;
      }
      const childIsLineItem = LINE_LIST_ROLE[node.type] === inside.role;
      this.place(comment, inside.node, childIsLineItem ? inside.node : lineItem, childIsLineItem);
      return;
    }

    const lineRole = LINE_LIST_ROLE[node.type];
    if (lineRole) {
      this.placeInList(comment, node, lineRole);
      return;
    }
    const commaRole = COMMA_LIST_ROLE[node.type];
    if (commaRole && this.inCommaList(node, commaRole, comment)) {
      this.placeInList(comment, node, commaRole);
      return;
    }

    // Between or after annotations (but before the declaration's own text: see headerStart).
    const annotations = annotationsOf(node);
    if (annotations.length > 0 && (!this.scan || start < headerStart(node, this.scan))) {
      const before = countWhile(annotations, (a) => a.span.endOffset <= start);
      const previous = annotations[before - 1];
      const next = annotations.find((a) => a.span.startOffset >= end);
      if (previous && previous.span.end.line === comment.span.start.line) {
        this.placement.add(comment, { nodeId: previous.id, slot: 'trailing' });
        return;
      }
      if (next) {
        this.placement.add(comment, { nodeId: next.id, slot: 'leading' });
        return;
      }
    }
    const owner = isLineItem ? node : (lineItem ?? this.root);
    this.placement.add(comment, { nodeId: owner.id, slot: 'header' });
  }

  private inCommaList(node: Node, role: string, comment: SourceComment): boolean {
    const { startOffset: start, endOffset: end } = comment.span;
    if (this.scan) {
      const brackets = listBrackets(node, this.scan);
      return brackets !== undefined && brackets.open < start && end <= brackets.close;
    }
    if (node.type === 'ArrayLiteral' || node.type === 'ObjectLiteral') return true;
    const items = listItems(node, role);
    return items.length > 0 && items[0].span.startOffset <= start && end <= items[items.length - 1].span.endOffset;
  }

  private placeInList(comment: SourceComment, node: Node, role: string): void {
    const items = listItems(node, role);
    const { startOffset: start, endOffset: end } = comment.span;
    const previous = items[countWhile(items, (item) => item.span.endOffset <= start) - 1];
    const next = items[countWhile(items, (item) => item.span.startOffset < end)];
    if (previous && previous.span.end.line === comment.span.start.line) {
      this.placement.add(comment, { nodeId: previous.id, slot: 'trailing' });
    } else if (next) {
      this.placement.add(comment, { nodeId: next.id, slot: 'leading' });
    } else {
      this.placement.add(comment, { nodeId: node.id, slot: 'dangling', role });
    }
  }
}
