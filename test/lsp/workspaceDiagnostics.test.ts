// The diagnostics of files that are not open, over a real LSP connection on real files: the index's
// build publishes every file's (cross-file errors included) before its progress ends; a file
// created, changed and deleted on disk (didChangeWatchedFiles, as VS Code reports it) updates or
// clears its own and its dependents'; a signature change in an open module republishes a
// dependent that is not open, directly or through a module whose exports it changes, but not one
// whose imports' exports stay as they were, nor one checked again whose diagnostics come out as
// they were, while a keystroke in a body republishes none; a file that closes keeps its diagnostics; `whetstone.diagnostics.scope:
// openFiles` publishes none of the files not open. A change reaching many files (checked on worker
// threads) republishes each, and after changes typed in a row each ends as the last one makes it.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { CodeActionKind, CodeActionRequest, DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, FileChangeType, type CodeAction, type FileEvent, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';

const PRICING = 'fn orderTotal(prices: list<number>): number {\n  let t = 0;\n  for p in prices {\n    t = t + p;\n  }\n  return t;\n}\n';
/** Calls orderTotal rightly: clean until orderTotal's signature changes. */
const ORDERS = 'use pricing.{orderTotal};\n\nfn orderSum(): number {\n  return orderTotal([1, 2]);\n}\n\nprint(orderSum());\n';
/** Assigns a number to a string across files: an error from the start. */
const WRONG = 'use pricing.{orderTotal};\n\nlet label: string = orderTotal([1]);\nprint(label);\n';
/** Imports orders, not pricing: a dependent of pricing through orders. */
const REPORT = 'use orders.{orderSum};\n\nlet shown: number = orderSum();\nprint(shown);\n';
/** Hands orderTotal on under another name: its exports change with orderTotal's signature. */
const RELAY = 'use pricing.{orderTotal};\n\nconst total = orderTotal;\n';
/** Imports relay (a dependent of pricing through a file whose exports change) and report (one through a file whose exports do not). */
const TAIL = 'use relay.{total};\nuse report.{shown};\n\nlet sum: number = total([1, 2]) + shown;\nprint(sum);\n';
/** A cycle of two that uses orderTotal: both checked again after its signature changes, once each. */
const PING = 'use pong.{pong};\nuse pricing.{orderTotal};\n\nfn ping(n: number): number {\n  return pong(n) + orderTotal([n]);\n}\n';
const PONG = 'use ping.{ping};\n\nfn pong(n: number): number {\n  return n;\n}\n\nfn both(n: number): number {\n  return ping(n);\n}\n';
const CONSUMER = 'use made.{helper};\n\nlet n: number = helper(1);\nprint(n);\n';

function uriOf(folder: string, name: string): string {
  return pathToFileURL(join(folder, name)).href;
}

function codes(publication: PublishDiagnosticsParams | undefined): string[] {
  return (publication?.diagnostics ?? []).map((diagnostic) => String(diagnostic.code));
}

function watched(client: LspClient, path: string, type: FileChangeType): Promise<void> {
  return client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: pathToFileURL(path).href, type }] });
}

/** Waits for a publication for `uri` after the first `seen` ones that `accept` takes. */
function nextPublication(client: LspClient, uri: string, seen: number, what: string, accept: (publication: PublishDiagnosticsParams) => boolean = () => true): Promise<PublishDiagnosticsParams> {
  return client.waitFor(what, () => client.publicationsFor(uri).slice(seen).find(accept));
}

function startIndexed(folder: string, settings?: Record<string, unknown>): Promise<LspClient> {
  return LspClient.start({ workspaceFolder: folder, workspaceCapabilities: true, ...(settings ? { settings } : {}) }).then(async (client) => {
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
    return client;
  });
}

