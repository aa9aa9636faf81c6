// The rules for what a name means at a point (docs/LANGUAGE.md "Names and scopes", and
// docs/LANGUAGE-CHOICES.md); the Scope objects themselves are in symbols.ts:
// - builtins sit outside the program scope;
// - the program scope holds imports, types, functions (all visible everywhere: hoisted) and
//   top-level let/const (visible after their declaration, and everywhere inside function and
//   lambda bodies, which run later);
// - function and lambda scopes hold parameters; block scopes hold let/const; a for statement has a
//   scope of its own for the iterator, around its body; a type's scope holds its fields.
// Inside one scope a let/const/parameter is visible from the end of its declaration on, so
// `let x = x + 1;` reads an outer x.
import type { Scope, SemanticSymbol } from './symbols';

export interface LookupResult {
  symbol?: SemanticSymbol;
  /** A declaration of the name in scope but further down (used before its declaration). */
  declaredLater?: SemanticSymbol;
}

/**
 * What `name` means at `offset` in `scope`. `insideFunction` says whether the lookup starts inside
 * a function or lambda body already (when it starts from an outer scope on a declaration's behalf).
 */
export function lookup(scope: Scope, name: string, offset: number, insideFunction = false): LookupResult {
  let crossedFunction = insideFunction;
  let declaredLater: SemanticSymbol | undefined;
  for (let current: Scope | null = scope; current; current = current.parent) {
    const symbol = current.symbols.get(name);
    if (symbol) {
      if (isVisible(symbol, current, offset, crossedFunction)) return declaredLater ? { symbol, declaredLater } : { symbol };
      declaredLater ??= symbol;
    }
    if (current.kind === 'function' || current.kind === 'lambda') crossedFunction = true;
  }
  return declaredLater ? { declaredLater } : {};
}

/** Every symbol visible at `offset` in `scope`, innermost first, shadowed ones left out. */
export function visibleSymbols(scope: Scope, offset: number): SemanticSymbol[] {
  const out: SemanticSymbol[] = [];
  const seen = new Set<string>();
  let crossedFunction = false;
  for (let current: Scope | null = scope; current; current = current.parent) {
    for (const symbol of current.symbols.values()) {
      if (seen.has(symbol.name) || !isVisible(symbol, current, offset, crossedFunction)) continue;
      seen.add(symbol.name);
      out.push(symbol);
    }
    if (current.kind === 'function' || current.kind === 'lambda') crossedFunction = true;
  }
  return out;
}

function isVisible(symbol: SemanticSymbol, scope: Scope, offset: number, crossedFunction: boolean): boolean {
  if (symbol.visibleFrom <= offset) return true;
  return scope.kind === 'program' && crossedFunction;
}
