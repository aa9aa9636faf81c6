// Benchmarks of the core on a generated 10,000-line file, each beside raw web-tree-sitter on the
// same text in the same run (budgets in bench/README.md).
import { Edit, type Tree } from 'web-tree-sitter';
import { analyze } from '../server/src/core/semantics';
import { WhetstoneDocument, LineIndex, createParser } from '../server/src/core/syntax';
import { loadGrammar } from '../server/src/workspace/grammar';
import { generateProgram } from './generate';
import { measure, measureInTurn, type Row } from './measure';

export async function benchCore(): Promise<{ rows: Row[]; rssMb: number }> {
  await loadGrammar();
  const text = generateProgram(10_000);
  const parser = createParser();

  // The raw parse, the opening alone (the document's AST with ids and its syntax diagnostics) and
  // the opening with the semantic analysis, in turn.
  const { rawParse, openDocument, fullDocument } = measureInTurn(15, {
    rawParse: () => parser.parse(text)?.delete(),
    openDocument: () => {
      const doc = WhetstoneDocument.create(text);
      void doc.syntaxDiagnostics;
      doc.dispose();
    },
    fullDocument: () => {
      const doc = WhetstoneDocument.create(text);
      analyze(doc);
      doc.dispose();
    },
  });

  // One-character edits in the middle of the file: the digit of `sum - 1` cycles 1..9.
  const doc = WhetstoneDocument.create(text);
  analyze(doc);
  const anchor = text.indexOf('sum - 1', text.length / 2) + 'sum - '.length;
  let digit = 1;
  const nextEdit = () => {
    digit = (digit % 9) + 1;
    return { startOffset: anchor, endOffset: anchor + 1, newText: String(digit) };
  };
  const syntaxEdit = measure(60, () => {
    doc.applyEdits([nextEdit()]);
    void doc.syntaxDiagnostics;
  });
  // The language server's path: the analysis starts from the previous model (incremental).
  let model = analyze(doc);
  const semanticEdit = measure(60, () => {
    doc.applyEdits([nextEdit()]);
    void doc.syntaxDiagnostics;
    model = analyze(doc, { previous: model });
  });
  // A line break typed and removed in the middle: every later item moves (lines and offsets).
  const lineAnchor = text.indexOf('\n', anchor);
  let broken = false;
  const lineEdit = measure(60, () => {
    doc.applyEdits([broken ? { startOffset: lineAnchor, endOffset: lineAnchor + 1, newText: '' } : { startOffset: lineAnchor, endOffset: lineAnchor, newText: '\n' }]);
    broken = !broken;
    model = analyze(doc, { previous: model });
  });
  const fullEdit = measure(15, () => {
    doc.applyEdits([nextEdit()]);
    analyze(doc);
  });

  let rawText = text;
  let tree: Tree = parser.parse(rawText)!;
  // The edits keep the length, so line starts never move: one index serves every run.
  const at = new LineIndex(text).positionAt(anchor);
  const startPosition = { row: at.line - 1, column: at.column };
  const endPosition = { row: at.line - 1, column: at.column + 1 };
  const rawReparse = measure(60, () => {
    const edit = nextEdit();
    rawText = rawText.slice(0, edit.startOffset) + edit.newText + rawText.slice(edit.endOffset);
    tree.edit(
      new Edit({
        startIndex: edit.startOffset,
        oldEndIndex: edit.endOffset,
        newEndIndex: edit.endOffset,
        startPosition,
        oldEndPosition: endPosition,
        newEndPosition: endPosition,
      }),
    );
    const next = parser.parse(rawText, tree)!;
    tree.delete();
    tree = next;
  });
  tree.delete();

  const rssMb = process.memoryUsage().rss / (1024 * 1024);
  doc.dispose();
  const lines = text.split('\n').length - 1;
  return {
    rssMb,
    rows: [
      {
        what: `parse + ids + diagnostics, ${lines}-line file`,
        budget: '≤ 150 ms',
        measured: fullDocument,
        floorName: 'raw web-tree-sitter parse',
        floor: rawParse,
      },
      {
        what: `open: AST with ids + syntax diagnostics (before the semantic analysis), ${lines}-line file`,
        budget: '≤ 3× raw parse',
        measured: openDocument,
        floorName: 'raw web-tree-sitter parse',
        floor: rawParse,
      },
      {
        what: 'one-character edit → syntax diagnostics (published at once)',
        budget: '≤ 20 ms p50',
        measured: syntaxEdit,
        floorName: 'raw incremental reparse',
        floor: rawReparse,
      },
      {
        what: 'one-character edit → syntax + semantic diagnostics (incremental analysis)',
        budget: '≤ 20 ms p50',
        measured: semanticEdit,
        floorName: 'raw incremental reparse',
        floor: rawReparse,
      },
      {
        what: 'the same, against the syntax-only path',
        budget: '≤ 3× syntax path',
        measured: semanticEdit,
        floorName: 'edit → syntax diagnostics (row 3)',
        floor: syntaxEdit,
      },
      {
        what: 'line break typed or removed mid-file → syntax + semantic diagnostics (every later item moves)',
        budget: '≤ 20 ms p50',
        measured: lineEdit,
        floorName: 'edit → syntax diagnostics (row 3)',
        floor: syntaxEdit,
      },
      {
        what: 'one-character edit → syntax + semantic diagnostics, whole file analysed afresh (before incremental analysis)',
        budget: '—',
        measured: fullEdit,
        floorName: 'raw incremental reparse',
        floor: rawReparse,
      },
    ],
  };
}
