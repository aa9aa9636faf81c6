// Source text of any supported language into the Whetstone AST with its diagnostics. Never
// throws on bad source: syntax errors give E_SYNTAX diagnostics and a partial AST.
import { inSourceOrder, type Program } from '../../core/ast';
import { parserReady, WhetstoneDocument } from '../../core/syntax';
import type { ProjectionDiagnostic } from '../diagnostics';
import { loadGrammar, parserFor, type ForeignLanguage } from '../grammars';
import type { Language } from '../languages';
import { AstBuilder } from './ast-builder';
import { JavaScriptImporter } from './javascript';
import { reportNullableFinds } from './javascript-find';
import { reportTextsTakenAsLists } from './javascript-spread';
import { reportUnknownJoins } from './javascript-join';
import { reportTextualSorts } from './javascript-sort';
import { reportOmittedOptionalFields } from './omitted-fields';
import { reportNumberKeys } from './javascript-number-keys';
import { reportVoidCallValues } from './javascript-void-calls';
import { reportShortUnpacking } from './javascript-unpacking';
import { reportMissingKeyReads } from './javascript-map-reads';
import { JavaScriptValues } from './javascript-values';
import { renameKeywordNames } from './keyword-names';
import { listCallIds, retypeTextLists } from './python-text-lists';
import { reportDisplayDifferences } from './display-check';
import { reportConversions } from './conversions';
import { reportLibraryNames } from './library-names';
import { PythonImporter } from './python';
import { carryMethodCalls } from './class-method-calls';
import { carryTruthTests } from './truthiness';
import { readMembership } from './python-membership';
import { reportExtremes } from './python-extremes';
import { retypeListCounts } from './python-counts';
import { typeNumberKeyedDicts, typeTextKeyedDicts } from './python-number-keyed-dicts';
import { typeReturnedMaps } from './python-returned-maps';
import { reportRunFindings } from './python-run-findings';
import { reportRunGaps } from './python-run-gaps';
import { reportLateBindings } from './python-closures';
import { reportCountedDicts } from './python-collections';
import { typeParametersFromCalls } from './python-call-site-types';
import { carryEqualities } from './python-equality';
import { typeGeneratorWalks } from './python-generator-walks';
import { carryListExtends } from './python-list-extends';
import { typeItemPairs } from './python-item-pairs';

export interface ImportResult {
  ast: Program;
  /** Syntax errors and W_UNSUPPORTED (what was left out), in source order. */
  diagnostics: ProjectionDiagnostic[];
  /** Whetstone comments (kept for printing Whetstone back); empty for other languages. */
  comments: { text: string; span: Program['span'] }[];
}

/**
 * Loads the grammar `language` needs (once per process). The Whetstone grammar is the process's
 * to load at start-up (initParser); this waits for it.
 */
export async function prepareImport(language: Language): Promise<void> {
  if (language === 'whetstone') await parserReady();
  else await loadGrammar(language);
}

/**
 * Reads `source` as `language` into a Whetstone AST whose ids are `<idPrefix><n>`. The grammar
 * must be loaded (prepareImport).
 */
