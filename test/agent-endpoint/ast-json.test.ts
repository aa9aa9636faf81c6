// getAST and getNode answered from the JSON kept of earlier answers (server/src/agent/ast-json/ast-json.ts),
// over a real WebSocket: after any sequence of edits (text edits as the editor sends them, and
// agent mutations matched against the AST the mutation engine expected) the answer is what a
// fresh serialisation of the buffer's AST gives; an edit inside one function writes that function
// again and nothing else; the kept bytes are bounded and released when a buffer closes.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { astJsonOf, AstJsonCache } from '../../server/src/agent/ast-json/ast-json';
import { startAgentEndpoint, type AgentEndpoint } from '../../server/src/endpoint/endpoint';
import { webSocketTransport } from '../../server/src/websocket/websocket-transport';
import { walk, type Node, type Program, type Span } from '../../server/src/core/ast';
import { Workspace } from '../../server/src/workspace/workspace';
import { agentFixture, type AgentFixture } from '../helpers/agent';
import { AgentClient, type LockFile } from './serve-harness';

function unit(n: number): string {
  return [
    `@performance(memoize, reason: "hot ${n}", confidence: 0.7)`,
    `fn total${n}(items: list<number>, rate: number = 0.2): number {`,
    '  let sum = 0;',
    '  for item in items {',
    '    sum = sum + item * 2;',
    '  }',
    '  return sum * (1 + rate);',
    '}',
    '',
    `print(total${n}([1, 2, 3]));`,
    '',
  ].join('\n');
}
const SOURCE = Array.from({ length: 6 }, (_, n) => unit(n)).join('\n');

interface AstAnswer {
  ast: Program;
  annotationCount: number;
  diagnostics: unknown[];
  uri: string;
  revision: number;
}

type Edit =
  | { kind: 'insert'; at: number; snippet: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'digit'; occurrence: number; digit: string }
  | { kind: 'rename'; index: number; name: string };

const SNIPPETS = ['x', ';', '\n', '{', '}', 'let y = 1;\n', 'fn f() {}\n', '@', '// note\n', '"', 'total0(', '  '];

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), snippet: fc.constantFrom(...SNIPPETS) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('digit' as const), occurrence: fc.nat(), digit: fc.constantFrom('0', '5', '9') }),
  fc.record({ kind: fc.constant('rename' as const), index: fc.nat(), name: fc.constantFrom('sumA', 'sumB', 'longerName') }),
);

function annotations(root: Node): number {
  let count = 0;
  walk(root, (node) => {
    if (node.type === 'Annotation') count++;
  });
  return count;
}

