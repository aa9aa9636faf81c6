// Whether a rename keeps its meaning once the program is projected to JavaScript and Python.
// Whetstone shows a local from the end of its declaration (`let f = f(1);` calls the outer `f`)
// and scopes by block; JavaScript puts a `let`, a parameter or a loop variable in scope in its
// whole block, function or loop (before its declaration it is a ReferenceError), does not let a
// body's `let` share its function's parameter's name, and Python has one scope per function.
// So, after the rename, a name written inside such a target scope that means a binding declared
// outside it would read the local instead: the rename is refused. A local that merely hides an
// outer name the scope does not use, two sibling blocks with one name, or a local named like a
// built-in (the generators keep built-ins apart), are fine in all three.
// The checks run on the renamed text's model (rename-bindings.ts makes it) and only look at pairs
// that the rename makes: the renamed binding and what it would be confused with.
import type { Node, Span } from '../ast/ast';
import type { NameOccurrence } from '../queries/name-occurrences';
import type { SemanticModel } from '../semantics/model';
import type { SemanticSymbol } from '../semantics/symbols';
import type { WhetstoneDocument } from '../syntax/document';

const LOCAL_KINDS: ReadonlySet<string> = new Set(['variable', 'constant', 'parameter', 'iterator']);

/**
 * Why the projected JavaScript or Python would read a name `newName` differently after the
 * rename (the document and model are the renamed ones; `renamed` are the renamed symbols in that
 * model), or undefined.
 */
export function targetScopeBreak(
  document: WhetstoneDocument,
  model: SemanticModel,
  occurrences: readonly NameOccurrence[],
  renamed: ReadonlySet<SemanticSymbol>,
  newName: string,
): string | undefined {
  const locals = model.symbols.filter((symbol) => symbol.name === newName && LOCAL_KINDS.has(symbol.kind) && symbol.scope.kind !== 'program');
  if (locals.length === 0) return undefined;
  const uses = occurrences.filter((o) => o.name === newName && !o.declaration && o.symbol && document.nodeById(o.nodeId)?.type === 'Identifier');
  const place = placeOf(document);

  for (const local of locals) {
    const block = spanOfNode(document, local.scope.nodeId);
    const fn = enclosingFunction(document, local);
    for (const use of uses) {
      const meant = use.symbol!;
      // A built-in is written in the target's own idiom (console.log, len(), …) and the generators
      // rename a local that would hide one they use, as Whetstone lets a local hide a built-in.
      if (meant === local || meant.kind === 'builtin' || !(renamed.has(local) || renamed.has(meant))) continue;
      const at = use.span.startOffset;
      const declared = place(meant);
      if (block && within(block, at) && !(declared !== undefined && within(block, declared))) {
        return `in JavaScript the ${kindWord(local)} '${newName}' (line ${lineOf(document, local) ?? '?'}) is in scope in its whole ${scopeWord(local)}, so '${newName}' at line ${use.span.start.line}, which means ${describe(document, meant)}, would read it there${at < local.visibleFrom ? ' before it is initialised (a ReferenceError)' : ''}`;
      }
      const inFunction = fn ? within(fn, at) : true;
      const declaredInFunction = declared !== undefined && (fn ? within(fn, declared) : true);
      if (inFunction && !declaredInFunction) {
        return `in Python a local is in scope in its whole ${fn ? 'function' : 'module'}, so '${newName}' at line ${use.span.start.line}, which means ${describe(document, meant)}, would read the ${kindWord(local)} '${newName}' of line ${lineOf(document, local) ?? '?'} instead`;
      }
    }
    const clash = parameterOfBody(document, local, newName);
    if (clash && (renamed.has(local) || renamed.has(clash))) {
      return `in JavaScript a variable declared in a function's body cannot share its name with a parameter of that function ('${newName}' at lines ${lineOf(document, clash) ?? '?'} and ${lineOf(document, local) ?? '?'}: a SyntaxError)`;
    }
  }
  return undefined;
}

/** Where a symbol's name is declared (an offset). */
function placeOf(document: WhetstoneDocument): (symbol: SemanticSymbol) => number | undefined {
  return (symbol) => {
    if (!symbol.declNodeId) return undefined;
    return (document.nameSpan(symbol.declNodeId) ?? document.nodeById(symbol.declNodeId)?.span)?.startOffset;
  };
}

function lineOf(document: WhetstoneDocument, symbol: SemanticSymbol): number | undefined {
  if (!symbol.declNodeId) return undefined;
  return (document.nameSpan(symbol.declNodeId) ?? document.nodeById(symbol.declNodeId)?.span)?.start.line;
}

function spanOfNode(document: WhetstoneDocument, nodeId: string | null): Span | undefined {
  return nodeId ? document.nodeById(nodeId)?.span : undefined;
}

/** The function or lambda a local belongs to (its whole text), or undefined at the top level. */
function enclosingFunction(document: WhetstoneDocument, symbol: SemanticSymbol): Span | undefined {
  for (let scope: SemanticSymbol['scope'] | null = symbol.scope; scope; scope = scope.parent) {
    if (scope.kind === 'function' || scope.kind === 'lambda') return spanOfNode(document, scope.nodeId);
  }
  return undefined;
}

/** For a variable declared directly in a function's or lambda's body, that function's parameter of the same name. */
function parameterOfBody(document: WhetstoneDocument, local: SemanticSymbol, name: string): SemanticSymbol | undefined {
  if (local.kind !== 'variable' && local.kind !== 'constant') return undefined;
  const outer = local.scope.parent;
  if (local.scope.kind !== 'block' || !outer || (outer.kind !== 'function' && outer.kind !== 'lambda') || !outer.nodeId) return undefined;
  const owner: Node | undefined = document.nodeById(outer.nodeId);
  if (!owner || (owner.type !== 'FunctionDeclaration' && owner.type !== 'Lambda') || owner.body?.id !== local.scope.nodeId) return undefined;
  const parameter = outer.symbols.get(name);
  return parameter?.kind === 'parameter' ? parameter : undefined;
}

function within(span: Span, offset: number): boolean {
  return offset >= span.startOffset && offset < span.endOffset;
}

function kindWord(symbol: SemanticSymbol): string {
  return symbol.kind === 'iterator' ? 'loop variable' : symbol.kind;
}

function scopeWord(symbol: SemanticSymbol): string {
  return symbol.kind === 'parameter' ? 'function' : symbol.kind === 'iterator' ? 'loop' : 'block';
}

function describe(document: WhetstoneDocument, symbol: SemanticSymbol): string {
  const line = lineOf(document, symbol);
  return `the ${kindWord(symbol)} '${symbol.name}'${line === undefined ? '' : ` of line ${line}`}`;
}