describe('diagnostics of the files that are not open', () => {
  let folder: string;
  let client: LspClient;

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-problems-')));
    writeFileSync(join(folder, 'pricing.wst'), PRICING);
    writeFileSync(join(folder, 'orders.wst'), ORDERS);
    writeFileSync(join(folder, 'wrong.wst'), WRONG);
    writeFileSync(join(folder, 'report.wst'), REPORT);
    writeFileSync(join(folder, 'consumer.wst'), CONSUMER);
    writeFileSync(join(folder, 'relay.wst'), RELAY);
    writeFileSync(join(folder, 'tail.wst'), TAIL);
    writeFileSync(join(folder, 'ping.wst'), PING);
    writeFileSync(join(folder, 'pong.wst'), PONG);
    client = await startIndexed(folder);
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  it('publishes every file’s diagnostics during the build, before its progress ends, with the cross-file error of a file never opened', () => {
    const wrong = client.publicationsFor(uriOf(folder, 'wrong.wst'));
    assert.equal(wrong.length, 1, 'one publication for wrong.wst');
    assert.deepEqual(codes(wrong[0]), ['E_TYPE_MISMATCH']);
    assert.match(String(wrong[0].diagnostics[0].message), /number is not assignable to 'label' of type string/);
    assert.equal(wrong[0].version, undefined, 'no version: the file is not open');
    assert.deepEqual(codes(client.publicationsFor(uriOf(folder, 'orders.wst'))[0]), []);
    assert.deepEqual(codes(client.publicationsFor(uriOf(folder, 'consumer.wst'))[0]), ['W_UNKNOWN_IMPORT']);
    // (All read right after the progress's end arrived: the build is over when every file is checked.)
    assert.ok(client.progress.some((p) => p.value.kind === 'report'), 'progress reported with a count');
  });

  it('a body keystroke in an open module republishes no dependent; a signature change republishes the dependents not open, directly and through a module whose exports change, and stops at those whose exports do not', async () => {
    const pricing = uriOf(folder, 'pricing.wst');
    const orders = uriOf(folder, 'orders.wst');
    const report = uriOf(folder, 'report.wst');
    const tail = uriOf(folder, 'tail.wst');
    await client.open(pricing, PRICING);
    await client.fullDiagnostics(pricing, 1, true);
    assert.deepEqual(codes(client.publicationsFor(tail).at(-1)), [], 'tail.wst is clean to start with');
    const ordersSeen = client.publicationsFor(orders).length;
    const reportSeen = client.publicationsFor(report).length;
    const tailSeen = client.publicationsFor(tail).length;
    const ping = uriOf(folder, 'ping.wst');
    const pong = uriOf(folder, 'pong.wst');
    const pingSeen = client.publicationsFor(ping).length;
    const pongSeen = client.publicationsFor(pong).length;
    // A keystroke inside the body: `let t = 0;` → `let t = 10;` changes nothing pricing exports.
    const body = await client.change(pricing, [{ range: { start: { line: 1, character: 10 }, end: { line: 1, character: 10 } }, text: '1' }]);
    await client.fullDiagnostics(pricing, body);
    // The signature: prices becomes a string, so orders' call is wrong (and pricing's own loop).
    const signature = await client.change(pricing, [{ range: { start: { line: 0, character: 22 }, end: { line: 0, character: 34 } }, text: 'string' }]);
    await client.fullDiagnostics(pricing, signature);
    const republished = await nextPublication(client, orders, ordersSeen, 'orders.wst republished', (p) => p.diagnostics.length > 0);
    assert.deepEqual(codes(republished), ['E_TYPE_MISMATCH']);
    assert.match(String(republished.diagnostics[0].message), /list<number> is not assignable to parameter 'prices' of type string/);
    // Nothing for orders.wst between the two: the body keystroke republished no dependent.
    assert.equal(client.publicationsFor(orders).indexOf(republished), ordersSeen, 'the first publication of orders.wst after the keystrokes is the signature change’s');
    // tail.wst imports relay, whose exports changed with orderTotal's signature: checked again, now wrong.
    const tailAgain = await nextPublication(client, tail, tailSeen, 'tail.wst republished', (p) => p.diagnostics.length > 0);
    assert.deepEqual(codes(tailAgain), ['E_TYPE_MISMATCH']);
    // report.wst imports orders only, whose exports did not change: not checked again. (tail.wst
    // imports report.wst, so a check of report.wst would have come before tail.wst's.)
    assert.equal(client.publicationsFor(report).length, reportSeen, 'report.wst was not checked again');
    // The cycle: ping imports pricing, pong only ping; both checked again, each once (the wave does
    // not go round the cycle), and ping, whose call is now wrong, republished.
    assert.deepEqual(codes(await nextPublication(client, ping, pingSeen, 'ping.wst republished')), ['E_TYPE_MISMATCH']);
    // Back: the dependent is clean again.
    const back = await client.change(pricing, [{ range: { start: { line: 0, character: 22 }, end: { line: 0, character: 28 } }, text: 'list<number>' }]);
    await client.fullDiagnostics(pricing, back);
    const clean = await nextPublication(client, orders, client.publicationsFor(orders).indexOf(republished) + 1, 'orders.wst clean again');
    assert.deepEqual(codes(clean), []);
    await nextPublication(client, tail, client.publicationsFor(tail).indexOf(tailAgain) + 1, 'tail.wst clean again');
    await nextPublication(client, ping, pingSeen + 1, 'ping.wst republished again');
    assert.equal(client.publicationsFor(ping).length, pingSeen + 2, 'ping.wst checked once per change');
    // pong.wst is clean before, between and after: its diagnostics never changed, so none was sent again.
    assert.equal(client.publicationsFor(pong).length, pongSeen, 'pong.wst, whose diagnostics did not change, was not republished');
  });

  it('a file that closes keeps its diagnostics, checked from disk again', async () => {
    const wrong = uriOf(folder, 'wrong.wst');
    await client.open(wrong, WRONG);
    await client.fullDiagnostics(wrong, 1, true);
    const seen = client.publicationsFor(wrong).length;
    await client.close(wrong);
    const after = await nextPublication(client, wrong, seen, 'wrong.wst after it closed');
    assert.deepEqual(codes(after), ['E_TYPE_MISMATCH']);
    assert.equal(after.version, undefined);
  });

  it('a buffer never saved (no file on disk) that closes has its diagnostics cleared', async () => {
    const unsaved = uriOf(folder, 'unsaved.wst');
    await client.open(unsaved, 'let n: number = "text";\n');
    assert.ok(codes(await client.fullDiagnostics(unsaved, 1, true)).includes('E_TYPE_MISMATCH'));
    const seen = client.publicationsFor(unsaved).length;
    await client.close(unsaved);
    assert.deepEqual((await nextPublication(client, unsaved, seen, 'unsaved.wst cleared')).diagnostics, []);
  });

  it('a file created, changed and deleted on disk: its own diagnostics and its dependents’ follow', async () => {
    const made = join(folder, 'made.wst');
    const madeUri = uriOf(folder, 'made.wst');
    const consumer = uriOf(folder, 'consumer.wst');
    let seen = client.publicationsFor(consumer).length;
    writeFileSync(made, 'fn helper(x: number): number {\n  return x;\n}\n\nlet s: string = 1;\n');
    await watched(client, made, FileChangeType.Created);
    const own = await nextPublication(client, madeUri, 0, 'made.wst published');
    assert.deepEqual(codes(own), ['E_TYPE_MISMATCH']);
    const resolved = await nextPublication(client, consumer, seen, 'consumer.wst republished after made.wst was created');
    assert.deepEqual(codes(resolved), [], 'the import now resolves and the call is right');

    seen = client.publicationsFor(consumer).length;
    const madeSeen = client.publicationsFor(madeUri).length;
    writeFileSync(made, 'fn helper(x: string): string {\n  return x;\n}\n');
    await watched(client, made, FileChangeType.Changed);
    assert.deepEqual(codes(await nextPublication(client, madeUri, madeSeen, 'made.wst republished')), []);
    const broken = await nextPublication(client, consumer, seen, 'consumer.wst after helper’s signature changed on disk');
    assert.deepEqual(codes(broken).sort(), ['E_TYPE_MISMATCH', 'E_TYPE_MISMATCH']);

    seen = client.publicationsFor(consumer).length;
    const beforeDelete = client.publicationsFor(madeUri).length;
    unlinkSync(made);
    await watched(client, made, FileChangeType.Deleted);
    const cleared = await nextPublication(client, madeUri, beforeDelete, 'made.wst cleared');
    assert.deepEqual(cleared.diagnostics, []);
    assert.deepEqual(codes(await nextPublication(client, consumer, seen, 'consumer.wst after made.wst was deleted')), ['W_UNKNOWN_IMPORT']);
  });
});

