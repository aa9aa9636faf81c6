// The workspace index's model on the real file system: what a summary keeps of a file, the build
// on worker threads and on the server's own thread giving the same index, the search's matching
// and order, a deleted folder forgotten, and an open buffer speaking for its file.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { FileIndex, type BuildProgress } from '../../server/src/workspace/file-index';
import { summarizeText } from '../../server/src/workspace/file-summary';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { IdlePool } from '../../server/src/workspace/idle-pool';
import { Workspace } from '../../server/src/workspace/workspace';

const progress = (): BuildProgress & { counts: number[] } => {
  const counts: number[] = [];
  return { counts, found: (total) => counts.push(-total), indexed: (done) => counts.push(done), cancelled: () => false };
};

const problems = { skipped: () => undefined, error: (error: unknown) => assert.fail(String(error)) };

before(async () => {
  await loadGrammar();
});

describe('file summary', () => {
  it('keeps the top-level declarations with their signatures, fields and types as text, and the imports', () => {
    const summary = summarizeText(
      [
        'use money.{roundTo, parse};',
        'type Book { title: string, tags: list<string>, isbn: string? }',
        'const FEE: number = 0.25;',
        'let shelf = [];',
        'async fn lateFee(days: number, rate: number = FEE): number { let local = 1; return days * rate; }',
        'fn log(message) { print(message); }',
      ].join('\n'),
    );
    assert.deepEqual(summary.imports, [{ module: 'money', names: ['roundTo', 'parse'] }]);
    assert.deepEqual(
      summary.declarations.map((d) => [d.name, d.kind, d.detail]),
      [
        ['Book', 'type', '{ title: string, tags: list<string>, isbn: string? }'],
        ['FEE', 'constant', 'number'],
        ['shelf', 'variable', undefined],
        ['lateFee', 'function', 'async fn lateFee(days: number, rate: number = FEE): number'],
        ['log', 'function', 'fn log(message)'],
      ],
    );
    const lateFee = summary.declarations[3];
    assert.deepEqual(lateFee.nameSpan, { startLine: 5, startColumn: 9, endLine: 5, endColumn: 16 });
    assert.equal(lateFee.span.startLine, 5);
  });
});