describe('getAST and getNode from kept JSON, over a real WebSocket', () => {
  let f: AgentFixture;
  let endpoint: AgentEndpoint;
  let client: AgentClient;
  let lockDir: string;

  before(async () => {
    f = await agentFixture({ 'main.wst': SOURCE });
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-ast-json-'));
    endpoint = await startAgentEndpoint({ host: f.host, port: 0, lockDir, transports: [webSocketTransport()] });
    client = await AgentClient.connect({ port: endpoint.port, lock: { token: endpoint.token } as LockFile });
    await client.request('setAgentRole', { role: 'refactor' });
  });
  after(async () => {
    await client.close();
    await endpoint.close();
    f.dispose();
    rmSync(lockDir, { recursive: true, force: true });
  });

  const buffer = () => f.workspace.get(f.uri('main.wst'))!;

  /** Applies one edit: a text edit as the editor sends it, or an agent's rename through applyMutation. */
  async function apply(edit: Edit): Promise<void> {
    const text = buffer().text;
    if (edit.kind === 'rename') {
      const functions = buffer().document.ast.children.filter((node) => node.type === 'FunctionDeclaration');
      if (functions.length === 0) return;
      const target = functions[edit.index % functions.length];
      await client.call('applyMutation', { type: 'setProperty', nodeId: target.id, property: 'name', value: edit.name });
      return;
    }
    let change: { startOffset: number; endOffset: number; newText: string };
    if (edit.kind === 'insert') {
      const at = edit.at % (text.length + 1);
      change = { startOffset: at, endOffset: at, newText: edit.snippet };
    } else if (edit.kind === 'delete') {
      const at = edit.at % Math.max(1, text.length);
      change = { startOffset: at, endOffset: Math.min(text.length, at + edit.length), newText: '' };
    } else {
      const digits = [...text.matchAll(/[0-9]/g)];
      if (digits.length === 0) return;
      const at = digits[edit.occurrence % digits.length].index ?? 0;
      change = { startOffset: at, endOffset: at + 1, newText: edit.digit };
    }
    f.workspace.edit(f.uri('main.wst'), [change]);
  }

  it('after random edits, getAST equals a fresh serialisation of the buffer, and getNode of each declaration its JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editArbitrary, { minLength: 1, maxLength: 8 }), async (edits) => {
        f.workspace.open(f.uri('main.wst'), SOURCE);
        await client.request('getAST');
        for (const edit of edits) {
          await apply(edit);
          const answer = await client.request<AstAnswer>('getAST');
          const current = buffer();
          assert.deepEqual(answer.ast, JSON.parse(JSON.stringify(current.document.ast)), `after ${JSON.stringify(edit)}`);
          assert.equal(answer.annotationCount, annotations(current.document.ast));
          assert.deepEqual(answer.diagnostics, JSON.parse(JSON.stringify(current.diagnostics())));
          assert.equal(answer.revision, current.revision);
          // Byte for byte what JSON.stringify writes (asked again, the kept slices are what was sent).
          assert.equal(Buffer.concat(astJsonOf(f.host).ast(current).slices).toString('utf8'), JSON.stringify(current.document.ast));
          const item = current.document.ast.children[edits.length % Math.max(1, current.document.ast.children.length)];
          if (item) {
            const node = await client.request<{ node: unknown; truncated: boolean }>('getNode', { nodeId: item.id, depth: 1000 });
            assert.equal(node.truncated, false);
            assert.deepEqual(node.node, JSON.parse(JSON.stringify(item)));
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('an edit inside one function changes that function’s JSON only, and only it is written again', async () => {
    f.workspace.open(f.uri('main.wst'), SOURCE);
    const cache = astJsonOf(f.host);
    const before = await client.request<AstAnswer>('getAST');
    const text = buffer().text;
    const at = text.indexOf('item * 2', text.indexOf('fn total3')) + 'item * '.length;
    f.workspace.edit(f.uri('main.wst'), [{ startOffset: at, endOffset: at + 1, newText: '7' }]);
    const written = cache.counts.written;
    const after = await client.request<AstAnswer>('getAST');
    assert.equal(cache.counts.written - written, 1, 'only the edited function was serialised again');
    const changed = after.ast.children.filter((item, index) => JSON.stringify(item) !== JSON.stringify(before.ast.children[index]));
    assert.deepEqual(
      changed.map((item) => ('name' in item ? item.name : item.type)),
      ['total3'],
    );
    const again = cache.counts.written;
    assert.deepEqual(await client.request<AstAnswer>('getAST'), after, 'asked again, the same answer');
    assert.equal(cache.counts.written, again, 'an unchanged buffer is answered from what was kept');
  });

  it('an inserted character moves the items after it: they are shifted, not serialised, and the bytes are a fresh serialisation', async () => {
    f.workspace.open(f.uri('main.wst'), SOURCE);
    const cache = astJsonOf(f.host);
    await client.request<AstAnswer>('getAST');
    const text = buffer().text;
    const at = text.indexOf('let sum', text.indexOf('fn total2'));
    f.workspace.edit(f.uri('main.wst'), [{ startOffset: at, endOffset: at, newText: '\n ' }]);
    const { written, shifted } = cache.counts;
    const after = await client.request<AstAnswer>('getAST');
    assert.deepEqual(after.ast, JSON.parse(JSON.stringify(buffer().document.ast)));
    assert.equal(Buffer.concat(cache.ast(buffer()).slices).toString('utf8'), JSON.stringify(buffer().document.ast));
    assert.equal(cache.counts.written - written, 1, 'only the edited function was serialised');
    const moved = buffer().document.ast.children.length - buffer().document.ast.children.findIndex((item) => item.span.startOffset > at);
    assert.equal(cache.counts.shifted - shifted, moved, 'every item after the edit was shifted');
  });

  it('edits that move items in every way the cache tells apart give a fresh serialisation’s bytes', async () => {
    const cache = astJsonOf(f.host);
    const same = async (why: string): Promise<void> => {
      const answer = await client.request<AstAnswer>('getAST');
      assert.deepEqual(answer.ast, JSON.parse(JSON.stringify(buffer().document.ast)), why);
      assert.equal(Buffer.concat(cache.ast(buffer()).slices).toString('utf8'), JSON.stringify(buffer().document.ast), why);
    };
    const edit = async (find: string, from: number, length: number, newText: string, why: string): Promise<void> => {
      const at = buffer().text.indexOf(find) + from;
      f.workspace.edit(f.uri('main.wst'), [{ startOffset: at, endOffset: at + length, newText }]);
      await same(why);
    };
    f.workspace.open(f.uri('main.wst'), `${SOURCE}\n \nprint(1); print(2); print(3);\n`);
    await same('opened');
    // Items after it keep their offsets but go one line down (same length, one more line).
    await edit('let sum = 0;', 3, 1, '\n', 'a space became a newline');
    // The item after the edit on its line moves its columns: it is written again, not shifted.
    await edit('print(1);', 6, 1, '10', 'a longer number on a line with other items');
    // A whole item replaced by a comment of the same length: the items around it stay, a gap between.
    const call = 'print(total2([1, 2, 3]));';
    await edit(call, 0, call.length, `//${' '.repeat(call.length - 2)}`, 'an item became a comment');
    // Every offset after a long insertion gains digits: too many to shift, those items are written again.
    const { written } = cache.counts;
    await edit('fn total1', 0, 0, `// ${'long '.repeat(2000)}\n`, 'a long comment inserted');
    assert.ok(cache.counts.written - written > 2, 'items whose numbers all grew were serialised');
    // " \n" before the line becoming "\n ": the items after the first on that line keep their
    // offsets and lines but not their columns.
    const at = buffer().text.indexOf(' \nprint(10);');
    f.workspace.edit(f.uri('main.wst'), [{ startOffset: at, endOffset: at + 2, newText: '\n ' }]);
    await same('a line break moved before an item on the same line');
  });

  it('an item whose spans are not of the shape the shift knows is serialised again when it moves', async () => {
    f.workspace.open(f.uri('main.wst'), SOURCE);
    const cache = astJsonOf(f.host);
    // As if spans were built with their fields in another order: the same values, another text.
    const last = buffer().document.ast.children[buffer().document.ast.children.length - 1];
    walk(last, (node) => {
      const span = node.span;
      Object.defineProperty(span, 'toJSON', { value: (): Span => ({ end: span.end, start: span.start, startOffset: span.startOffset, endOffset: span.endOffset }) });
    });
    await client.request<AstAnswer>('getAST');
    const { written } = cache.counts;
    f.workspace.edit(f.uri('main.wst'), [{ startOffset: 0, endOffset: 0, newText: ' ' }]);
    await client.request<AstAnswer>('getAST');
    assert.ok(cache.counts.written - written >= 2, 'the first item (edited) and the last (not shiftable) were serialised');
    assert.equal(Buffer.concat(cache.ast(buffer()).slices).toString('utf8'), JSON.stringify(buffer().document.ast));
  });

  it('an edit matched against an expected AST that renames ids inside an untouched item writes that item again', async () => {
    f.workspace.open(f.uri('main.wst'), SOURCE);
    const cache = astJsonOf(f.host);
    await client.request<AstAnswer>('getAST');
    const text = buffer().text;
    const at = text.indexOf('item * 2', text.indexOf('fn total1')) + 'item * '.length;
    const expected = JSON.parse(JSON.stringify(buffer().document.ast)) as Program;
    const last = expected.children[expected.children.length - 1];
    last.id = 'node_renamed_by_the_match';
    f.workspace.edit(f.uri('main.wst'), [{ startOffset: at, endOffset: at + 1, newText: '7' }], { expected, expectedText: text.slice(0, at) + '7' + text.slice(at + 1) });
    const document = buffer().document;
    const item = document.ast.children[document.ast.children.length - 1];
    assert.equal(item.id, 'node_renamed_by_the_match', 'the untouched last item took the id the expected AST gives it');
    assert.ok(document.itemVersion(item) > 0);
    const after = await client.request<AstAnswer>('getAST');
    assert.equal(after.ast.children[after.ast.children.length - 1].id, 'node_renamed_by_the_match');
    assert.equal(Buffer.concat(cache.ast(buffer()).slices).toString('utf8'), JSON.stringify(document.ast));
  });

  it('an agent rename through applyMutation writes only the renamed function again', async () => {
    f.workspace.open(f.uri('main.wst'), SOURCE);
    const cache = astJsonOf(f.host);
    const before = await client.request<AstAnswer>('getAST');
    const target = before.ast.children.find((node) => node.type === 'FunctionDeclaration' && node.name === 'total2')!;
    await client.request('applyMutation', { type: 'setProperty', nodeId: target.id, property: 'name', value: 'totalX' });
    const written = cache.counts.written;
    const after = await client.request<AstAnswer>('getAST');
    assert.deepEqual(after.ast, JSON.parse(JSON.stringify(buffer().document.ast)));
    assert.ok(cache.counts.written - written <= 2, 'the renamed function (and at most the call that names it), not the whole file');
  });
});

describe('the kept AST JSON is bounded', () => {
  it('keeps at most its byte budget, least recently asked dropped first, and forgets a closed buffer', async () => {
    const f = await agentFixture({ 'a.wst': SOURCE, 'b.wst': SOURCE + SOURCE });
    try {
      const workspace: Workspace = f.workspace;
      const a = workspace.get(f.uri('a.wst'))!;
      const b = workspace.get(f.uri('b.wst'))!;
      const sizeA = Buffer.byteLength(JSON.stringify(a.document.ast));
      const sizeB = Buffer.byteLength(JSON.stringify(b.document.ast));
      const cache = new AstJsonCache(workspace, sizeB + sizeA / 2);
      assert.equal(JSON.stringify(JSON.parse(Buffer.concat(cache.ast(a).slices).toString('utf8'))), JSON.stringify(a.document.ast));
      // What is kept is the items' JSON (the program's own few bytes around it are written per answer).
      assert.ok(cache.keptBytes > sizeA - 200 && cache.keptBytes <= sizeA, `kept ${cache.keptBytes} of ${sizeA}`);
      const keptA = cache.keptBytes;
      cache.ast(b);
      assert.ok(cache.keptBytes > sizeB - 200 && cache.keptBytes <= sizeB, 'a was dropped to make room for b');
      const written = cache.counts.written;
      cache.ast(a);
      assert.equal(cache.counts.written - written, a.document.ast.children.length, 'a was written again, b dropped for it');
      assert.equal(cache.keptBytes, keptA);
      const small = new AstJsonCache(workspace, keptA - 1);
      assert.equal(Buffer.concat(small.ast(a).slices).toString('utf8'), JSON.stringify(a.document.ast), 'too large to keep, still answered');
      assert.equal(small.keptBytes, 0);
      workspace.close(f.uri('a.wst'));
      assert.equal(cache.keptBytes, 0, 'closing the buffer released its JSON');
    } finally {
      f.dispose();
    }
  });
});
