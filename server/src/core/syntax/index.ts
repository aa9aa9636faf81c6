// From text to the AST: the parser (handed the grammar by whoever starts the process), the
// WhetstoneDocument that keeps text, tree, AST with stable ids and syntax diagnostics in step
// through edits, line positions and plain text-edit arithmetic.
export { initParser, parserReady, createParser } from './parser';
export { WhetstoneDocument, MAX_SYNTAX_DIAGNOSTICS, type EditOptions, type Comment } from './document';
export { LineIndex } from './lines';
export { applyTextEdits, carryEdit, changedRegion, commonEnds, invertEdits, moveThroughEdits, type TextEdit } from './text-edits';
export { foldCascades } from './cascades';
