// Stable node ids (docs/LANGUAGE.md "Node identity"). After a reparse the new AST is matched
// against the previous one, role by role from the root: a node of the same type in the same role of
// a matched parent, found by its text, then by its name, then by its place among siblings of its
// type, keeps the old id. Whatever is left gets a fresh id. A new document's nodes get theirs from
// the converter as they are made (convert.ts), in the same pre-order, without a walk of their own.
import { ROLES, nodeName, type Node } from '../ast/ast';

export class IdAllocator {
  /** @param prefix `node_` for buffers; source parsed for an answer, not a buffer, says so (`parsed_`). */
  constructor(
    private next = 1,
    private readonly prefix = 'node_',
  ) {}

  fresh(): string {
    return `${this.prefix}${this.next++}`;
  }

  /** Never hands out an id at or below one already in use (ids from a mutation, say). */
  reserve(id: string): void {
    const n = Number(id.startsWith(this.prefix) ? id.slice(this.prefix.length) : NaN);
    if (Number.isInteger(n) && n >= this.next) this.next = n + 1;
  }
}

export interface MatchSource {
  root: Node;
  /** The text the old nodes' spans point into, for matching unchanged nodes by their text. */
  text: string;
}

/**
 * Called for each node that receives its id (not for reused subtrees, whose ids stay), with the id
 * it had before (undefined for a new node).
 */
export type IdVisitor = (node: Node, parent: Node | undefined, previousId: string | undefined) => void;

/**
 * Gives every node of `root` an id: kept from `previous` where the node survived, else fresh.
 * `visit` sees each node as it gets its id, so the caller can index them in the same walk.
 */
export function assignIds(root: Node, text: string, ids: IdAllocator, previous: MatchSource, visit: IdVisitor): void {
  const matcher = new Matcher(text, previous.text, ids, visit);
  if (previous.root.type === root.type) matcher.match(previous.root, root, undefined);
  else matcher.fresh(root, undefined);
}

type Record_ = Record<string, unknown>;

class Matcher {
  constructor(
    private readonly newText: string,
    private readonly oldText: string,
    private readonly ids: IdAllocator,
    private readonly visit: IdVisitor,
  ) {}

  fresh(node: Node, parent: Node | undefined): void {
    const previousId = node.id as string | undefined;
    node.id = this.ids.fresh();
    this.visit(node, parent, previousId);
    const record = node as unknown as Record_;
    for (const role of ROLES[node.type]) {
      const value = record[role.name];
      if (role.list) for (const child of value as Node[]) this.fresh(child, node);
      else if (value) this.fresh(value as Node, node);
    }
  }

  match(old: Node, node: Node, parent: Node | undefined): void {
    if (old === node) return; // reused unchanged by the document: its ids are already right
    const previousId = node.id as string | undefined;
    node.id = old.id;
    this.ids.reserve(old.id);
    this.visit(node, parent, previousId);
    const oldRecord = old as unknown as Record_;
    const record = node as unknown as Record_;
    for (const role of ROLES[node.type]) {
      const oldValue = oldRecord[role.name];
      const value = record[role.name];
      if (role.list) {
        this.matchList((oldValue as Node[] | undefined) ?? [], value as Node[], node);
      } else if (value) {
        const oldNode = oldValue as Node | null | undefined;
        if (oldNode && oldNode.type === (value as Node).type) this.match(oldNode, value as Node, node);
        else this.fresh(value as Node, node);
      }
    }
  }

  private oldSource(node: Node): string | undefined {
    const { startOffset, endOffset } = node.span;
    return startOffset >= 0 && endOffset <= this.oldText.length ? this.oldText.slice(startOffset, endOffset) : undefined;
  }

  private newSource(node: Node): string {
    return this.newText.slice(node.span.startOffset, node.span.endOffset);
  }

  private matchList(olds: Node[], nodes: Node[], parent: Node): void {
    const pairs = new Map<Node, Node>(); // new -> old
    const used = new Set<Node>();
    const pair = (old: Node, node: Node) => {
      pairs.set(node, old);
      used.add(old);
    };

    const same = (old: Node, node: Node): boolean =>
      old === node ||
      (!used.has(old) && !pairs.has(node) && old.type === node.type && this.oldSource(old) === this.newSource(node));

    // 0. Nodes the document reused as they were (same objects). Their spans already point into
    //    the new text, so they must never be compared by text.
    const reused = new Set(nodes);
    for (const old of olds) if (reused.has(old)) pair(old, old);

    // 1. Unchanged runs at both ends: the common case of an edit somewhere in the middle.
    let head = 0;
    while (head < olds.length && head < nodes.length && same(olds[head], nodes[head])) {
      pair(olds[head], nodes[head]);
      head++;
    }
    let oldTail = olds.length - 1;
    let tail = nodes.length - 1;
    while (oldTail >= head && tail >= head && same(olds[oldTail], nodes[tail])) {
      pair(olds[oldTail], nodes[tail]);
      oldTail--;
      tail--;
    }

    const restOld = olds.slice(head, oldTail + 1);
    const rest = nodes.slice(head, tail + 1);
    if (rest.length > 0 && restOld.length > 0) {
      // 2. Nodes whose text is unchanged (moved, or beside an insertion).
      const byText = new Map<string, Node[]>();
      for (const old of restOld) {
        if (used.has(old)) continue;
        const source = this.oldSource(old);
        if (source === undefined) continue;
        const key = `${old.type}\u0000${source}`;
        const list = byText.get(key);
        if (list) list.push(old);
        else byText.set(key, [old]);
      }
      for (const node of rest) {
        if (pairs.has(node)) continue;
        const candidates = byText.get(`${node.type}\u0000${this.newSource(node)}`);
        const old = candidates?.find((c) => !used.has(c));
        if (old) pair(old, node);
      }

      // 3. Nodes known by a name (declarations, parameters, fields…): same type and name.
      const byName = new Map<string, Node[]>();
      for (const old of restOld) {
        if (used.has(old)) continue;
        const name = nodeName(old);
        if (name === undefined) continue;
        const key = `${old.type}\u0000${name}`;
        const list = byName.get(key);
        if (list) list.push(old);
        else byName.set(key, [old]);
      }
      for (const node of rest) {
        if (pairs.has(node)) continue;
        const name = nodeName(node);
        if (name === undefined) continue;
        const old = byName.get(`${node.type}\u0000${name}`)?.find((c) => !used.has(c));
        if (old) pair(old, node);
      }

      // 4. What is left, by type in order, between the nodes already matched: an edited
      //    statement keeps its id when its neighbours anchor it.
      const oldIndex = new Map(restOld.map((old, i) => [old, i]));
      let cursor = 0;
      for (const node of rest) {
        const anchor = pairs.get(node);
        if (anchor) {
          cursor = Math.max(cursor, (oldIndex.get(anchor) ?? -1) + 1);
          continue;
        }
        while (cursor < restOld.length && used.has(restOld[cursor])) cursor++;
        const old = restOld[cursor];
        if (old && old.type === node.type) {
          pair(old, node);
          cursor++;
        }
      }
    }

    for (const node of nodes) {
      const old = pairs.get(node);
      if (old) this.match(old, node, parent);
      else this.fresh(node, parent);
    }
  }
}

