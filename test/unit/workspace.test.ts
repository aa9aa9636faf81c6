// The workspace of open buffers: revisions, analysis once per revision, the active buffer, the
// events adapters listen to; and the translation of LSP content changes into core edits.
import * as assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FunctionDeclaration } from '../../server/src/core/ast';
import { applyMutations, type MutationResult } from '../../server/src/core/editing';
import { applyTextEdits } from '../../server/src/core/syntax';
import { contentChangesToEdits } from '../../server/src/lsp/convert';
import { inSourceOrder } from '../../server/src/core/ast';
import { minimalEdits } from '../../server/src/core/editing';
import { changedRegion, commonEnds, moveThroughEdits, WhetstoneDocument } from '../../server/src/core/syntax';
import type { OpenBuffer } from '../../server/src/workspace/buffer';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { Workspace } from '../../server/src/workspace/workspace';

before(async () => {
  await loadGrammar();
});

describe('Workspace', () => {
  it('keeps buffers by URI with the revision it is given', () => {
    const workspace = new Workspace();
    const buffer = workspace.open('file:///a.wst', 'let x = 1;\n', { revision: 7 });
    assert.equal(workspace.get('file:///a.wst'), buffer);
    assert.equal(buffer.revision, 7);
    workspace.edit('file:///a.wst', [{ startOffset: 8, endOffset: 9, newText: '2' }], { revision: 9 });
    assert.equal(buffer.revision, 9);
    assert.equal(buffer.text, 'let x = 2;\n');
    workspace.edit('file:///a.wst', [{ startOffset: 0, endOffset: 0, newText: '// hi\n' }]);
    assert.equal(buffer.revision, 10, 'without a revision the next one is previous + 1');
    assert.equal(workspace.edit('file:///missing.wst', []), undefined);
    workspace.close('file:///a.wst');
    assert.equal(workspace.get('file:///a.wst'), undefined);
  });

  it('analyses a revision once, however often it is asked, and again after an edit', () => {
    const workspace = new Workspace();
    const buffer = workspace.open('file:///b.wst', 'print(nope);\n');
    assert.equal(buffer.isAnalysed, false, 'opening does not analyse');
    const first = buffer.analysis();
    assert.equal(buffer.analysis(), first);
    assert.equal(buffer.isAnalysed, true);
    assert.deepEqual(buffer.diagnostics().map((d) => d.code), ['E_UNDEFINED']);
    workspace.edit('file:///b.wst', [{ startOffset: 6, endOffset: 10, newText: '1' }]);
    assert.equal(buffer.isAnalysed, false);
    const second = buffer.analysis();
    assert.notEqual(second, first);
    assert.deepEqual(buffer.diagnostics(), []);
  });

  it('knows the active buffer, also when the editor is reported before its document opens', () => {
    const workspace = new Workspace();
    const changes: (string | null)[] = [];
    workspace.onDidChangeActive((uri) => changes.push(uri));
    workspace.setActive('file:///c.wst');
    assert.equal(workspace.activeBufferUri, 'file:///c.wst');
    assert.equal(workspace.active(), undefined);
    const buffer = workspace.open('file:///c.wst', '');
    assert.equal(workspace.active(), buffer);
    workspace.setActive('file:///c.wst');
    workspace.setActive(null);
    assert.equal(workspace.active(), undefined);
    assert.deepEqual(changes, ['file:///c.wst', null], 'repeating the same editor is no change');
  });

  it('tells listeners about opens, changes and closes, and survives a listener that throws', () => {
    const errors: unknown[] = [];
    const workspace = new Workspace((error) => errors.push(error));
    const seen: string[] = [];
    workspace.onDidOpen((buffer) => seen.push(`open ${buffer.uri}`));
    workspace.onDidChange(() => {
      throw new Error('a broken listener');
    });
    const subscription = workspace.onDidChange(({ buffer, edits }) => seen.push(`change ${buffer.revision} ${edits.length}`));
    workspace.onDidClose((uri) => seen.push(`close ${uri}`));
    workspace.open('file:///d.wst', 'x');
    workspace.edit('file:///d.wst', [{ startOffset: 0, endOffset: 1, newText: 'y' }]);
    subscription.dispose();
    workspace.edit('file:///d.wst', [{ startOffset: 0, endOffset: 1, newText: 'z' }]);
    workspace.close('file:///d.wst');
    assert.deepEqual(seen, ['open file:///d.wst', 'change 2 1', 'close file:///d.wst']);
    assert.equal(errors.length, 2, 'the throwing listener was reported for both changes');
  });
});