export function importSource(source: string, language: Language, idPrefix = 'parsed_'): ImportResult {
  if (language === 'whetstone') return importWhetstone(source, idPrefix);
  const tree = parserFor(language as ForeignLanguage).parse(source);
  if (!tree) throw new Error(`The ${language} parser gave no tree`);
  try {
    const builder = new AstBuilder(source, idPrefix);
    builder.collectSyntaxErrors(tree.rootNode);
    const python = language === 'python' ? new PythonImporter(builder) : undefined;
    const javascript = python ? undefined : new JavaScriptImporter(builder);
    const ast = python ? python.program(tree.rootNode) : javascript!.program(tree.rootNode);
    const classes = (python ?? javascript)!.classes;
    const read = python ? 'python' : 'javascript';
    // Method calls first: until then they are calls of members, which the passes below would misread.
    carryMethodCalls(ast, builder, classes, false, read);
    // Before every check that reads types: a parameter without a hint takes the type its calls agree on.
    // Dicts keyed by numbers before and after: a parameter typed from its calls may key one, and the key of one may be such a parameter.
    if (language === 'python') typeNumberKeyedDicts(ast);
    // In JavaScript, where a class's methods take their instances and other values without annotations.
    if (language === 'python' || classes.carried.size > 0) typeParametersFromCalls(ast, listCallIds(ast, builder));
    // A parameter typed from its calls may be the receiver of a method call.
    const classUses = carryMethodCalls(ast, builder, classes, true, read);
    if (language === 'python') typeNumberKeyedDicts(ast);
    // A dict written with text keys and given one that may look like an array index: a map, which keeps its order in JavaScript.
    if (language === 'python') typeTextKeyedDicts(ast);
    // A generator's walk of a text takes its characters, and the walk's name their type, before the checks that read it.
    if (language === 'python') typeGeneratorWalks(ast, builder);
    // Python's == of lists, dicts and records compares their values.
    if (language === 'python') carryEqualities(ast, builder, new Set(classes.carried.keys()));
    // Python's `xs += ys` of a list extends it in place (after concat, so `xs += a + b` is known a list's).
    const extended = language === 'python' ? [...carryListExtends(ast, builder), ...typeItemPairs(ast, builder)] : [];
    // First: the checks below read the program's tests for truth as Whetstone's bool conditions,
    // and the renaming below keeps a declaration named like a built-in these use (len, abs) apart.
    const truths = carryTruthTests(ast, builder, language === 'python' ? 'python' : 'javascript', new Set(classes.carried.keys()));
    // Before the library check: a JavaScript declaration named like a mapped built-in is renamed.
    const renamed = renameKeywordNames(ast, language === 'python' ? undefined : builder.libraryCallees);
    if (language === 'python') typeReturnedMaps(ast);
    if (language === 'python') retypeListCounts(ast, builder);
    const textLists = language === 'python' ? [...retypeTextLists(ast, builder), ...reportCountedDicts(ast, builder)] : [];
    const membership = language === 'python' ? [...readMembership(ast, builder), ...reportExtremes(ast, builder), ...reportRunFindings(ast, builder)] : [...reportTextualSorts(ast, builder.libraryCallees), ...reportNumberKeys(ast), ...reportOmittedOptionalFields(ast), ...reportVoidCallValues(ast)];
    const libraryNames = reportLibraryNames(ast, language as ForeignLanguage, builder.libraryCallees);
    // What JavaScript values may be where the checker does not say, followed over the whole file.
    const values = language === 'python' ? undefined : new JavaScriptValues(ast, builder.libraryCallees);
    const joins = values ? [...reportUnknownJoins(ast, builder.libraryCallees, values), ...reportShortUnpacking(ast, builder.unpackings, values), ...reportNullableFinds(ast, builder.libraryCallees, values), ...reportTextsTakenAsLists(builder, values), ...reportMissingKeyReads(ast, builder.libraryCallees, values)] : [];
    const displays = reportDisplayDifferences(ast, language as ForeignLanguage, builder.libraryCallees, source, builder, values);
    // Last: a conversion of a number becomes the number, which the display check judged as num(…).
    const conversions = reportConversions(ast, builder.conversions);
    // What the run at import did not check (where it gave up, what it never reached).
    const gaps = language === 'python' ? reportRunGaps(ast, builder) : [];
    const lateBindings = language === 'python' ? reportLateBindings(ast) : [];
    const diagnostics = inSourceOrder([...builder.diagnostics, ...classUses, ...extended, ...textLists, ...truths, ...membership, ...libraryNames, ...joins, ...displays, ...conversions, ...renamed, ...gaps, ...lateBindings]);
    return { ast, diagnostics, comments: [] };
  } finally {
    tree.delete();
  }
}

function importWhetstone(source: string, idPrefix: string): ImportResult {
  // Ids are made with the prefix, so nothing is renamed; the document is thrown away below, so its
  // AST is taken over rather than copied.
  const doc = WhetstoneDocument.create(source, 1, { idPrefix });
  try {
    return { ast: doc.ast, diagnostics: [...doc.syntaxDiagnostics], comments: doc.comments.map((comment) => ({ ...comment })) };
  } finally {
    doc.dispose();
  }
}
