// How large a buffer the process parses and analyses. A buffer costs about a hundred times its
// text in memory while it is open (the AST with ids and spans, the semantic model; see
// bench/README.md "Where the server's memory is"): a 10,000-line file of 268 KB keeps the
// language server near 130 MB, and one of 13.6 MB took 14 s to open and 1.35 GB, past which V8's
// heap gives out and the process with it. VS Code hands extensions files of up to 50 MB, so the
// limit is the server's own: above it a document is kept as text only, with language features off
// for it (lsp/oversized-documents.ts), and an agent's change that would take a buffer past it is
// refused.

/** The most characters (UTF-16 code units, as String.length counts) a parsed buffer may have: 4 Mi, about 100,000 lines. */
export const MAX_BUFFER_CHARACTERS = 4 * 1024 * 1024;

/** Whether a text is too large to be a parsed buffer. */
export function tooLargeForBuffer(length: number): boolean {
  return length > MAX_BUFFER_CHARACTERS;
}

/** Says why a text of `length` characters is not parsed, for a person or an agent. */
export function tooLargeMessage(length: number): string {
  return `it has ${length.toLocaleString('en-US')} characters, more than the ${MAX_BUFFER_CHARACTERS.toLocaleString('en-US')} a Whetstone buffer may have`;
}
