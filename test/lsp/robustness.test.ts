// Bad input never takes the server down: garbage, huge and deeply nested text, unterminated
// strings and comments, lone surrogates, and random edits of the examples, each followed by
// requests the server must still answer. Bounded in count and in time; the random edits come
// from a fixed seed (WHETSTONE_FUZZ_SEED overrides it) so a failure can be replayed.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  CompletionRequest,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  SemanticTokensRequest,
  type Position,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import { AstRequest } from '../../server/src/protocol/messages';
import { MAX_BUFFER_CHARACTERS } from '../../server/src/workspace/buffer-limits';
import { LspClient, REPO_ROOT } from './lspClient';

const SEED = Number(process.env.WHETSTONE_FUZZ_SEED ?? 20_251_202);
const RANDOM_EDITS_PER_EXAMPLE = 40;
const TIME_BUDGET_MS = 45_000;
/** A hang is a failure too: no single step may take longer than this. */
const PER_TEST_TIMEOUT_MS = 90_000;

/** A small deterministic generator (mulberry32). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SNIPPETS = ['{', '}', '(', ')', '"', '/*', '*/', '//', '@', '@performance(', 'fn ', 'let x = ', ';', '\n', '.', ',', 'type T { a: ', 'for i in ', '\uD83D', '\uDE00', '😀', '\0', '\r\n', 'return', ' and ', 'await '];

function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

