// The JSON of buffers' ASTs, kept between answers so getAST and getNode cost about what sending
// the bytes costs. Each top-level item's JSON is kept with what makes it still true: the item's
// object, its start position and its version (WhetstoneDocument.itemVersion). An edit converts
// again only the items it touched, so only those are serialised again; an unchanged buffer's
// whole AST is sent from one kept buffer. Items that moved (after an edit that changed the text's
// length) are serialised again too: their spans' numbers changed.
//
// Bounded: at most MAX_AST_JSON_BYTES for all buffers together (least recently asked dropped
// first; a single AST larger than that is answered without being kept), and a buffer's entry goes
// when the buffer closes or its document is replaced. Each item's JSON is a view into its buffer's
// whole AST JSON, so a buffer costs one copy of its AST's JSON.
import { childNodes, walk, type Diagnostic, type Node, type Program, type TopLevel } from '../core/ast';
import type { SemanticModel } from '../core/semantics';
import type { WhetstoneDocument } from '../core/syntax';
import type { OpenBuffer } from '../workspace/buffer';
import type { Workspace } from '../workspace/workspace';
import type { AgentHost } from './host';
import { perHost } from './per-host';

/** What the kept AST JSON of all open buffers may add up to. */
export const MAX_AST_JSON_BYTES = 16 * 1024 * 1024;

interface ItemJson {
  version: number;
  startOffset: number;
  line: number;
  column: number;
  json: Buffer;
  annotations: number;
  /** How deep the item's subtree goes (edges), computed when getNode first needs it. */
  height?: number;
}

interface BufferJson {
  document: WhetstoneDocument;
  ast: Program;
  whole: Buffer;
  annotationCount: number;
  items: Map<Node, ItemJson>;
  diagnostics?: { ast: Program; model: SemanticModel; json: Buffer };
}

/** The AST JSON of one answer: the whole tree's bytes and its annotation count. */
export interface AstJson {
  json: Buffer;
  annotationCount: number;
}

export class AstJsonCache {
  /** By URI, least recently asked first. */
  private readonly buffers = new Map<string, BufferJson>();
  private bytes = 0;
  /** How many top-level items were serialised rather than taken from what was kept (what the cache saves shows here). */
  itemsWritten = 0;

  constructor(
    workspace: Workspace,
    private readonly maxBytes = MAX_AST_JSON_BYTES,
  ) {
    workspace.onDidClose((uri) => this.drop(uri));
  }

  /** The bytes kept for all buffers (for tests and the docs' bound). */
  get keptBytes(): number {
    return this.bytes;
  }

  /** The JSON of the buffer's AST as JSON.stringify would write it, with the AST's annotation count. */
  ast(buffer: OpenBuffer): AstJson {
    const document = buffer.document;
    const ast = document.ast;
    const kept = this.touch(buffer.uri, document);
    if (kept && kept.ast === ast) return { json: kept.whole, annotationCount: kept.annotationCount };

    const header = programHeader(ast);
    if (header === undefined) return { json: Buffer.from(JSON.stringify(ast), 'utf8'), annotationCount: countAnnotations(ast) };
    const items = new Map<Node, ItemJson>();
    const written: Buffer[] = [];
    let annotationCount = 0;
    for (const item of ast.children) {
      let entry = validItem(kept?.items.get(item), document, item);
      if (!entry) {
        entry = serialiseItem(document, item);
        this.itemsWritten++;
      }
      items.set(item, entry);
      written.push(entry.json);
      annotationCount += entry.annotations;
    }
    const whole = assemble(header, written);
    // Each item's JSON now points into the new whole, so the previous whole can go.
    let at = header.length;
    for (const entry of items.values()) {
      const length = entry.json.length;
      entry.json = whole.subarray(at, at + length);
      at += length + 1;
    }
    this.keep(buffer.uri, { document, ast, whole, annotationCount, items, diagnostics: kept?.diagnostics });
    return { json: whole, annotationCount };
  }

  /**
   * The JSON of a top-level item whose whole subtree is no deeper than `depth`, if it is kept and
   * still true (getNode of a declaration); undefined otherwise.
   */
  item(buffer: OpenBuffer, node: Node, depth: number): Buffer | undefined {
    const kept = this.buffers.get(buffer.uri);
    if (!kept || kept.document !== buffer.document) return undefined;
    const entry = validItem(kept.items.get(node), buffer.document, node as TopLevel);
    if (!entry) return undefined;
    entry.height ??= heightOf(node);
    return entry.height <= depth ? entry.json : undefined;
  }