/** A misspelt name (E_UNDEFINED, with a quick fix) beside the cross-file mismatch. */
const TYPO = 'use pricing.{orderTotal};\n\nlet total: number = orderTotal([1]);\nlet label: string = orderTotal([totl]);\nprint(total, label);\n';

describe('a file of the workspace that opens', () => {
  let folder: string;
  let client: LspClient;

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-opening-')));
    writeFileSync(join(folder, 'pricing.wst'), PRICING);
    writeFileSync(join(folder, 'typo.wst'), TYPO);
    writeFileSync(join(folder, 'orders.wst'), ORDERS);
    client = await startIndexed(folder);
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  it('with the text its check read shows that check’s diagnostics, once, with their quick fixes offered', async () => {
    const typo = uriOf(folder, 'typo.wst');
    const fromDisk = client.publicationsFor(typo)[0];
    assert.deepEqual(codes(fromDisk), ['E_TYPE_MISMATCH', 'E_UNDEFINED']);
    await client.open(typo, TYPO);
    const opened = await client.fullDiagnostics(typo, 1, true);
    const shown = (p: PublishDiagnosticsParams | undefined) => (p?.diagnostics ?? []).map((d) => [d.code, d.message, d.range]);
    assert.deepEqual(shown(opened), shown(fromDisk));
    const problem = opened.diagnostics.find((d) => d.code === 'E_UNDEFINED');
    assert.ok(problem);
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: typo },
      range: problem.range,
      context: { diagnostics: [problem], only: [CodeActionKind.QuickFix] },
    })) as CodeAction[];
    assert.deepEqual(actions.map((action) => action.title), ["Change 'totl' to 'total'"]);
    // Its own analysis, after, agrees: nothing more is sent for that version.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(client.publicationsFor(typo).filter((p) => p.version === 1).length, 1);
    await client.close(typo);
  });

  it('with another text (unsaved changes) shows that text’s diagnostics from the first publication', async () => {
    const orders = uriOf(folder, 'orders.wst');
    assert.deepEqual(codes(client.publicationsFor(orders)[0]), []);
    await client.open(orders, ORDERS.replace('return orderTotal([1, 2]);', 'return orderTotal("12");'));
    const opened = await client.fullDiagnostics(orders, 1, true);
    assert.deepEqual(codes(opened), ['E_TYPE_MISMATCH']);
    await client.close(orders);
  });

  it('after a module it imports changed on disk shows what that change makes of it', async () => {
    const orders = uriOf(folder, 'orders.wst');
    writeFileSync(join(folder, 'pricing.wst'), PRICING.replace('prices: list<number>', 'prices: string'));
    const pricing = uriOf(folder, 'pricing.wst');
    const pricingSeen = client.publicationsFor(pricing).length;
    await watched(client, join(folder, 'pricing.wst'), FileChangeType.Changed);
    // Once the server has read the change (pricing's own diagnostics show it), orders.wst opens at
    // once, its check from before the change perhaps not yet redone: its first publication is of the change.
    await nextPublication(client, pricing, pricingSeen, 'pricing.wst checked again', (p) => p.diagnostics.length > 0);
    await client.open(orders, ORDERS);
    const opened = await client.fullDiagnostics(orders, 1, true);
    assert.deepEqual(codes(opened), ['E_TYPE_MISMATCH']);
  });
});

