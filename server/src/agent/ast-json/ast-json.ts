// The JSON of buffers' ASTs, kept between answers so getAST and getNode cost about what sending
// the bytes costs. Each top-level item's JSON is kept with what makes it still true: the item's
// object, its start position and its version (WhetstoneDocument.itemVersion). An edit converts
// again only the items it touched, so only those are serialised again. Items that only moved (an
// edit before them changed the text's length or line count) are not serialised again either:
// their kept JSON is copied with their spans' numbers shifted (span-json.ts).
//
// An answer is a few slices rather than one buffer: each run of items kept from earlier answers is
// sent from where it lies, so after an edit the new bytes are the edited item and what moved, not
// a copy of the whole file. An unchanged buffer is answered from the same slices again.
//
// Bounded: at most MAX_AST_JSON_BYTES for all buffers together (least recently asked dropped
// first; a single AST larger than that is answered without being kept), counting every buffer the
// slices point into. When a buffer's slices grow many, or its kept buffers hold much more than its
// current JSON (the bytes of items replaced since), its JSON is copied into one buffer again. A
// buffer's entry goes when the buffer closes or its document is replaced.
import { childNodes, walk, type Diagnostic, type Node, type Program, type TopLevel } from '../../core/ast';
import type { SemanticModel } from '../../core/semantics';
import type { WhetstoneDocument } from '../../core/syntax';
import type { OpenBuffer } from '../../workspace/buffer';
import type { Workspace } from '../../workspace/workspace';
import type { AgentHost } from '../host';
import { perHost } from '../per-host';
import { JsonWriter, spanPositions, writeShifted } from './span-json';

/** What the kept AST JSON of all open buffers may add up to. */
export const MAX_AST_JSON_BYTES = 16 * 1024 * 1024;
/** Slices of one buffer's JSON before they are copied into one buffer again. */
export const MAX_SLICES = 64;
/** How much more than its current JSON a buffer's kept buffers may hold before it is copied into one. */
const MAX_KEPT_OVER_LIVE = 1.5;
/** The writer an answer's new item JSON goes into is kept for the next answer up to this size. */
const MAX_SCRATCH_BYTES = 4 * 1024 * 1024;

interface ItemJson {
  version: number;
  startOffset: number;
  line: number;
  column: number;
  /** The item's JSON is backing[at, at + length); the byte after it is a comma when another item follows there. */
  backing: Buffer;
  at: number;
  length: number;
  annotations: number;
  /** Where its spans start in its JSON (span-json.ts), found when it first moves; null when they are not of the shape it shifts. */
  spans?: Uint32Array | null;
  /** How deep the item's subtree goes (edges), computed when getNode first needs it. */
  height?: number;
}

interface BufferJson {
  document: WhetstoneDocument;
  ast: Program;
  /** The whole AST's JSON, in order. */
  slices: Buffer[];
  length: number;
  /** The buffers the slices point into: what keeping this costs. */
  kept: Set<Buffer>;
  annotationCount: number;
  items: Map<Node, ItemJson>;
  diagnostics?: { ast: Program; model: SemanticModel; json: Buffer };
}

/** The AST JSON of one answer: the whole tree's bytes (these slices, in order) and its annotation count. */
export interface AstJson {
  slices: Buffer[];
  length: number;
  annotationCount: number;
}

/** What the cache did for the items of the answers so far (what it saves shows here). */
export interface AstJsonCounts {
  /** Items serialised. */
  written: number;
  /** Items that moved, their kept JSON copied with the spans' numbers shifted. */
  shifted: number;
  /** Times a buffer's slices were copied into one buffer. */
  merged: number;
}

/** A run of the answer: bytes [from, to) of a kept buffer, or of this answer's writer. */
interface Run {
  backing: Buffer | undefined;
  from: number;
  to: number;
}

const COMMA = 0x2c;
const CLOSE = Buffer.from(']}', 'latin1');

export class AstJsonCache {
  /** By URI, least recently asked first. */
  private readonly buffers = new Map<string, BufferJson>();
  private bytes = 0;
  readonly counts: AstJsonCounts = { written: 0, shifted: 0, merged: 0 };
  /** Where each answer's new item JSON is written before it is kept. */
  private scratch = new JsonWriter(0);

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
    if (kept && kept.ast === ast) return { slices: kept.slices, length: kept.length, annotationCount: kept.annotationCount };

