// `whetstone-agent parse [--json] FILE`: the AST of a file exactly as the core produces it (the
// shape agents see) and its diagnostics, as one JSON object `{ast, diagnostics}`.
import { OpenBuffer } from '../workspace/buffer';
import { loadGrammar } from '../workspace/grammar';
import { readBufferFile, sourceText } from './files';
import { EXIT_OK, EXIT_USAGE, type Output } from './output';

export async function runParse(file: string, output: Output): Promise<number> {
  const read = readBufferFile(file);
  if ('problem' in read) {
    output.err(`whetstone-agent: ${file}: ${read.problem}`);
    return EXIT_USAGE;
  }
  const text = sourceText(read.text);
  await loadGrammar();
  const buffer = OpenBuffer.open(file, text);
  try {
    output.out(JSON.stringify({ ast: buffer.document.ast, diagnostics: buffer.diagnostics() }));
  } finally {
    buffer.dispose();
  }
  return EXIT_OK;
}