describe('whetstone.diagnostics.scope: openFiles', () => {
  let folder: string;
  let client: LspClient;

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-problems-open-')));
    writeFileSync(join(folder, 'pricing.wst'), PRICING);
    writeFileSync(join(folder, 'wrong.wst'), WRONG);
    client = await startIndexed(folder, { diagnostics: { scope: 'openFiles' } });
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  it('publishes nothing for files not open, the open file’s own diagnostics, and clears them when it closes', async () => {
    const wrong = uriOf(folder, 'wrong.wst');
    assert.equal(client.publicationsFor(wrong).length, 0, 'nothing for a file never opened');
    await client.open(wrong, WRONG);
    assert.deepEqual(codes(await client.fullDiagnostics(wrong, 1, true)), ['E_TYPE_MISMATCH']);
    await client.close(wrong);
    const cleared = await nextPublication(client, wrong, 1, 'wrong.wst cleared when it closed');
    assert.deepEqual(cleared.diagnostics, []);
  });
});

describe('settings that change what is shown', () => {
  let folder: string;
  let client: LspClient;
  /** The settings the client answers with: changed in place, then announced with didChangeConfiguration. */
  const settings: Record<string, unknown> = {};

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-problems-settings-')));
    mkdirSync(join(folder, 'src'));
    writeFileSync(join(folder, 'src', 'pricing.wst'), PRICING);
    writeFileSync(join(folder, 'src', 'wrong.wst'), 'let label: string = 1;\nprint(label);\n');
    writeFileSync(join(folder, 'outside.wst'), 'let n: number = "text";\nprint(n);\n');
    client = await startIndexed(folder, settings);
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  it('a file that leaves the source roots has its diagnostics cleared', async () => {
    const outside = uriOf(folder, 'outside.wst');
    assert.deepEqual(codes(client.publicationsFor(outside)[0]), ['E_TYPE_MISMATCH']);
    const seen = client.publicationsFor(outside).length;
    settings.sourceRoots = ['src'];
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
    assert.deepEqual((await nextPublication(client, outside, seen, 'outside.wst cleared')).diagnostics, []);
  });

  it('scope openFiles clears the files that are not open; back to workspace, they are checked and shown again', async () => {
    const wrong = uriOf(folder, 'src/wrong.wst');
    await client.waitFor('wrong.wst checked under the new root', () => client.publicationsFor(wrong).find((p) => p.diagnostics.length > 0));
    let seen = client.publicationsFor(wrong).length;
    settings.diagnostics = { scope: 'openFiles' };
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
    assert.deepEqual((await nextPublication(client, wrong, seen, 'wrong.wst cleared')).diagnostics, []);
    seen = client.publicationsFor(wrong).length;
    settings.diagnostics = { scope: 'workspace' };
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
    assert.deepEqual(codes(await nextPublication(client, wrong, seen, 'wrong.wst shown again')), ['E_TYPE_MISMATCH']);
  });
});