describe('robustness', () => {
  let client: LspClient;
  let opened = 0;
  const started = Date.now();

  before(async () => {
    client = await LspClient.start({ settings: { diagnostics: { semanticDelayMs: 0 } } });
  });
  after(async () => {
    // The server must still be the one that started, and shut down cleanly.
    assert.equal(client.exitCode, undefined, `the server exited early\n${client.stderr.join('')}`);
    assert.equal(await client.shutdown(), 0);
  });

  /** Every request the editor sends while typing; each must come back (a result or an empty one). */
  async function stillAnswers(uri: string, text: string): Promise<void> {
    const middle = positionAt(text, Math.floor(text.length / 2));
    const end = positionAt(text, text.length);
    const requests: Promise<unknown>[] = [
      client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }),
      client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: middle }),
      client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: end }),
      client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } }),
      client.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } }),
      client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }),
      // Positions far outside the text are clamped, not fatal.
      client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1e6, character: 1e6 } }),
    ];
    await Promise.all(requests);
    assert.equal(client.exitCode, undefined, 'the server is still running');
  }

  async function openAndProbe(name: string, text: string): Promise<void> {
    const uri = `untitled:robust-${++opened}-${name}.wst`;
    await client.open(uri, text);
    await stillAnswers(uri, text);
    await client.close(uri);
  }

  it('answers after binary garbage', { timeout: PER_TEST_TIMEOUT_MS }, async () => {
    const random = generator(SEED);
    const bytes = Array.from({ length: 20_000 }, () => String.fromCharCode(Math.floor(random() * 256)));
    await openAndProbe('garbage', bytes.join(''));
    const units = Array.from({ length: 20_000 }, () => String.fromCharCode(Math.floor(random() * 0x10000)));
    await openAndProbe('utf16-garbage', units.join(''));
  });

  it('answers after a 1 MB single line', { timeout: PER_TEST_TIMEOUT_MS }, async () => {
    await openAndProbe('long-string', `let s = "${'x'.repeat(1_000_000)}";`);
    await openAndProbe('long-expression', `let n = ${'1 + '.repeat(250_000)}1;`);
    await openAndProbe('long-name', `let ${'a'.repeat(1_000_000)} = 1;`);
  });

  it('answers after 10,000 nested parentheses, balanced or not', { timeout: PER_TEST_TIMEOUT_MS }, async () => {
    await openAndProbe('nested', `let x = ${'('.repeat(10_000)}1${')'.repeat(10_000)};`);
    await openAndProbe('unbalanced', `let x = ${'('.repeat(10_000)}`);
    await openAndProbe('nested-blocks', `fn f() ${'{ if true '.repeat(3_000)}`);
    await openAndProbe('nested-lists', `print(${'['.repeat(10_000)});`);
  });

  it('answers after unterminated strings and comments, and lone surrogates', { timeout: PER_TEST_TIMEOUT_MS }, async () => {
    await openAndProbe('string', 'let s = "never closed\nprint(s);\n');
    await openAndProbe('comment', 'fn f() {\n  /* never closed\n  return 1;\n}\n');
    await openAndProbe('escape', 'let s = "\\');
    await openAndProbe('surrogates', 'let s = "\uD800";\nlet t\uDC00 = 1;\nprint("\uDBFF\uDFFF", s);\n\uD83D');
  });

  it('answers during random edits of every example', { timeout: PER_TEST_TIMEOUT_MS }, async () => {
    const random = generator(SEED + 1);
    const folder = join(REPO_ROOT, 'examples');
    const examples = readdirSync(folder).filter((file) => file.endsWith('.wst')).sort();
    assert.ok(examples.length > 0, 'the examples are there to edit');
    let edits = 0;
    for (const example of examples) {
      const uri = `untitled:robust-edit-${example}`;
      let text = readFileSync(join(folder, example), 'utf8');
      let version = 1;
      await client.open(uri, text, version);
      for (let i = 0; i < RANDOM_EDITS_PER_EXAMPLE && Date.now() - started < TIME_BUDGET_MS; i++) {
        // One to three changes per notification, each on the text the previous one left.
        const changes: TextDocumentContentChangeEvent[] = [];
        for (let c = 0, count = 1 + Math.floor(random() * 3); c < count; c++) {
          const start = Math.floor(random() * (text.length + 1));
          const end = Math.min(text.length, start + Math.floor(random() * 40));
          const insert = random() < 0.3 ? '' : SNIPPETS[Math.floor(random() * SNIPPETS.length)];
          changes.push({ range: { start: positionAt(text, start), end: positionAt(text, end) }, text: insert });
          text = text.slice(0, start) + insert + text.slice(end);
        }
        version = await client.change(uri, changes);
        edits++;
        await stillAnswers(uri, text);
      }
      // The server's copy of the text is the client's: the AST's span covers exactly the text.
      const ast = (await client.connection.sendRequest(AstRequest.method, { uri })) as { revision: number; ast: { span: { endOffset: number } } };
      assert.equal(ast.revision, version);
      assert.equal(ast.ast.span.endOffset, text.length, `${example}: the server holds the same text as the client`);
      await client.close(uri);
    }
    assert.ok(edits > 0);
  });

  it('keeps a document too large to parse as text only, and parses it again once it is small enough', { timeout: PER_TEST_TIMEOUT_MS }, async () => {
    const uri = 'untitled:robust-too-large.wst';
    // Over the limit (4 Mi characters) by a comment line: the code above it has an undefined name.
    const code = 'fn main(): number {\n  return missing;\n}\n';
    const filler = `// ${'x'.repeat(MAX_BUFFER_CHARACTERS)}\n`;
    await client.open(uri, code + filler);
    const notice = await client.waitFor('the too-large notice', () => client.publicationsFor(uri).find((p) => p.version === 1));
    assert.equal(notice.diagnostics.length, 1);
    assert.match(String(notice.diagnostics[0].message), /^This file is not parsed: it has [\d,]+ characters, more than the 4,194,304 a Whetstone buffer may have\./);
    assert.equal(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 10 } }), null);
    // Typing at the top still applies to the kept text.
    const typed = await client.change(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '// top\n' }]);
    await client.waitFor('the notice of the typed version', () => client.publicationsFor(uri).find((p) => p.version === typed));
    // The comment line deleted: the document is small enough, parsed, and its own diagnostics come.
    const small = await client.change(uri, [{ range: { start: { line: 4, character: 0 }, end: { line: 5, character: 0 } }, text: '' }]);
    const parsed = await client.waitFor('the parsed diagnostics', () => client.publicationsFor(uri).find((p) => p.version === small && p.diagnostics.some((d) => d.code === 'E_UNDEFINED')));
    assert.ok(!parsed.diagnostics.some((d) => String(d.message).startsWith('This file is not parsed')));
    // Line 1 is `fn main(): number {` now (`// top` was typed above it): hover knows the function again.
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 4 } });
    assert.match(JSON.stringify(hover), /main/);
    // A paste past the limit turns it back into text only.
    const pasted = await client.change(uri, [{ range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } }, text: filler }]);
    const again = await client.waitFor('the notice after the paste', () => client.publicationsFor(uri).find((p) => p.version === pasted && p.diagnostics.length === 1));
    assert.match(String(again.diagnostics[0].message), /^This file is not parsed/);
    await client.close(uri);
    await client.waitFor('the diagnostics cleared on close', () => (client.publicationsFor(uri).at(-1)?.diagnostics.length === 0 ? true : undefined));
  });

  it('logged no handler failure along the way', () => {
    const failures = client.logs.filter((log) => log.type === 1);
    assert.deepEqual(failures.map((log) => log.message.split('\n')[0]), []);
  });
});
