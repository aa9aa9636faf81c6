// `whetstone-agent project --to LANG FILE` and `whetstone-agent import FILE`: projection from the
// command line. The code goes to stdout; what could not be carried (W_UNSUPPORTED, W_UNFAITHFUL),
// syntax errors and the checker's errors go to stderr as `path:line:column severity CODE message`
// lines. The checker's errors: a program that does not check may not run as written in any
// target (an import that gave a `.wst` failing its check is told so, not passed off as carried).
import { inSourceOrder } from '../core/ast';
import { generate, importedCheckErrors, languageOfFile, parseSourceText, ProjectionError, requireLanguage, validate, type ProjectionDiagnostic } from '../projection';
import { loadGrammar } from '../workspace/grammar';
import { readSourceFile, sourceText } from './files';
import { EXIT_ERRORS_FOUND, EXIT_OK, EXIT_USAGE, type Output } from './output';

export interface ProjectOptions {
  /** The language to write. */
  to: string;
  file: string;
  pythonNames?: 'keep' | 'snake_case';
}

function report(file: string, diagnostics: readonly ProjectionDiagnostic[], output: Output): boolean {
  for (const d of diagnostics) output.err(`${file}:${d.line}:${d.column + 1} ${d.severity} ${d.code} ${d.message}`);
  return diagnostics.some((d) => d.severity === 'error');
}

/** Reads FILE (its language from its extension; Whetstone otherwise) and writes it in `to`. */
export async function runProject(options: ProjectOptions, output: Output): Promise<number> {
  const read = readSourceFile(options.file);
  if ('problem' in read) {
    output.err(`whetstone-agent: ${options.file}: ${read.problem}`);
    return EXIT_USAGE;
  }
  const text = sourceText(read.text);
  await loadGrammar();
  try {
    const target = requireLanguage(options.to, 'target language');
    const parsed = await parseSourceText(text, languageOfFile(options.file) ?? 'whetstone');
    const generated = generate(parsed.ast, target, { pythonNames: options.pythonNames, comments: parsed.comments, source: text });
    // Where the reading already failed, its errors say why; the checker would only repeat them.
    const readFailed = parsed.diagnostics.some((d) => d.severity === 'error');
    const written = (): string => (target === 'whetstone' ? generated.code : generate(parsed.ast, 'whetstone', { comments: parsed.comments, source: text }).code);
    let checkErrors: ProjectionDiagnostic[] = [];
    if (!readFailed && parsed.language === 'whetstone') checkErrors = validate(parsed.ast).diagnostics.filter((d) => d.severity === 'error');
    else if (!readFailed) checkErrors = importedCheckErrors(parsed.ast, written());
    const failed = report(options.file, inSourceOrder(parsed.diagnostics, checkErrors, generated.diagnostics), output);
    output.out(generated.code.replace(/\n$/, ''));
    return failed ? EXIT_ERRORS_FOUND : EXIT_OK;
  } catch (error) {
    if (!(error instanceof ProjectionError)) throw error;
    output.err(`whetstone-agent: ${options.file}: ${error.message}`);
    return EXIT_USAGE;
  }
}

/** Reads a JavaScript, TypeScript or Python FILE and writes it as Whetstone. */
export async function runImport(file: string, output: Output): Promise<number> {
  const language = languageOfFile(file);
  if (!language || language === 'whetstone') {
    output.err(`whetstone-agent: ${file}: import reads .js, .mjs, .cjs, .ts and .py files`);
    return EXIT_USAGE;
  }
  return runProject({ to: 'whetstone', file }, output);
}
