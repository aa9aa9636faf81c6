// W_UNUSED: variables, constants, parameters, loop variables and imports whose value is never
// read. Writing a variable (`x = 1;`, `x += 1;`) is not reading it. Names starting with `_` are
// exempt; functions, types and fields are never reported (they may be used from outside).
import { childNodes, type ImportDeclaration, type Node, type Span } from '../ast/ast';
import { makeDiagnostic, type Diagnostic } from '../ast/diagnostics';
import type { Mutation } from '../ast/mutation';
import { deleteNode, setProperty } from './fixes';
import { importNameSpansIn, nameSpanIn, type NameSpans } from './resolve';
import { kindOf, type RecordedReference } from './resolution';
import type { SemanticSymbol } from './symbols';

/** The symbols to look at, and where their references and declarations are. */
export interface UnusedSource {
  readonly symbols: readonly SemanticSymbol[];
  referencesOf(symbol: SemanticSymbol): readonly RecordedReference[];
  declNode(id: string): Node | undefined;
}

const CHECKED_KINDS = new Set(['variable', 'constant', 'parameter', 'iterator', 'import']);

export function findUnused(source: UnusedSource, names: NameSpans | undefined): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const unusedByImport = new Map<string, Set<number>>();
  const unused: SemanticSymbol[] = [];
  for (const symbol of source.symbols) {
    if (!CHECKED_KINDS.has(symbol.kind) || !symbol.name || symbol.name.startsWith('_') || !symbol.declNodeId) continue;
    const references = source.referencesOf(symbol);
    // A read counts (what W_UNUSED is about); `x += 1` alone is not one.
    if (references.some((reference) => kindOf(reference) === 'read')) continue;
    // A duplicate declaration is reported as such, not also as unused.
    if (symbol.scope.symbols.get(symbol.name) !== symbol) continue;
    unused.push(symbol);
    if (symbol.kind === 'import') {
      const set = unusedByImport.get(symbol.declNodeId) ?? new Set<number>();
      set.add(symbol.importIndex ?? -1);
      unusedByImport.set(symbol.declNodeId, set);
    }
  }

  for (const symbol of unused) {
    const decl = source.declNode(symbol.declNodeId ?? '');
    if (!decl) continue;
    const nameSpan = nameSpanIn(names, decl) ?? decl.span;
    const references = source.referencesOf(symbol);
    switch (symbol.kind) {
      case 'variable':
      case 'constant': {
        const written = references.some((reference) => kindOf(reference) === 'write' || kindOf(reference) === 'readwrite');
        const initializer = decl.type === 'VariableDeclaration' ? decl.initializer : null;
        const removable = !written && (!initializer || !hasSideEffects(initializer));
        diagnostics.push(
          makeDiagnostic('W_UNUSED', `Unused ${symbol.kind === 'constant' ? 'constant' : 'variable'} '${symbol.name}'`, decl.id, nameSpan, {
            hint: removable ? 'Remove it, or prefix its name with _' : `Its value is never read; prefix its name with _ if that is intended`,
            ...(removable ? { fix: [deleteNode(decl.id)] } : {}),
          }),
        );
        break;
      }
      case 'parameter': {
        // The name a catch binds is a parameter of its handler, which cannot be removed.
        const caught = decl.type === 'TryStatement';
        diagnostics.push(
          makeDiagnostic('W_UNUSED', `Unused ${caught ? 'caught message' : 'parameter'} '${symbol.name}'`, decl.id, nameSpan, {
            hint: caught ? `Name it _${symbol.name} to mark it as intentionally unused` : `Remove it, or name it _${symbol.name} to mark it as intentionally unused`,
            ...(isFreeName(symbol, `_${symbol.name}`) ? { fix: [setProperty(decl.id, caught ? 'catchName' : 'name', `_${symbol.name}`)] } : {}),
          }),
        );
        break;
      }
      case 'iterator':
        diagnostics.push(
          makeDiagnostic('W_UNUSED', `Unused loop variable '${symbol.name}'`, decl.id, nameSpan, {
            hint: `Name it _${symbol.name} to mark it as intentionally unused`,
            ...(isFreeName(symbol, `_${symbol.name}`) ? { fix: [setProperty(decl.id, 'iterator', `_${symbol.name}`)] } : {}),
          }),
        );
        break;
      case 'import': {
        const imp = decl as ImportDeclaration;
        const spans = importNameSpansIn(names, imp) ?? [];
        const span: Span = symbol.importIndex !== undefined ? (spans[symbol.importIndex] ?? imp.span) : imp.span;
        const unusedHere = unusedByImport.get(imp.id) ?? new Set<number>();
        const everyNameUnused = imp.names.length === 0 || imp.names.every((_, index) => unusedHere.has(index));
        const fix: Mutation[] = everyNameUnused
          ? [deleteNode(imp.id)]
          : [setProperty(imp.id, 'names', imp.names.filter((_, index) => index !== symbol.importIndex))];
        diagnostics.push(makeDiagnostic('W_UNUSED', `Unused import '${symbol.name}'`, imp.id, span, { hint: 'Remove it', fix }));
        break;
      }
      default:
        break;
    }
  }
  return diagnostics;
}

/** Whether evaluating `node` could do more than compute a value (a call or an await). */
function hasSideEffects(node: Node): boolean {
  if (node.type === 'CallExpression' || (node.type === 'UnaryExpression' && node.operator === 'await')) return true;
  // A lambda's body runs only when called.
  if (node.type === 'Lambda') return false;
  return childNodes(node).some(hasSideEffects);
}

/** Whether renaming `symbol` to `name` would not collide with a name in its own scope. */
function isFreeName(symbol: SemanticSymbol, name: string): boolean {
  return !symbol.scope.symbols.has(name);
}