  /** The JSON of the buffer's diagnostics (`value`, which it is asked with), kept while its AST and analysis stay. */
  diagnostics(buffer: OpenBuffer, value: readonly Diagnostic[]): Buffer {
    const kept = this.buffers.get(buffer.uri);
    const ast = buffer.document.ast;
    const model = buffer.analysis();
    const current = kept && kept.document === buffer.document ? kept : undefined;
    if (current?.diagnostics?.ast === ast && current.diagnostics.model === model) return current.diagnostics.json;
    const json = Buffer.from(JSON.stringify(value), 'utf8');
    if (current && this.bytes + json.length <= this.maxBytes) {
      this.bytes += json.length - (current.diagnostics?.json.length ?? 0);
      current.diagnostics = { ast, model, json };
    }
    return json;
  }

  private touch(uri: string, document: WhetstoneDocument): BufferJson | undefined {
    const kept = this.buffers.get(uri);
    if (!kept) return undefined;
    if (kept.document !== document) {
      this.drop(uri);
      return undefined;
    }
    this.buffers.delete(uri);
    this.buffers.set(uri, kept);
    return kept;
  }

  private keep(uri: string, entry: BufferJson): void {
    this.drop(uri);
    const size = sizeOf(entry);
    if (size > this.maxBytes) return;
    for (const [other] of this.buffers) {
      if (this.bytes + size <= this.maxBytes) break;
      this.drop(other);
    }
    this.buffers.set(uri, entry);
    this.bytes += size;
  }

  private drop(uri: string): void {
    const kept = this.buffers.get(uri);
    if (!kept) return;
    this.buffers.delete(uri);
    this.bytes -= sizeOf(kept);
  }
}

/** The AST JSON cache of a host's workspace. */
export const astJsonOf = perHost((host: AgentHost) => new AstJsonCache(host.workspace));

function sizeOf(entry: BufferJson): number {
  return entry.whole.length + (entry.diagnostics?.json.length ?? 0);
}

/** The kept JSON of an item if the item is still as it was when written. */
function validItem(entry: ItemJson | undefined, document: WhetstoneDocument, item: TopLevel): ItemJson | undefined {
  if (!entry) return undefined;
  const span = item.span;
  const valid =
    entry.version === document.itemVersion(item) &&
    entry.startOffset === span.startOffset &&
    entry.line === span.start.line &&
    entry.column === span.start.column;
  return valid ? entry : undefined;
}

function serialiseItem(document: WhetstoneDocument, item: TopLevel): ItemJson {
  return {
    version: document.itemVersion(item),
    startOffset: item.span.startOffset,
    line: item.span.start.line,
    column: item.span.start.column,
    json: Buffer.from(JSON.stringify(item), 'utf8'),
    annotations: countAnnotations(item),
  };
}

/**
 * `{"type":"Program","id":…,"span":…,"children":[` as JSON.stringify writes the program, or
 * undefined if the program has other fields or another order (then it is written whole).
 */
function programHeader(ast: Program): Buffer | undefined {
  const keys = Object.keys(ast);
  if (keys.length !== 4 || keys[0] !== 'type' || keys[1] !== 'id' || keys[2] !== 'span' || keys[3] !== 'children') return undefined;
  return Buffer.from(`{"type":${JSON.stringify(ast.type)},"id":${JSON.stringify(ast.id)},"span":${JSON.stringify(ast.span)},"children":[`, 'utf8');
}

/** header, the items separated by commas, then `]}`: one buffer. */
function assemble(header: Buffer, items: readonly Buffer[]): Buffer {
  let length = header.length + 2 + Math.max(0, items.length - 1);
  for (const item of items) length += item.length;
  const whole = Buffer.allocUnsafeSlow(length);
  let at = header.copy(whole, 0);
  items.forEach((item, index) => {
    if (index > 0) at = whole.write(',', at, 'latin1') + at;
    at += item.copy(whole, at);
  });
  whole.write(']}', at, 'latin1');
  return whole;
}

function countAnnotations(root: Node): number {
  let count = 0;
  walk(root, (node) => {
    if (node.type === 'Annotation') count++;
  });
  return count;
}

function heightOf(node: Node): number {
  let height = 0;
  for (const child of childNodes(node)) height = Math.max(height, heightOf(child) + 1);
  return height;
}
