// References, rename and the call hierarchy across every file of the workspace, over a real LSP
// connection on real files in a temporary folder: files that are not open are answered from the
// index (a local that shadows an imported name is not a reference), a rename edits open and
// unopened files in one WorkspaceEdit or is refused for a clash in a file that is not open, and a
// file changed on disk is searched as it is now.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import {
  CallHierarchyIncomingCallsRequest,
  CallHierarchyOutgoingCallsRequest,
  CallHierarchyPrepareRequest,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  ResponseError,
  type CallHierarchyItem,
  type Location,
  type Range,
  type TextDocumentEdit,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { positionOf, rangeKey, rangeOf } from './positions';

const FILES: Record<string, string> = {
  'pricing.wst': 'fn orderTotal(prices: list<number>): number { let t = 0; for p in prices { t = t + p; } return t; }\nfn summary(prices: list<number>): number { return orderTotal(prices); }\n',
  'orders.wst': 'use pricing.{orderTotal};\nfn checkout(): number { return orderTotal([1, 2]); }\n',
  'report.wst': 'use pricing.{orderTotal};\nfn shadowed(): number { let orderTotal = 5; return orderTotal; }\nfn weekly(): number { return orderTotal([3]) + orderTotal([4]); }\n',
  'audit.wst': 'use pricing;\nlet grand = pricing.orderTotal([5]);\n',
  'shapes.wst': 'type Point { x: number, y: number }\nfn norm(p: Point): number { return p.x * p.x + p.y * p.y; }\n',
  'plot.wst': 'use shapes.{norm};\nlet n = norm({ x: 1, y: 2 });\n',
  'later.wst': 'use pricing.{grandTotal};\nprint(grandTotal);\n',
  'clash.wst': 'use pricing.{orderTotal};\nfn f(): number { let total = 1; return orderTotal([total]); }\n',
};

/** The files that write `orderTotal`. */
const ORDER_FILES = Object.keys(FILES).filter((file) => FILES[file].includes('orderTotal'));

/** Every whole-word `orderTotal` of a file that denotes pricing's function, as range keys. */
function expectedRanges(file: string): string[] {
  const text = FILES[file];
  const all = [...text.matchAll(/\borderTotal\b/g)].map((match) => match.index);
  // report.wst: the local and its use in `shadowed` are not the imported function.
  const skipped = file === 'report.wst' ? [1, 2] : [];
  return all.filter((_, index) => !skipped.includes(index)).map((offset) => rangeKey(rangeOfOffset(text, offset, 'orderTotal'.length)));
}

function rangeOfOffset(text: string, offset: number, length: number): Range {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  const character = offset - (before.lastIndexOf('\n') + 1);
  return { start: { line, character }, end: { line, character: character + length } };
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const offsetOf = (position: { line: number; character: number }): number => {
    const lines = text.split('\n');
    return lines.slice(0, position.line).reduce((sum, line) => sum + line.length + 1, 0) + position.character;
  };
  const sorted = [...edits].sort((a, b) => offsetOf(b.range.start) - offsetOf(a.range.start));
  let out = text;
  for (const edit of sorted) out = out.slice(0, offsetOf(edit.range.start)) + edit.newText + out.slice(offsetOf(edit.range.end));
  return out;
}

