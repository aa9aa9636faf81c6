// `whetstone-agent check [--json] PATH...`: the diagnostics of every file, syntax and semantic,
// computed by the same core (through the same OpenBuffer of the workspace) as the language server's. Text lines are
// `path:line:column severity CODE message` with a 1-based column, as compilers print them so
// terminals link them; --json prints one object a line with the core's own positions (line
// 1-based, column 0-based, UTF-16).
import type { Diagnostic } from '../core/ast';
import { MAX_LINE_CHARS, terminalLine } from '../protocol/display-text';
import { OpenBuffer } from '../workspace/buffer';
import { loadGrammar } from '../workspace/grammar';
import { collectFiles, readBufferFile, sourceText } from './files';
import { EXIT_ERRORS_FOUND, EXIT_OK, EXIT_USAGE, type Output } from './output';

export interface CheckOptions {
  json: boolean;
  paths: string[];
}

/** One diagnostic as a --json line. */
export function diagnosticRecord(file: string, diagnostic: Diagnostic): Record<string, unknown> {
  const record: Record<string, unknown> = {
    file,
    code: diagnostic.code,
    severity: diagnostic.severity,
    message: diagnostic.message,
    nodeId: diagnostic.nodeId,
    line: diagnostic.line,
    column: diagnostic.column,
    span: diagnostic.span,
    hint: diagnostic.hint ?? null,
  };
  if (diagnostic.fix) record.fix = diagnostic.fix;
  return record;
}

/** One diagnostic as a text line: one line on the terminal whatever the file's names and text hold. */
export function diagnosticLine(file: string, diagnostic: Diagnostic): string {
  const hint = diagnostic.hint ? ` (${diagnostic.hint})` : '';
  return terminalLine(`${file}:${diagnostic.line}:${diagnostic.column + 1} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}${hint}`, MAX_LINE_CHARS * 4);
}

/** The diagnostics of one file's text, in source order. */
export function checkText(text: string, uri: string): Diagnostic[] {
  const buffer = OpenBuffer.open(uri, text);
  try {
    return buffer.diagnostics();
  } finally {
    buffer.dispose();
  }
}

export async function runCheck(options: CheckOptions, output: Output): Promise<number> {
  await loadGrammar();
  const { files, problems } = collectFiles(options.paths);
  let unreadable = problems.length > 0;
  for (const problem of problems) output.err(`whetstone-agent: ${problem.path}: ${problem.message}`);
  let errors = 0;
  let others = 0;
  for (const file of files) {
    const read = readBufferFile(file);
    if ('problem' in read) {
      output.err(`whetstone-agent: ${file}: ${read.problem}`);
      unreadable = true;
      continue;
    }
    const text = sourceText(read.text);
    for (const diagnostic of checkText(text, file)) {
      if (diagnostic.severity === 'error') errors++;
      else others++;
      output.out(options.json ? JSON.stringify(diagnosticRecord(file, diagnostic)) : diagnosticLine(file, diagnostic));
    }
  }
  if (!options.json) {
    const counted = `${files.length} file${files.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${others} other diagnostic${others === 1 ? '' : 's'}`;
    output.err(counted);
  }
  if (unreadable) return EXIT_USAGE;
  return errors > 0 ? EXIT_ERRORS_FOUND : EXIT_OK;
}
