// Annotation suggestions in the editor, over a real LSP connection: the CodeLens trio (Accept ·
// Reject · Why) on the suggested node's first line, the whetstone.suggestions settings, the
// person's answers (accepting writes the annotation through workspace/applyEdit; rejecting hides
// it and lowers its kind's confidence), and rejections kept in the feedback file across a restart
// of the server while the node's code stays as it was.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { CodeActionRequest, CodeLensRequest, DidChangeConfigurationNotification, type CodeAction, type CodeLens } from 'vscode-languageserver-protocol/node';
import {
  AnswerSuggestionRequest,
  AstRequest,
  SUGGESTION_COMMANDS,
  SuggestionsRequest,
  type EditorSuggestionData,
  type SuggestionCommandArgs,
} from '../../server/src/protocol/messages';
import { FakeEditor } from './agentHarness';
import { LspClient } from './lspClient';

// greet is pure (semantic/pure, 0.85); scale's loop computes `k * 2` every time (performance/hoist).
const SOURCE = 'fn greet(name: string): string {\n  return "Hello, " + name;\n}\n\nfn scale(xs: list<number>, k: number) {\n  for x in xs {\n    print(x + k * 2);\n  }\n}\n';
const GREET_LINE = 0;

async function suggestionsOf(client: LspClient, uri: string): Promise<{ version: number; suggestions: EditorSuggestionData[] }> {
  return client.connection.sendRequest(SuggestionsRequest.method, { uri });
}

function pureOf(suggestions: EditorSuggestionData[]): EditorSuggestionData | undefined {
  return suggestions.find((s) => s.annotationType === 'semantic' && s.strategy === 'pure');
}

async function answer(client: LspClient, uri: string, suggestion: EditorSuggestionData, accepted: boolean): Promise<{ done: boolean; message?: string; modelRevision?: number }> {
  const { version } = await suggestionsOf(client, uri);
  return client.connection.sendRequest(AnswerSuggestionRequest.method, {
    uri,
    version,
    nodeId: suggestion.nodeId,
    annotationType: suggestion.annotationType,
    strategy: suggestion.strategy,
    accepted,
  });
}

/** Asks `probe` again (every 20 ms, 5 s at most) until it gives something; the last answer otherwise. */
async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await probe();
  }
  return value;
}

/** The id of the top-level function `name` in the server's tree of `uri`. */
async function functionId(client: LspClient, uri: string, name: string): Promise<string> {
  const { ast } = (await client.connection.sendRequest(AstRequest.method, { uri })) as { ast: { children: { type: string; name?: string; id: string }[] } };
  const found = ast.children.find((node) => node.type === 'FunctionDeclaration' && node.name === name);
  assert.ok(found, name);
  return found.id;
}

async function startWith(storagePath: string, settings: Record<string, unknown> = {}): Promise<LspClient> {
  return LspClient.start({ settings: { diagnostics: { semanticDelayMs: 20 }, ...settings }, initializationOptions: { storagePath } });
}