describe('a signature change that reaches many files (checked on worker threads)', () => {
  /** More importers than the count from which their checks go to worker threads. */
  const MANY = 40;
  let folder: string;
  let client: LspClient;
  const dependents = (): string[] => Array.from({ length: MANY }, (_, n) => uriOf(folder, `orders${n}.wst`));

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-problems-many-')));
    writeFileSync(join(folder, 'pricing.wst'), PRICING);
    for (let n = 0; n < MANY; n++) writeFileSync(join(folder, `orders${n}.wst`), ORDERS);
    client = await startIndexed(folder);
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Waits until every dependent's latest publication after its first `seen` ones has `count` diagnostics. */
  async function allLatest(seen: ReadonlyMap<string, number>, count: number, what: string): Promise<void> {
    await client.waitFor(
      what,
      () =>
        dependents().every((uri) => {
          const after = client.publicationsFor(uri).slice(seen.get(uri) ?? 0);
          return after.length > 0 && after.at(-1)?.diagnostics.length === count;
        }) || undefined,
      60_000,
    );
  }

  it('republishes every dependent, and after two changes in a row each ends as the newer one makes it', async () => {
    const pricing = uriOf(folder, 'pricing.wst');
    await client.open(pricing, PRICING);
    await client.fullDiagnostics(pricing, 1, true);
    const counts = (): Map<string, number> => new Map(dependents().map((uri) => [uri, client.publicationsFor(uri).length]));
    let seen = counts();
    const wrong = await client.change(pricing, [{ range: { start: { line: 0, character: 22 }, end: { line: 0, character: 34 } }, text: 'string' }]);
    await client.fullDiagnostics(pricing, wrong);
    await allLatest(seen, 1, 'every dependent republished with the wrong call');
    for (const uri of dependents()) assert.match(String(client.publicationsFor(uri).at(-1)?.diagnostics[0].message), /not assignable to parameter 'prices' of type string/);
    // Typed fast: back, and wrong again, and back, without waiting for the dependents in between.
    seen = counts();
    await client.change(pricing, [{ range: { start: { line: 0, character: 22 }, end: { line: 0, character: 28 } }, text: 'list<number>' }]);
    await client.change(pricing, [{ range: { start: { line: 0, character: 22 }, end: { line: 0, character: 34 } }, text: 'string' }]);
    const back = await client.change(pricing, [{ range: { start: { line: 0, character: 22 }, end: { line: 0, character: 28 } }, text: 'list<number>' }]);
    await client.fullDiagnostics(pricing, back);
    await allLatest(seen, 0, 'every dependent clean again');
    // A later change is published after everything the earlier ones left: each dependent wrong again, last.
    seen = counts();
    const again = await client.change(pricing, [{ range: { start: { line: 0, character: 22 }, end: { line: 0, character: 34 } }, text: 'string' }]);
    await client.fullDiagnostics(pricing, again);
    await allLatest(seen, 1, 'every dependent wrong again');
    await client.close(pricing);
    await allLatest(new Map(), 0, 'every dependent clean with the file on disk');
  });

  it('takes a branch switch (the module and half its importers changed on disk, in one notification) as one change', async () => {
    const counts = new Map(dependents().map((uri) => [uri, client.publicationsFor(uri).length]));
    // The module now wants a string; the changed importers call it with one, the others still with a list.
    writeFileSync(join(folder, 'pricing.wst'), PRICING.replace('prices: list<number>', 'prices: string'));
    const switched = Array.from({ length: MANY / 2 }, (_, n) => `orders${n}.wst`);
    for (const file of switched) writeFileSync(join(folder, file), ORDERS.replace('orderTotal([1, 2])', 'orderTotal("1, 2")'));
    const changes: FileEvent[] = ['pricing.wst', ...switched].map((file) => ({ uri: uriOf(folder, file), type: FileChangeType.Changed }));
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes });
    await client.waitFor(
      'each importer as the switched branch makes it',
      () =>
        dependents().every((uri, n) => {
          const latest = client.publicationsFor(uri).slice(counts.get(uri)).at(-1);
          return n < MANY / 2 ? client.publicationsFor(uri).length === counts.get(uri) || latest?.diagnostics.length === 0 : latest?.diagnostics.length === 1;
        }) || undefined,
      60_000,
    );
    for (const uri of dependents().slice(MANY / 2)) assert.match(String(client.publicationsFor(uri).at(-1)?.diagnostics[0].message), /not assignable to parameter 'prices' of type string/);
    // Nothing changed for the switched importers' Problems (clean before, clean after): nothing is sent twice.
    for (const uri of dependents().slice(0, MANY / 2)) assert.ok(client.publicationsFor(uri).length - (counts.get(uri) ?? 0) <= 1, `${uri} published at most once`);
    // Later changes to the files of the branch are taken as before.
    writeFileSync(join(folder, 'orders0.wst'), ORDERS);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf(folder, 'orders0.wst'), type: FileChangeType.Changed }] });
    await client.waitFor('orders0 wrong again', () => (client.publicationsFor(uriOf(folder, 'orders0.wst')).at(-1)?.diagnostics.length === 1 ? true : undefined), 60_000);
  });
});