describe('references, rename and call hierarchy across the workspace', () => {
  let folder: string;
  let client: LspClient;
  const uriOf = (name: string): string => pathToFileURL(join(folder, name)).href;
  const byFile = (locations: readonly Location[]): Record<string, string[]> => {
    const out: Record<string, string[]> = {};
    for (const location of locations) (out[location.uri.slice(location.uri.lastIndexOf('/') + 1)] ??= []).push(rangeKey(location.range));
    for (const list of Object.values(out)) list.sort();
    return out;
  };
  const references = async (file: string, needle: string, occurrence = 0, includeDeclaration = true): Promise<Location[]> =>
    (await client.connection.sendRequest(ReferencesRequest.type, {
      textDocument: { uri: uriOf(file) },
      position: positionOf(FILES[file], needle, occurrence, 1),
      context: { includeDeclaration },
    })) as Location[];

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-xrefs-')));
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(folder, name), text);
    client = await LspClient.start({ workspaceFolder: folder, workspaceCapabilities: true });
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
    await client.open(uriOf('orders.wst'), FILES['orders.wst']);
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  it('finds the references of an imported function in every file, open or not, and not a local that shadows it', async () => {
    const expected: Record<string, string[]> = {};
    for (const file of ORDER_FILES) expected[file] = expectedRanges(file).sort();
    // From a use in the open importer.
    assert.deepEqual(byFile(await references('orders.wst', 'orderTotal([1')), expected);
    // From the imported name, and without the declaration.
    const withoutDeclaration = { ...expected, 'pricing.wst': expected['pricing.wst'].filter((key) => key !== rangeKey(rangeOf(FILES['pricing.wst'], 'orderTotal'))) };
    assert.deepEqual(byFile(await references('orders.wst', 'orderTotal', 0, false)), withoutDeclaration);
  });

  it('finds them from the declaration and from `m.name` after `use m;`', async () => {
    await client.open(uriOf('audit.wst'), FILES['audit.wst']);
    await client.open(uriOf('pricing.wst'), FILES['pricing.wst']);
    try {
      const fromMember = byFile(await references('audit.wst', 'orderTotal'));
      const fromDeclaration = byFile(await references('pricing.wst', 'orderTotal'));
      assert.deepEqual(fromMember, fromDeclaration);
      assert.deepEqual(fromMember['report.wst'], expectedRanges('report.wst').sort());
      assert.equal(Object.keys(fromMember).length, ORDER_FILES.length);
    } finally {
      await client.close(uriOf('audit.wst'));
      await client.close(uriOf('pricing.wst'));
    }
  });

  it('renames across an open file and files that are not open, as one WorkspaceEdit', async () => {
    const prepared = (await client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri: uriOf('orders.wst') }, position: positionOf(FILES['orders.wst'], 'orderTotal([1', 0, 1) })) as {
      range: Range;
      placeholder: string;
    };
    assert.equal(prepared.placeholder, 'orderTotal');
    const edit = (await client.connection.sendRequest(RenameRequest.type, {
      textDocument: { uri: uriOf('orders.wst') },
      position: positionOf(FILES['orders.wst'], 'orderTotal([1', 0, 1),
      newName: 'totalOf',
    })) as WorkspaceEdit;
    const changes = (edit.documentChanges ?? []) as TextDocumentEdit[];
    const byName = new Map(changes.map((change) => [change.textDocument.uri.slice(change.textDocument.uri.lastIndexOf('/') + 1), change]));
    assert.deepEqual([...byName.keys()].sort(), [...ORDER_FILES].sort());
    assert.equal(byName.get('orders.wst')?.textDocument.version, 1, 'the open buffer is edited at its version');
    assert.equal(byName.get('pricing.wst')?.textDocument.version, null, 'a file not open is edited with the version null');
    const renamed = (file: string): string => applyEdits(FILES[file], (byName.get(file)?.edits ?? []) as TextEdit[]);
    assert.equal(renamed('orders.wst'), 'use pricing.{totalOf};\nfn checkout(): number { return totalOf([1, 2]); }\n');
    assert.equal(renamed('pricing.wst'), FILES['pricing.wst'].replaceAll('orderTotal', 'totalOf'));
    assert.equal(renamed('report.wst'), 'use pricing.{totalOf};\nfn shadowed(): number { let orderTotal = 5; return orderTotal; }\nfn weekly(): number { return totalOf([3]) + totalOf([4]); }\n');
    assert.equal(renamed('audit.wst'), 'use pricing;\nlet grand = pricing.totalOf([5]);\n');
  });

  it('refuses a rename that would clash in a file that is not open, and changes nothing', async () => {
    const error = await client.connection
      .sendRequest(RenameRequest.type, { textDocument: { uri: uriOf('orders.wst') }, position: positionOf(FILES['orders.wst'], 'orderTotal([1', 0, 1), newName: 'total' })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    assert.ok(error instanceof ResponseError, `a ResponseError, not ${String(error)}`);
    assert.match(error.message, /clash\.wst/);
    assert.match(error.message, /total/);
    for (const [name, text] of Object.entries(FILES)) assert.equal(readFileSync(join(folder, name), 'utf8'), text, `${name} is unchanged`);
  });

  it('refuses a rename to a name a file not open imports from the module, which does not declare it yet', async () => {
    const error = await client.connection
      .sendRequest(RenameRequest.type, { textDocument: { uri: uriOf('orders.wst') }, position: positionOf(FILES['orders.wst'], 'orderTotal([1', 0, 1), newName: 'grandTotal' })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    assert.ok(error instanceof ResponseError, `a ResponseError, not ${String(error)}`);
    assert.match(error.message, /later\.wst.*'grandTotal' is imported from pricing, which does not declare it/);
  });

  it("renames a field of a type in the files importing its module that are not open", async () => {
    await client.open(uriOf('shapes.wst'), FILES['shapes.wst']);
    try {
      const edit = (await client.connection.sendRequest(RenameRequest.type, {
        textDocument: { uri: uriOf('shapes.wst') },
        position: positionOf(FILES['shapes.wst'], 'x: number'),
        newName: 'px',
      })) as WorkspaceEdit;
      const changes = (edit.documentChanges ?? []) as TextDocumentEdit[];
      const plot = changes.find((change) => change.textDocument.uri === uriOf('plot.wst'));
      assert.equal(plot?.textDocument.version, null);
      assert.equal(applyEdits(FILES['plot.wst'], (plot?.edits ?? []) as TextEdit[]), 'use shapes.{norm};\nlet n = norm({ px: 1, y: 2 });\n');
    } finally {
      await client.close(uriOf('shapes.wst'));
    }
  });

  it('gives the call hierarchy across files: callers in other files, open or not, and calls into imported functions', async () => {
    const items = (await client.connection.sendRequest(CallHierarchyPrepareRequest.type, {
      textDocument: { uri: uriOf('orders.wst') },
      position: positionOf(FILES['orders.wst'], 'orderTotal([1', 0, 1),
    })) as CallHierarchyItem[];
    assert.equal(items.length, 1);
    assert.equal(items[0].uri, uriOf('pricing.wst'));
    assert.equal(rangeKey(items[0].selectionRange), rangeKey(rangeOf(FILES['pricing.wst'], 'orderTotal')));
    const incoming = await client.connection.sendRequest(CallHierarchyIncomingCallsRequest.type, { item: items[0] });
    const callers = (incoming ?? []).map((call) => `${call.from.uri.slice(call.from.uri.lastIndexOf('/') + 1)}:${call.from.name}:${call.fromRanges.length}`).sort();
    assert.deepEqual(callers, ['audit.wst:audit.wst:1', 'clash.wst:f:1', 'orders.wst:checkout:1', 'pricing.wst:summary:1', 'report.wst:weekly:2']);

    const checkout = (await client.connection.sendRequest(CallHierarchyPrepareRequest.type, {
      textDocument: { uri: uriOf('orders.wst') },
      position: positionOf(FILES['orders.wst'], 'checkout', 0, 1),
    })) as CallHierarchyItem[];
    const outgoing = await client.connection.sendRequest(CallHierarchyOutgoingCallsRequest.type, { item: checkout[0] });
    assert.deepEqual(
      (outgoing ?? []).map((call) => [call.to.name, call.to.uri, rangeKey(call.to.selectionRange), call.fromRanges.map(rangeKey)]),
      [['orderTotal', uriOf('pricing.wst'), rangeKey(rangeOf(FILES['pricing.wst'], 'orderTotal')), [rangeKey(rangeOf(FILES['orders.wst'], 'orderTotal', 1))]]],
    );
  });

  it('searches a file changed on disk as it is now', async () => {
    const text = 'use pricing.{orderTotal};\nfn monthly(): number { return orderTotal([6]); }\n';
    writeFileSync(join(folder, 'report.wst'), text);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf('report.wst'), type: FileChangeType.Changed }] });
    const expected = [rangeKey(rangeOf(text, 'orderTotal')), rangeKey(rangeOf(text, 'orderTotal', 1))].sort();
    // The change is applied when the server has read the file again: asked until then.
    let found: string[] | undefined;
    for (let attempt = 0; attempt < 100 && JSON.stringify(found) !== JSON.stringify(expected); attempt++) {
      found = byFile(await references('orders.wst', 'orderTotal([1'))['report.wst'];
      if (JSON.stringify(found) !== JSON.stringify(expected)) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual(found, expected);
  });
});