describe('expected edits (an agent edit that comes back as a change)', () => {
  const uri = 'file:///expect.wst';
  const source = 'fn total(): number {\n  return 1;\n}\n';

  /** An insertNode mutation on the buffer's current tree, with ids the document would not pick. */
  function insertBreak(buffer: OpenBuffer): MutationResult & { text: string } {
    const fn = buffer.document.ast.children[0] as FunctionDeclaration;
    let next = 90_000;
    const result = applyMutations(
      buffer.document,
      [{ type: 'insertNode', parentId: fn.body.id, role: 'statements', index: 0, node: { type: 'BreakStatement' } }],
      () => `node_${++next}`,
    );
    return { ...result, text: applyTextEdits(buffer.text, result.edits) };
  }

  it('the next edit of the base revision keeps the ids the mutation gave, when it produces the expected text', () => {
    const workspace = new Workspace();
    const buffer = workspace.open(uri, source, { revision: 4 });
    const mutation = insertBreak(buffer);
    const [inserted] = mutation.insertedNodeIds;
    workspace.expectEdit(uri, { baseRevision: 4, text: mutation.text, ast: mutation.ast });
    // VS Code reports the applied edit as content changes, each on the text the previous left.
    workspace.edit(uri, [...mutation.edits].reverse(), { sequential: true, revision: 5 });
    assert.equal(buffer.text, mutation.text);
    assert.equal(buffer.document.nodeById(inserted)?.type, 'BreakStatement');
  });

  it('without an expectation the same change gets ids of the document’s own', () => {
    const workspace = new Workspace();
    const buffer = workspace.open(uri, source, { revision: 4 });
    const mutation = insertBreak(buffer);
    workspace.edit(uri, mutation.edits, { revision: 5 });
    assert.equal(buffer.text, mutation.text);
    assert.equal(buffer.document.nodeById(mutation.insertedNodeIds[0]), undefined);
  });

  it('a keystroke that gets there first consumes the expectation without using it', () => {
    const workspace = new Workspace();
    const buffer = workspace.open(uri, source, { revision: 4 });
    const mutation = insertBreak(buffer);
    workspace.expectEdit(uri, { baseRevision: 4, text: mutation.text, ast: mutation.ast });
    workspace.edit(uri, [{ startOffset: source.length, endOffset: source.length, newText: '\n' }], { revision: 5 });
    assert.equal(buffer.document.nodeById(mutation.insertedNodeIds[0]), undefined);
    // The same text later (at revision 5 now) is not the agent's edit of revision 4.
    const again = insertBreak(buffer);
    workspace.edit(uri, again.edits, { revision: 6 });
    assert.equal(buffer.document.nodeById(mutation.insertedNodeIds[0]), undefined);
  });

  it('a withdrawn expectation is not used, and an unknown URI has none to register', () => {
    const workspace = new Workspace();
    const buffer = workspace.open(uri, source, { revision: 4 });
    const mutation = insertBreak(buffer);
    const withdraw = workspace.expectEdit(uri, { baseRevision: 4, text: mutation.text, ast: mutation.ast });
    assert.ok(withdraw);
    withdraw();
    workspace.edit(uri, mutation.edits, { revision: 5 });
    assert.equal(buffer.document.nodeById(mutation.insertedNodeIds[0]), undefined);
    assert.equal(workspace.expectEdit('file:///missing.wst', { baseRevision: 1, text: '', ast: mutation.ast }), undefined);
  });
});

