// A check worker keeps the documents of the files it checks (kept-documents.ts), so the checks
// that follow a run of changes to a module parse its importers once. A kept document must give
// exactly the check a fresh parse gives, whatever its imports answer, and only for the same text.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analyze, moduleExportsOf, type SemanticModel } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { checkFile } from '../../server/src/workspace/file-check';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { KeptDocuments, MAX_KEPT_DOCUMENTS } from '../../server/src/workspace/kept-documents';

function exportsOfText(text: string): ReturnType<typeof moduleExportsOf> {
  const document = WhetstoneDocument.create(text);
  try {
    return moduleExportsOf(analyze(document));
  } finally {
    document.dispose();
  }
}

describe('kept documents of a check worker', () => {
  let folder: string;
  before(async () => {
    await loadGrammar();
    folder = mkdtempSync(join(tmpdir(), 'whetstone-kept-documents-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('checks a kept document exactly as a fresh parse, through changes of what its import answers and of its own text', () => {
    const path = join(folder, 'orders.wst');
    const importer = ['use money.{roundTo};', 'fn total(xs: list<number>): number {', '  let t = 0;', '  for x in xs { t = t + roundTo(x, 2); }', '  return t;', '}', 'print(total([1.234, 2]));', ''].join('\n');
    writeFileSync(path, importer);
    const versions = [
      'fn roundTo(amount: number, places: number): number { return amount; }\n',
      'fn roundTo(amount: string, places: number): number { return 0; }\n',
      'fn roundTo(amount: number): string { return ""; }\n',
    ];
    const kept = new KeptDocuments();
    const check = (moneyText: string, withKept: boolean): unknown => {
      const resolutions: [string, { file: string; exports: ReturnType<typeof moduleExportsOf> }][] = [['money', { file: 'money.wst', exports: exportsOfText(moneyText) }]];
      const { hash, ...result } = checkFile({ path, followLinks: false, resolutions }, withKept ? kept : undefined) as { hash?: string };
      assert.ok(hash);
      return result;
    };
    // What the import answers changes the file's diagnostics (else the comparison below says little).
    assert.notDeepEqual(check(versions[0], false), check(versions[1], false));
    assert.notDeepEqual(check(versions[1], false), check(versions[2], false));
    for (const [round, moneyText] of [...versions, ...versions].entries()) {
      assert.deepEqual(check(moneyText, true), check(moneyText, false), `round ${round}`);
    }
    // The file's own text changed on disk: its new text is parsed, not the kept document used.
    writeFileSync(path, importer.replace('roundTo(x, 2)', 'roundTo(x)'));
    assert.deepEqual(check(versions[2], true), check(versions[2], false));
    assert.equal(kept.size, 1);
  });

  it('uses a kept document only for the same text, and keeps a bounded number', () => {
    const kept = new KeptDocuments();
    const previousOf = new Map<WhetstoneDocument, SemanticModel | undefined>();
    const documentOf = (path: string, text: string): WhetstoneDocument =>
      kept.analysed(path, text, (document, previous) => {
        previousOf.set(document, previous);
        return analyze(document);
      }).document;
    const first = documentOf('/a.wst', 'fn a() {}\n');
    assert.equal(documentOf('/a.wst', 'fn a() {}\n'), first);
    assert.ok(previousOf.get(first), "the same text's document is analysed from its previous analysis");
    const changed = documentOf('/a.wst', 'fn b() {}\n');
    assert.notEqual(changed, first);
    assert.equal(previousOf.get(changed), undefined, 'a new text is analysed afresh');
    assert.deepEqual(
      changed.ast.children.map((child) => ('name' in child ? child.name : child.type)),
      ['b'],
    );
    for (let i = 0; i < MAX_KEPT_DOCUMENTS + 20; i++) documentOf(`/f${i}.wst`, `fn f${i}() {}\n`);
    assert.equal(kept.size, MAX_KEPT_DOCUMENTS);
    // The least recently used went first: the last ones are still kept.
    const last = documentOf(`/f${MAX_KEPT_DOCUMENTS + 19}.wst`, `fn f${MAX_KEPT_DOCUMENTS + 19}() {}\n`);
    assert.equal(documentOf(`/f${MAX_KEPT_DOCUMENTS + 19}.wst`, `fn f${MAX_KEPT_DOCUMENTS + 19}() {}\n`), last);
  });
});
