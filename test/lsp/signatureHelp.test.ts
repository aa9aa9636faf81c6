// Signature help over a real LSP connection: announced with its trigger characters; the signature
// and the active parameter while a call is typed (each keystroke a didChange, the call unfinished
// and not parsing); the comment above a function as its documentation, escaped for Markdown; a
// default value's hidden characters made visible in the label, the parameters' ranges measured on
// what is shown; null for a call of a function nothing describes.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SignatureHelpRequest, type MarkupContent, type SignatureHelp } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { positionAtOffset, positionOf, readFixture } from './positions';

const { uri, text } = readFixture('features.wst');

/** The active signature's label and the text of its active parameter (by the range the server gave). */
function active(help: SignatureHelp | null): { label: string; parameter: string | undefined } {
  assert.ok(help, 'the server answers with a signature');
  const signature = help.signatures[help.activeSignature ?? 0];
  const range = signature.parameters?.[help.activeParameter ?? 0]?.label;
  assert.ok(range === undefined || Array.isArray(range), 'parameters are ranges of the label');
  return { label: signature.label, parameter: range && signature.label.slice(range[0], range[1]) };
}

describe('signature help', () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start();
    await client.open(uri, text);
  });
  after(async () => {
    await client.shutdown();
  });

  it('is announced, triggered by ( and , and asked again on )', () => {
    const provider = client.initializeResult?.capabilities.signatureHelpProvider;
    assert.deepEqual(provider, { triggerCharacters: ['(', ','], retriggerCharacters: [')'] });
  });

  it('follows a call as it is typed, argument by argument', async () => {
    const typingUri = uri.replace(/features\.wst$/, 'typing.wst');
    await client.open(typingUri, text);
    // Typed at the end of the file, a character at a time, as an editor sends it.
    let offset = text.length;
    let current = text;
    const type = async (typed: string): Promise<void> => {
      for (const ch of typed) {
        const at = positionAtOffset(current, offset);
        await client.change(typingUri, [{ range: { start: at, end: at }, text: ch }]);
        current = current.slice(0, offset) + ch + current.slice(offset);
        offset++;
      }
    };
    const ask = (): Promise<SignatureHelp | null> =>
      client.connection.sendRequest(SignatureHelpRequest.type, { textDocument: { uri: typingUri }, position: positionAtOffset(current, offset) });

    await type('calculateTotal(');
    assert.deepEqual(active(await ask()), { label: 'fn calculateTotal(order: Order, taxRate: number = 0.2): number', parameter: 'order: Order' });
    await type('orders[0], ');
    assert.deepEqual(active(await ask()), { label: 'fn calculateTotal(order: Order, taxRate: number = 0.2): number', parameter: 'taxRate: number = 0.2' });
    await type('scale(1');
    assert.deepEqual(active(await ask()), { label: 'fn scale(count: number): number', parameter: 'count: number' });
    await type('), ');
    const tooMany = await ask();
    assert.equal(active(tooMany).label, 'fn calculateTotal(order: Order, taxRate: number = 0.2): number');
    assert.equal(tooMany?.activeParameter, 2, 'an index past the parameters: none is marked');
    await type('1)');
    assert.equal(await ask(), null, 'after the closing parenthesis');
  });

  it('shows the comment above a function as Markdown-escaped documentation, and hidden characters in the label visibly', async () => {
    const source = '// Greets [someone](command:workbench.action.quit) *loudly*.\nfn greet(name: string, mark: string = "!\u202e"): string {\n  return name + mark;\n}\nprint(greet("a", ));\n';
    const documentUri = uri.replace(/features\.wst$/, 'greet.wst');
    await client.open(documentUri, source);
    const help = await client.connection.sendRequest(SignatureHelpRequest.type, { textDocument: { uri: documentUri }, position: positionOf(source, ', ));', 0, 2) });
    assert.deepEqual(active(help), { label: 'fn greet(name: string, mark: string = "!\\u{202e}"): string', parameter: 'mark: string = "!\\u{202e}"' });
    const documentation = help?.signatures[0].documentation as MarkupContent;
    assert.equal(documentation.kind, 'markdown');
    assert.equal(documentation.value, 'Greets \\[someone\\]\\(command\\:workbench\\.action\\.quit\\) \\*loudly\\*\\.');
  });

  it('answers null for a call of a function nothing describes, and outside any call', async () => {
    // round comes from a module no library describes: its type is any.
    const round = await client.connection.sendRequest(SignatureHelpRequest.type, { textDocument: { uri }, position: positionOf(text, 'round(', 0, 'round('.length) });
    assert.equal(round, null);
    const outside = await client.connection.sendRequest(SignatureHelpRequest.type, { textDocument: { uri }, position: positionOf(text, 'let subtotal') });
    assert.equal(outside, null);
  });
});