describe('LSP content changes to core edits', () => {
  it('measures each change on the text the changes before it left', () => {
    const workspace = new Workspace();
    const buffer = workspace.open('file:///e.wst', 'let a = 1;\nlet b = 2;\n');
    const edits = contentChangesToEdits(buffer.document, [
      // Insert a line at the top: every later line moves down by one.
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'let z = 0;\n' },
      // Line 2 is now `let b = 2;`.
      { range: { start: { line: 2, character: 8 }, end: { line: 2, character: 9 } }, text: '20' },
    ]);
    workspace.edit('file:///e.wst', edits, { sequential: true });
    assert.equal(buffer.text, 'let z = 0;\nlet a = 1;\nlet b = 20;\n');
  });

  it('counts UTF-16 code units, replaces all on a change without range, and clamps past line ends', () => {
    const workspace = new Workspace();
    const buffer = workspace.open('file:///f.wst', 'print("😀x");\n');
    // The emoji is two UTF-16 code units: `x` is at character 9.
    workspace.edit('file:///f.wst', contentChangesToEdits(buffer.document, [{ range: { start: { line: 0, character: 9 }, end: { line: 0, character: 10 } }, text: 'y' }]), { sequential: true });
    assert.equal(buffer.text, 'print("😀y");\n');
    workspace.edit('file:///f.wst', contentChangesToEdits(buffer.document, [{ range: { start: { line: 0, character: 500 }, end: { line: 0, character: 500 } }, text: ' // end' }]), { sequential: true });
    assert.equal(buffer.text, 'print("😀y"); // end\n');
    workspace.edit('file:///f.wst', contentChangesToEdits(buffer.document, [{ text: 'all new' }]), { sequential: true });
    assert.equal(buffer.text, 'all new');
  });
});

describe('moving diagnostics through edits', () => {
  const item = (startOffset: number, endOffset: number) => ({ startOffset, endOffset });
  it('keeps ranges before an edit, shifts those after it, drops those it touches', () => {
    const moved = moveThroughEdits([item(0, 3), item(5, 8), item(20, 25)], [{ startOffset: 8, endOffset: 10, newText: 'abcde' }], true);
    assert.deepEqual(moved, [item(0, 3), item(23, 28)]);
  });
  it('applies sequential edits one after another', () => {
    const moved = moveThroughEdits([item(10, 12)], [
      { startOffset: 0, endOffset: 0, newText: 'xx' },
      { startOffset: 0, endOffset: 1, newText: '' },
    ], true);
    assert.deepEqual(moved, [item(11, 13)]);
  });
});

describe('the text facts the document, the mutation engine and the language server share', () => {
  it('commonEnds: the common beginning, then the common end, never overlapping it', () => {
    assert.deepEqual(commonEnds('let a = 1;', 'let ab = 1;'), { prefix: 5, suffix: 5 });
    assert.deepEqual(commonEnds('aaa', 'aaaa'), { prefix: 3, suffix: 0 });
    assert.deepEqual(commonEnds('same', 'same'), { prefix: 4, suffix: 0 });
  });

  it('changedRegion is what a reparse and a minimal edit both leave to change', () => {
    assert.deepEqual(changedRegion('fn f() {}', 'fn fx() {}'), { changeStart: 4, oldEnd: 4, newEnd: 5 });
    const [edit] = minimalEdits('print(total);', 0, 13, 'print(totals);');
    assert.deepEqual(edit, { startOffset: 11, endOffset: 11, newText: 's' });
  });

  it('inSourceOrder orders the parser\'s problems and the diagnostics alike, ties by code, then message', () => {
    const at = (startOffset: number, endOffset: number, message: string, code?: string) => ({ span: { startOffset, endOffset }, message, ...(code ? { code } : {}) });
    assert.deepEqual(
      inSourceOrder([at(4, 6, 'b'), at(0, 2, 'z')], [at(4, 6, 'a'), at(4, 5, 'c')]).map((d) => d.message),
      ['z', 'c', 'a', 'b'],
    );
    assert.deepEqual(inSourceOrder([at(0, 1, 'x', 'W_B'), at(0, 1, 'y', 'E_A')]).map((d) => d.code), ['E_A', 'W_B']);
    // A document's syntax diagnostics come out in that order whichever way the text was reached.
    const typed = WhetstoneDocument.create('let a = ;\nlet b = ;\n');
    const edited = WhetstoneDocument.create('let a = 1;\nlet b = 2;\n');
    edited.applyEdits([{ startOffset: 8, endOffset: 9, newText: '' }]);
    edited.applyEdits([{ startOffset: 18, endOffset: 19, newText: '' }]);
    assert.equal(edited.text, typed.text);
    assert.deepEqual(edited.syntaxDiagnostics.map((d) => [d.span.startOffset, d.message]), typed.syntaxDiagnostics.map((d) => [d.span.startOffset, d.message]));
    typed.dispose();
    edited.dispose();
  });
});