describe('annotation suggestions in the editor', () => {
  let storage: string;
  let client: LspClient | undefined;
  before(() => {
    storage = mkdtempSync(join(tmpdir(), 'whetstone-storage-'));
  });
  afterEach(async () => {
    await client?.shutdown();
    client = undefined;
    rmSync(storage, { recursive: true, force: true });
    storage = mkdtempSync(join(tmpdir(), 'whetstone-storage-'));
  });
  after(() => rmSync(storage, { recursive: true, force: true }));

  it('shows each suggestion worth it as Accept · Reject · Why lenses on its node\'s first line, carrying the suggestion and version; a pure function only in the lightbulb', async () => {
    client = await startWith(storage);
    const uri = 'file:///suggest/lenses.wst';
    await client.open(uri, SOURCE, 1);
    const { suggestions } = await suggestionsOf(client, uri);
    const pure = pureOf(suggestions);
    assert.ok(pure, JSON.stringify(suggestions));
    assert.equal(pure.range.start.line, GREET_LINE);
    assert.equal(pure.confidence, 0.85);
    assert.equal(pure.nodeLabel, 'function greet at line 1', 'the node in the language\'s words');
    assert.equal(pure.codeLens, false, 'a function that happens to be pure is minor: no CodeLens');
    const hoist = suggestions.find((s) => s.strategy === 'hoist');
    assert.ok(hoist, 'the loop-invariant `k * 2` is suggested too');
    assert.equal(hoist.range.start.line, 6, 'on the statement computing it');
    assert.equal(hoist.codeLens, true);
    assert.equal(hoist.nodeLabel, 'the statement at line 7');
    const lenses = (await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[];
    assert.deepEqual(lenses.filter((lens) => lens.range.start.line === GREET_LINE), [], 'no lens on greet');
    const onHoist = lenses.filter((lens) => lens.range.start.line === 6);
    assert.deepEqual(
      onHoist.map((lens) => lens.command?.command),
      [SUGGESTION_COMMANDS.accept, SUGGESTION_COMMANDS.reject, SUGGESTION_COMMANDS.why],
    );
    assert.equal(onHoist[0].command?.title, `$(lightbulb) Accept @performance(hoist) · ${Math.round(hoist.confidence * 100)}%`);
    for (const lens of onHoist) {
      const [args] = lens.command?.arguments as [SuggestionCommandArgs];
      assert.deepEqual([args.uri, args.version, args.suggestion.nodeId, args.suggestion.annotationType], [uri, 1, hoist.nodeId, 'performance']);
    }
    assert.equal(lenses.length, 3, 'only the hoist stands as a CodeLens');
    // The pure function is still offered in the lightbulb.
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: { start: { line: 0, character: 3 }, end: { line: 0, character: 3 } }, context: { diagnostics: [] } })) as CodeAction[];
    assert.ok(actions.some((action) => action.title === 'Add @semantic(pure) on function greet at line 1 (85%)'), actions.map((a) => a.title).join(' | '));
  });

  it('whetstone.suggestions.codeLens: all brings every suggestion back as a CodeLens', async () => {
    client = await startWith(storage, { suggestions: { codeLens: 'all' } });
    const uri = 'file:///suggest/all-lenses.wst';
    await client.open(uri, SOURCE, 1);
    const lenses = await eventually(
      async () => (await client!.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[],
      (found) => found.length === 6,
    );
    assert.equal(lenses.filter((lens) => lens.range.start.line === GREET_LINE).length, 3);
    assert.equal(lenses.length, 6);
  });

  it('no suggestion on an item with an error: an undefined name, a duplicate declaration', async () => {
    client = await startWith(storage, { suggestions: { codeLens: 'all' } });
    const uri = 'file:///suggest/errors.wst';
    const text = `${SOURCE}fn broken(n: number): number {\n  return n * nn;\n}\nfn greet(who: string): string {\n  return who;\n}\n`;
    await client.open(uri, text, 1);
    const { suggestions } = await suggestionsOf(client, uri);
    assert.deepEqual(
      suggestions.map((s) => s.range.start.line),
      [0, 6],
      'greet and the hoist keep theirs; broken (E_UNDEFINED) and the second greet (E_DUPLICATE) have none',
    );
  });

  it('follows whetstone.suggestions: kinds, minConfidence, and enabled: false shows none', async () => {
    // Every suggestion as a CodeLens, so the lenses show what the filters leave.
    const settings: Record<string, unknown> = { diagnostics: { semanticDelayMs: 20 }, suggestions: { codeLens: 'all' } };
    client = await LspClient.start({ settings, initializationOptions: { storagePath: storage } });
    const uri = 'file:///suggest/settings.wst';
    await client.open(uri, SOURCE, 1);
    const kindsOf = async (): Promise<string[]> => {
      const lenses = (await client!.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[];
      return [...new Set(lenses.map((lens) => (lens.command?.arguments?.[0] as SuggestionCommandArgs).suggestion.annotationType))].sort();
    };
    const all = await eventually(kindsOf, (k) => k.length > 1);
    assert.ok(all.includes('semantic') && all.includes('performance'), all.join(','));
    const change = async (suggestions: Record<string, unknown>, expected: (kinds: string[]) => boolean): Promise<string[]> => {
      settings.suggestions = suggestions;
      await client!.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
      return eventually(kindsOf, expected);
    };
    assert.deepEqual(await change({ codeLens: 'all', kinds: ['performance'] }, (k) => !k.includes('semantic')), ['performance']);
    const { suggestions: shown } = await suggestionsOf(client, uri);
    assert.ok(shown.length > 0 && shown.every((s) => s.annotationType === 'performance'), 'whetstone/suggestions applies the same filter');
    assert.deepEqual(await change({ codeLens: 'all' }, (k) => k.length > 1), all, 'back to all');
    // semantic/pure is 0.85 sure and the hoist less, so 0.8 keeps only the former.
    const hoist = (await suggestionsOf(client, uri)).suggestions.find((s) => s.strategy === 'hoist');
    assert.ok(hoist && hoist.confidence < 0.8, JSON.stringify(hoist));
    assert.deepEqual(await change({ codeLens: 'all', minConfidence: 0.8 }, (k) => !k.includes('performance')), ['semantic']);
    assert.deepEqual(await change({ enabled: false }, (k) => k.length === 0), []);
    assert.deepEqual((await suggestionsOf(client, uri)).suggestions, []);
  });

  it('accepting writes the short annotation through workspace/applyEdit (one edit) and records it in the feedback file', async () => {
    client = await startWith(storage);
    const uri = 'file:///suggest/accept.wst';
    const editor = new FakeEditor(client, uri, SOURCE);
    await editor.open();
    const pure = pureOf((await suggestionsOf(client, uri)).suggestions);
    assert.ok(pure);
    const result = await answer(client, uri, pure, true);
    assert.deepEqual(result, { done: true, modelRevision: 1 });
    assert.equal(editor.applyEditRequests, 1);
    assert.equal(editor.text, `@semantic(pure)\n${SOURCE}`, 'the short form, and only the annotation was added');
    const stored = JSON.parse(readFileSync(join(storage, 'feedback.json'), 'utf8')) as { rules: Record<string, unknown> };
    assert.deepEqual(stored.rules['semantic/pure'], { accepted: 1, rejected: 0 });
    const after = await eventually(() => suggestionsOf(client!, uri), (r) => r.version === editor.version);
    assert.equal(pureOf(after.suggestions), undefined, 'an annotated function is not suggested the annotation again');
  });

  it('whetstone.suggestions.writeReason writes the long form, with reason and confidence', async () => {
    client = await startWith(storage, { suggestions: { writeReason: true } });
    const uri = 'file:///suggest/accept-long.wst';
    const editor = new FakeEditor(client, uri, SOURCE);
    await editor.open();
    const pure = pureOf((await suggestionsOf(client, uri)).suggestions);
    assert.ok(pure);
    assert.equal((await answer(client, uri, pure, true)).done, true);
    assert.match(editor.text, /^@semantic\(pure, reason: "[^"]+", confidence: 0\.85\)\nfn greet\(/);
  });

  it('an accept undone is taken back from the feedback model, and counts again when redone', async () => {
    client = await startWith(storage);
    const uri = 'file:///suggest/undo.wst';
    const editor = new FakeEditor(client, uri, SOURCE);
    await editor.open();
    const pure = pureOf((await suggestionsOf(client, uri)).suggestions);
    assert.ok(pure);
    assert.equal((await answer(client, uri, pure, true)).done, true);
    const counts = (): unknown => (JSON.parse(readFileSync(join(storage, 'feedback.json'), 'utf8')) as { rules: Record<string, unknown> }).rules['semantic/pure'];
    assert.deepEqual(counts(), { accepted: 1, rejected: 0 });
    const line = '@semantic(pure)\n';
    await editor.erase(0, line.length);
    await eventually(async () => counts(), (c) => JSON.stringify(c) === JSON.stringify({ accepted: 0, rejected: 0 }));
    assert.deepEqual(counts(), { accepted: 0, rejected: 0 }, 'undone: not counted');
    await editor.type(0, line);
    await eventually(async () => counts(), (c) => JSON.stringify(c) === JSON.stringify({ accepted: 1, rejected: 0 }));
    assert.deepEqual(counts(), { accepted: 1, rejected: 0 }, 'redone: counted again');
  });

  it('accepts a suggestion shown on an older version while it still stands on its node; refuses one that no longer does', async () => {
    client = await startWith(storage);
    const uri = 'file:///suggest/stale.wst';
    const editor = new FakeEditor(client, uri, SOURCE);
    await editor.open();
    const pure = pureOf((await suggestionsOf(client, uri)).suggestions);
    assert.ok(pure);
    // The person types elsewhere in the file after the CodeLens was drawn for version 1.
    await editor.type(SOURCE.length, '// x\n');
    await eventually(() => suggestionsOf(client!, uri), (r) => r.version === editor.version);
    const accepted = await client.connection.sendRequest(AnswerSuggestionRequest.method, { uri, version: 1, nodeId: pure.nodeId, annotationType: 'semantic', strategy: 'pure', accepted: true });
    assert.deepEqual(accepted, { done: true, modelRevision: 1 });
    assert.equal(editor.text, `@semantic(pure)\n${SOURCE}// x\n`);
    const gone = await client.connection.sendRequest(AnswerSuggestionRequest.method, { uri, version: 1, nodeId: pure.nodeId, annotationType: 'security', strategy: 'sanitize', accepted: true });
    assert.equal((gone as { done: boolean }).done, false);
    const again = await client.connection.sendRequest(AnswerSuggestionRequest.method, { uri, version: 1, nodeId: pure.nodeId, annotationType: 'semantic', strategy: 'pure', accepted: true });
    assert.deepEqual(again, { done: false, message: 'That suggestion no longer applies to the code as it is now.' }, 'written already: it no longer stands');
    assert.equal(editor.applyEditRequests, 1, 'nothing more went to the editor');
  });

  it('two Accepts sent at once both land, and one whose edit a keystroke overtook is made again on the new text', async () => {
    client = await startWith(storage, { suggestions: { codeLens: 'all' } });
    const uri = 'file:///suggest/twice.wst';
    const editor = new FakeEditor(client, uri, SOURCE);
    await editor.open();
    const { version, suggestions } = await suggestionsOf(client, uri);
    const pure = pureOf(suggestions);
    const hoist = suggestions.find((s) => s.strategy === 'hoist');
    assert.ok(pure && hoist);
    // The first edit request finds a keystroke typed just before it (VS Code refuses the edit).
    editor.onApplyEdit = async (request) => {
      if (request === 1) await editor.type(SOURCE.length, '// typed\n');
    };
    const send = (s: EditorSuggestionData): Promise<unknown> =>
      client!.connection.sendRequest(AnswerSuggestionRequest.method, { uri, version, nodeId: s.nodeId, annotationType: s.annotationType, strategy: s.strategy, accepted: true });
    const [first, second] = await Promise.all([send(pure), send(hoist)]);
    assert.equal((first as { done: boolean }).done, true, JSON.stringify(first));
    assert.equal((second as { done: boolean }).done, true, JSON.stringify(second));
    assert.match(editor.text, /^@semantic\(pure\)\nfn greet/);
    assert.match(editor.text, /@performance\(hoist\)\n {4}print\(x \+ k \* 2\);/);
    assert.ok(editor.text.endsWith('// typed\n'), 'the keystroke is kept');
  });

  it('rejecting hides the suggestion on that node and lowers its kind\'s confidence elsewhere', async () => {
    client = await startWith(storage);
    const uri = 'file:///suggest/reject.wst';
    const other = 'file:///suggest/other.wst';
    const editor = new FakeEditor(client, uri, SOURCE);
    await editor.open();
    await client.open(other, SOURCE, 1);
    const pure = pureOf((await suggestionsOf(client, uri)).suggestions);
    assert.ok(pure);
    const result = await answer(client, uri, pure, false);
    assert.deepEqual(result, { done: true, modelRevision: 1 });
    assert.equal(editor.applyEditRequests, 0, 'a rejection writes nothing');
    assert.equal(pureOf((await suggestionsOf(client, uri)).suggestions), undefined, 'hidden on that node');
    const lenses = (await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[];
    assert.ok(!lenses.some((lens) => lens.range.start.line === GREET_LINE), 'no lens is left on greet');
    const elsewhere = pureOf((await suggestionsOf(client, other)).suggestions);
    assert.ok(elsewhere, 'the same node in another file is still suggested');
    assert.ok(elsewhere.confidence < pure.confidence, `${elsewhere.confidence} < ${pure.confidence}`);
    assert.equal(elsewhere.ruleConfidence, 0.85);
  });

  it('remembers a rejection across a restart while the node\'s code is unchanged, though its id is not; a change brings it back', async () => {
    const uri = 'file:///suggest/restart.wst';
    client = await startWith(storage);
    const editor = new FakeEditor(client, uri, SOURCE);
    await editor.open();
    // The person adds a function above greet: greet keeps its id in this server, but a server
    // that parses the file afresh numbers the new function's nodes first.
    await editor.type(0, 'fn one(): number {\n  return 1;\n}\n\n');
    const before = await eventually(() => suggestionsOf(client!, uri), (r) => r.version === editor.version);
    const greet = before.suggestions.find((s) => s.strategy === 'pure' && s.range.start.line === 4);
    assert.ok(greet, JSON.stringify(before.suggestions));
    assert.equal((await answer(client, uri, greet, false)).done, true);
    const text = editor.text;
    await client.shutdown();

    client = await startWith(storage);
    await client.open(uri, text, 1);
    assert.notEqual(await functionId(client, uri, 'greet'), greet.nodeId, 'a fresh parse gives greet another id');
    const afterRestart = (await suggestionsOf(client, uri)).suggestions;
    assert.ok(afterRestart.some((s) => s.strategy === 'pure' && s.range.start.line === 0), 'the function nobody rejected is still suggested');
    assert.equal(afterRestart.find((s) => s.strategy === 'pure' && s.range.start.line === 4), undefined, 'greet\'s rejected suggestion stays hidden');
    await client.shutdown();

    client = await startWith(storage);
    await client.open(uri, text.replace('"Hello, "', '"Hi, "'), 1);
    const back = (await suggestionsOf(client, uri)).suggestions.find((s) => s.strategy === 'pure' && s.range.start.line === 4);
    assert.ok(back, 'greet\'s code changed: its suggestion comes back');
  });

  it('keeps a rejection in the feedback file as a hash: no path or source text', async () => {
    client = await startWith(storage);
    const uri = 'file:///suggest/bounded.wst';
    await client.open(uri, SOURCE, 1);
    const pure = pureOf((await suggestionsOf(client, uri)).suggestions);
    assert.ok(pure);
    await answer(client, uri, pure, false);
    const file = join(storage, 'feedback.json');
    const first = (JSON.parse(readFileSync(file, 'utf8')) as { dismissed: string[] }).dismissed;
    assert.equal(first.length, 1);
    assert.match(first[0], /^[A-Za-z0-9_-]{43}$/, 'a hash: no source text or path in the file');
    assert.ok(!readFileSync(file, 'utf8').includes('greet'));
  });
});