describe('FileIndex', () => {
  let folder: string;
  const FILES = 80; // above the count from which the build uses worker threads

  before(() => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-file-index-')));
    mkdirSync(join(folder, 'shop'));
    for (let n = 0; n < FILES; n++) writeFileSync(join(folder, 'shop', `part${n}.wst`), `fn partTotal${n}(x: number): number { return x; }\ntype Part${n} { id: string }\n`);
    writeFileSync(join(folder, 'orders.wst'), 'fn orderTotal(): number { return 1; }\nfn order() {}\nfn totalOrders() {}\nfn otherThing() {}\n');
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('builds the same index on worker threads as on its own thread, reporting each file', async () => {
    const onWorkers = new FileIndex(new Workspace(), problems);
    const counted = progress();
    await onWorkers.build([{ path: folder, real: folder }], counted);
    const onThread = new FileIndex(new Workspace(), problems, { workers: false });
    await onThread.build([{ path: folder, real: folder }], progress());
    assert.equal(onWorkers.size, FILES + 1);
    assert.deepEqual(counted.counts, [-(FILES + 1), ...Array.from({ length: FILES + 1 }, (_, i) => i + 1)]);
    const file = join(folder, 'shop', 'part7.wst');
    assert.deepEqual(onWorkers.get(file), onThread.get(file));
    assert.equal(onWorkers.get(file)?.module, 'shop.part7');
    assert.equal(onWorkers.get(file)?.uri, pathToFileURL(file).href);
    onWorkers.dispose();
    onThread.dispose();
  });

  it("builds on the server's shared workers and leaves them running for the checks after a change, until they idle", async () => {
    const IDLE_MS = 300;
    const workers = new IdlePool(IDLE_MS);
    const index = new FileIndex(new Workspace(), problems, { pool: workers });
    try {
      await index.build([{ path: folder, real: folder }], progress());
      assert.equal(index.size, FILES + 1);
      const pool = workers.started;
      assert.ok(pool && pool.size > 0, 'the build left its workers running');
      // The same workers answer after the build (they were not stopped under the index).
      const file = join(folder, 'shop', 'part7.wst');
      const outcome = await workers.run(pool, (running) => running.summarize(file, false));
      assert.ok('summary' in outcome && outcome.summary.declarations.some((declaration) => declaration.name === 'partTotal7'));
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));
      assert.equal(workers.started, undefined, 'stopped once idle');
    } finally {
      index.dispose();
      workers.dispose();
    }
  });

  it('matches a subsequence of the name, ignoring case: exact, prefix, substring, then the rest', async () => {
    const index = new FileIndex(new Workspace(), problems, { workers: false });
    await index.build([{ path: folder, real: folder }], progress());
    assert.deepEqual(
      index.search('ORDER', 10).map((found) => found.declaration.name),
      ['order', 'orderTotal', 'totalOrders'],
    );
    assert.deepEqual(
      index.search('otTh', 10).map((found) => found.declaration.name),
      ['otherThing'],
    );
    assert.deepEqual(
      index.search('ot', 10).map((found) => found.declaration.name).slice(0, 1),
      ['otherThing'],
    );
    assert.equal(index.search('', 5).length, 5, 'bounded');
    assert.equal(index.search('partTotal', 1000).length, FILES);
    index.dispose();
  });

  it('names the files of a root reached through a link as the editor does, under the link', async () => {
    const link = `${folder}-link`;
    symlinkSync(folder, link);
    try {
      const index = new FileIndex(new Workspace(), problems, { workers: false });
      await index.build([{ path: link, real: folder }], progress());
      assert.equal(index.get(join(link, 'orders.wst'))?.uri, pathToFileURL(join(link, 'orders.wst')).href);
      assert.equal(index.get(join(folder, 'orders.wst')), undefined);
      index.dispose();
    } finally {
      rmSync(link);
    }
  });

  it('forgets a deleted folder and lets an open buffer speak for its file', async () => {
    const workspace = new Workspace();
    const index = new FileIndex(workspace, problems, { workers: false });
    await index.build([{ path: folder, real: folder }], progress());
    index.remove(join(folder, 'shop'));
    assert.equal(index.size, 1);
    const uri = pathToFileURL(join(folder, 'orders.wst')).href;
    workspace.open(uri, 'fn fromTheBuffer() {}\n');
    assert.deepEqual(index.search('orderTotal', 10), []);
    assert.deepEqual(
      index.search('fromTheBuffer', 10).map((found) => [found.uri, found.module]),
      [[uri, 'orders']],
    );
    index.dispose();
  });
  it('gives the same import graph until a file changes on disk or an open buffer imports otherwise, then the new one', async () => {
    const workspace = new Workspace();
    const index = new FileIndex(workspace, problems, { workers: false });
    await index.build([{ path: folder, real: folder }], progress());
    const orders = join(folder, 'orders.wst');
    const part = join(folder, 'shop', 'part1.wst');
    const first = index.importGraph();
    assert.equal(index.importGraph(), first, 'nothing changed: the same graph');
    assert.deepEqual(first.graph.importsOf(orders), []);
    const text = readFileSync(orders, 'utf8');
    try {
      writeFileSync(orders, `use shop.part1.{partTotal1};\n${text}`);
      await index.refresh(orders);
      const second = index.importGraph();
      assert.notEqual(second, first);
      assert.deepEqual(second.graph.importsOf(orders), [part]);
      const uri = pathToFileURL(orders).href;
      workspace.open(uri, `use shop.part1.{partTotal1};\n${text}`);
      assert.equal(index.importGraph(), second, 'a buffer importing what its file does: the same graph');
      workspace.edit(uri, [{ startOffset: 0, endOffset: 'use shop.part1.{partTotal1};\n'.length, newText: 'use shop.part2.{partTotal2};\n' }]);
      assert.deepEqual(index.importGraph().graph.importsOf(orders), [join(folder, 'shop', 'part2.wst')], 'the buffer imports otherwise: a new graph');
    } finally {
      writeFileSync(orders, text);
      index.dispose();
    }
  });

  it('reads a closed buffer\'s file again: the buffer\'s summary where the file holds its text, the file\'s where it does not', async () => {
    const closing = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-file-index-close-')));
    try {
      const saved = join(closing, 'saved.wst');
      const dropped = join(closing, 'dropped.wst');
      writeFileSync(saved, 'fn before() {}\n');
      writeFileSync(dropped, 'fn onDisk() {}\n');
      const workspace = new Workspace();
      const index = new FileIndex(workspace, problems, { workers: false });
      await index.build([{ path: closing, real: closing }], progress());
      const namesIn = (path: string): string[] => (index.get(path)?.summary.declarations ?? []).map((declaration) => declaration.name);
      const settled = async (path: string, wanted: string[]): Promise<void> => {
        for (let tries = 0; tries < 500 && JSON.stringify(namesIn(path)) !== JSON.stringify(wanted); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
        assert.deepEqual(namesIn(path), wanted);
      };
      // Edited and saved, then closed: the file holds the buffer's text.
      const savedText = 'use dropped.{onDisk};\nfn before() {}\nfn added(n: number): number { return onDisk2(n); }\n';
      const savedUri = pathToFileURL(saved).href;
      workspace.open(savedUri, 'fn before() {}\n');
      workspace.edit(savedUri, [{ startOffset: 0, endOffset: 'fn before() {}\n'.length, newText: savedText }]);
      writeFileSync(saved, savedText);
      workspace.close(savedUri);
      await settled(saved, ['before', 'added']);
      assert.deepEqual(index.get(saved)?.summary, summarizeText(savedText));
      // Edited, not saved, then closed (another program wrote the file meanwhile): the file's text speaks.
      const droppedUri = pathToFileURL(dropped).href;
      workspace.open(droppedUri, 'fn onDisk() {}\n');
      workspace.edit(droppedUri, [{ startOffset: 0, endOffset: 0, newText: 'fn unsaved() {}\n' }]);
      writeFileSync(dropped, 'fn rewritten() {}\n');
      workspace.close(droppedUri);
      await settled(dropped, ['rewritten']);
      assert.deepEqual(index.get(dropped)?.summary, summarizeText('fn rewritten() {}\n'));
      index.dispose();
    } finally {
      rmSync(closing, { recursive: true, force: true });
    }
  });

  it("takes an analysed closing buffer's references from its analysis: the summary its text gives", async () => {
    const closing = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-file-index-analysed-')));
    try {
      writeFileSync(join(closing, 'money.wst'), 'type Money { cents: number }\nfn round(m: Money): Money { return m; }\nconst ZERO: Money = { cents: 0 };\n');
      const text = [
        'use money.{Money, round, ZERO};',
        'use money;',
        'fn total(items: list<Money>): Money { let sum = ZERO; for item in items { sum = round(item); } return money.round(sum); }',
        'fn shadow(round: number): number { let ZERO = round; return ZERO; }',
        'type Basket { items: list<Money> }',
        'let basket: Basket = { items: [] };',
        'print(total(basket.items));',
        '',
      ].join('\n');
      const path = join(closing, 'basket.wst');
      writeFileSync(path, text);
      const workspace = new Workspace();
      workspace.modules.setRoots([closing]);
      const index = new FileIndex(workspace, problems, { workers: false });
      await index.build([{ path: closing, real: closing }], progress());
      const uri = pathToFileURL(path).href;
      const buffer = workspace.open(uri, text);
      // Analysed with the module's exports (a local shadowing an import is only a hint).
      assert.deepEqual(buffer.diagnostics().filter((diagnostic) => diagnostic.severity !== 'hint'), []);
      assert.ok(buffer.isAnalysed);
      workspace.close(uri);
      for (let tries = 0; tries < 500 && index.get(path)?.summary === undefined; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(index.get(path)?.summary, summarizeText(text));
      index.dispose();
    } finally {
      rmSync(closing, { recursive: true, force: true });
    }
  });
});

describe('files changed on disk: the index and the module cache', () => {
  it('takes several changes as one, and what a module imports from its newest text even when the index read an older one', async () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-index-changes-')));
    try {
      writeFileSync(join(folder, 'rates.wst'), 'fn rate(): number { return 1; }\n');
      writeFileSync(join(folder, 'labels.wst'), 'fn rate(): string { return "one"; }\n');
      writeFileSync(join(folder, 'prices.wst'), 'use rates.{rate};\nconst PRICE = rate();\n');
      const workspace = new Workspace();
      workspace.modules.setRoots([folder]);
      const index = new FileIndex(workspace, problems, { workers: false });
      await index.build([{ path: folder, real: folder }], progress());
      const buffer = workspace.open(pathToFileURL(join(folder, 'shop.wst')).href, 'use prices.{PRICE};\nlet shown: string = PRICE;\nprint(shown);\n');
      assert.deepEqual(
        buffer.diagnostics().map((d) => d.code),
        ['E_TYPE_MISMATCH'],
      );
      const announced: unknown[] = [];
      workspace.modules.onDidChange((change) => announced.push(change));

      // Read by the index and told together: one change, and prices now imports labels.
      writeFileSync(join(folder, 'prices.wst'), 'use labels.{rate};\nconst PRICE = rate();\n');
      writeFileSync(join(folder, 'rates.wst'), 'fn rate(): number { return 2; }\n');
      await index.refresh(join(folder, 'prices.wst'));
      await index.refresh(join(folder, 'rates.wst'));
      workspace.modules.filesChanged([join(folder, 'prices.wst'), join(folder, 'rates.wst')]);
      assert.deepEqual(announced, [{ paths: [join(folder, 'prices.wst'), join(folder, 'rates.wst')] }]);
      assert.deepEqual(
        buffer.diagnostics().map((d) => d.code),
        [],
      );
      assert.deepEqual(index.importersOf(join(folder, 'labels.wst')), [join(folder, 'prices.wst')]);

      // Changed again before the index read it: the module cache goes by the text on disk, not the index's older reading.
      writeFileSync(join(folder, 'prices.wst'), 'use rates.{rate};\nconst PRICE = rate();\n');
      workspace.modules.filesChanged([join(folder, 'prices.wst')]);
      assert.deepEqual(
        buffer.diagnostics().map((d) => d.code),
        ['E_TYPE_MISMATCH'],
      );
      index.dispose();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