    const header = programHeader(ast);
    if (header === undefined) {
      const json = Buffer.from(JSON.stringify(ast), 'utf8');
      return { slices: [json], length: json.length, annotationCount: countAnnotations(ast) };
    }
    const items = new Map<Node, ItemJson>();
    // Items written or shifted now go into one writer, one after the other, commas between
    // neighbours; kept items stay where they are. Runs say which bytes make the answer, in order.
    const writer = this.scratch;
    writer.length = 0;
    const fresh: ItemJson[] = [];
    const runs: Run[] = [];
    let annotationCount = 0;
    let last: Run | undefined;
    for (const item of ast.children) {
      const previous = kept?.items.get(item);
      let entry = unchangedItem(previous, document, item);
      if (entry) {
        // Kept and in place: extend the run if it lies right after the previous item, comma between.
        if (last && last.backing === entry.backing && last.to + 1 === entry.at) last.to = entry.at + entry.length;
        else runs.push((last = { backing: entry.backing, from: entry.at, to: entry.at + entry.length }));
      } else {
        if (!last || last.backing !== undefined) {
          runs.push((last = { backing: undefined, from: writer.length, to: writer.length }));
        } else {
          writer.byte(COMMA);
        }
        entry = this.movedItem(writer, previous, document, item) ?? this.writtenItem(writer, document, item);
        fresh.push(entry);
        last.to = writer.length;
      }
      items.set(item, entry);
      annotationCount += entry.annotations;
    }
    // What was written now is kept in memory of its own size; the writer's stays for the next answer
    // (memory written before costs less to write again than new memory), unless it grew large.
    const written = copyOf(writer.bytes.subarray(0, writer.length));
    if (writer.bytes.length > MAX_SCRATCH_BYTES) this.scratch = new JsonWriter(0);
    for (const entry of fresh) entry.backing = written;
    const slices: Buffer[] = [header];
    runs.forEach((run, index) => {
      if (index > 0) slices.push(COMMA_SLICE);
      slices.push((run.backing ?? written).subarray(run.from, run.to));
    });
    slices.push(CLOSE);
    let entry: BufferJson = { document, ast, slices, length: 0, kept: new Set(), annotationCount, items, diagnostics: kept?.diagnostics };
    for (const slice of slices) entry.length += slice.length;
    for (const item of items.values()) entry.kept.add(item.backing);
    if (slices.length > MAX_SLICES || keptSize(entry.kept) > MAX_KEPT_OVER_LIVE * entry.length + 1024) entry = this.merged(entry, header);
    this.keep(buffer.uri, entry);
    return { slices: entry.slices, length: entry.length, annotationCount };
  }

  /**
   * The JSON of a top-level item whose whole subtree is no deeper than `depth`, if it is kept and
   * still true (getNode of a declaration); undefined otherwise.
   */
  item(buffer: OpenBuffer, node: Node, depth: number): Buffer | undefined {
    const kept = this.buffers.get(buffer.uri);
    if (!kept || kept.document !== buffer.document) return undefined;
    const entry = unchangedItem(kept.items.get(node), buffer.document, node as TopLevel);
    if (!entry) return undefined;
    entry.height ??= heightOf(node);
    return entry.height <= depth ? entry.backing.subarray(entry.at, entry.at + entry.length) : undefined;
  }

  /** The kept JSON of an item that only moved since, its spans shifted into `writer`; undefined if it changed otherwise. */
  private movedItem(writer: JsonWriter, previous: ItemJson | undefined, document: WhetstoneDocument, item: TopLevel): ItemJson | undefined {
    if (!previous || previous.version !== document.itemVersion(item) || previous.column !== item.span.start.column) return undefined;
    const json = previous.backing.subarray(previous.at, previous.at + previous.length);
    if (previous.spans === undefined) previous.spans = spanPositions(json) ?? null;
    if (previous.spans === null) return undefined;
    const at = writer.length;
    const spans = writeShifted(writer, json, previous.spans, item.span.startOffset - previous.startOffset, item.span.start.line - previous.line);
    if (!spans) return undefined;
    this.counts.shifted++;
    return { ...previous, ...startOf(item), backing: writer.bytes, at, length: writer.length - at, spans };
  }

  private writtenItem(writer: JsonWriter, document: WhetstoneDocument, item: TopLevel): ItemJson {
    const json = Buffer.from(JSON.stringify(item), 'utf8');
    const at = writer.length;
    writer.write(json);
    this.counts.written++;
    return { version: document.itemVersion(item), ...startOf(item), backing: writer.bytes, at, length: json.length, annotations: countAnnotations(item) };
  }

  /** The entry with its JSON copied into one buffer, its items pointing into it. */
  private merged(entry: BufferJson, header: Buffer): BufferJson {
    this.counts.merged++;
    const whole = Buffer.allocUnsafeSlow(entry.length);
    let at = 0;
    for (const slice of entry.slices) at += slice.copy(whole, at);
    at = header.length;
    for (const item of entry.items.values()) {
      // The items lie in order, a comma after each: the same text the slices made.
      item.backing = whole;
      item.at = at;
      at += item.length + 1;
    }
    return { ...entry, slices: [whole], kept: new Set([whole]) };
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
  return keptSize(entry.kept) + (entry.diagnostics?.json.length ?? 0);
}

/** The memory the buffers hold (a slice holds all of the memory it is a view of). */
function keptSize(kept: Set<Buffer>): number {
  const memory = new Set<ArrayBufferLike>();
  let size = 0;
  for (const buffer of kept) {
    if (memory.has(buffer.buffer)) continue;
    memory.add(buffer.buffer);
    size += buffer.buffer.byteLength;
  }
  return size;
}

const COMMA_SLICE = Buffer.from(',', 'latin1');

function startOf(item: TopLevel): { startOffset: number; line: number; column: number } {
  return { startOffset: item.span.startOffset, line: item.span.start.line, column: item.span.start.column };
}

/** The kept JSON of an item if the item is still as it was when written, where it was. */
function unchangedItem(entry: ItemJson | undefined, document: WhetstoneDocument, item: TopLevel): ItemJson | undefined {
  if (!entry) return undefined;
  const span = item.span;
  const valid =
    entry.version === document.itemVersion(item) &&
    entry.startOffset === span.startOffset &&
    entry.line === span.start.line &&
    entry.column === span.start.column;
  return valid ? entry : undefined;
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

/** A copy in memory of its own (not the shared pool small buffers come from). */
function copyOf(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}
