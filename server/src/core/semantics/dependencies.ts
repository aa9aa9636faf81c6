// What the analysis of one function read from outside it, so that a later analysis can keep its
// facts when none of that changed (incremental analysis, see model.ts). Recorded while the
// function is resolved and checked: every name looked up in the program scope (found or not),
// whether the whole list of program names was read (suggestions), and every declared type whose
// fields or existence were asked for.
import type { SemanticSymbol } from './symbols';
import type { Type } from './types';

export class Dependencies {
  /** Program-scope names looked up -> the symbol found then (undefined: none, a builtin or nothing). */
  readonly names = new Map<string, SemanticSymbol | undefined>();
  /** Whether every program name was listed (a "did you mean" suggestion). */
  allNames = false;
  /** Declared type names asked about (fields, or whether it is declared). */
  readonly types = new Set<string>();
  /** Whether every declared type name was listed. */
  allTypes = false;
}

let current: Dependencies | undefined;

/** Runs `body` recording into `dependencies` what it reads from the program level. */
export function recordingInto<T>(dependencies: Dependencies, body: () => T): T {
  const saved = current;
  current = dependencies;
  try {
    return body();
  } finally {
    current = saved;
  }
}

export function recordTypeName(name: string): void {
  current?.types.add(name);
}

export function recordAllTypeNames(): void {
  if (current) current.allTypes = true;
}

/**
 * The program scope's symbol table: a Map that records, for the function being analysed, each
 * name asked for and whether it was iterated. Outside a recording it is a plain Map.
 */
export class RecordingSymbols extends Map<string, SemanticSymbol> {
  override get(name: string): SemanticSymbol | undefined {
    const symbol = super.get(name);
    if (current && !current.names.has(name)) current.names.set(name, symbol);
    return symbol;
  }

  override has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /** The symbol without recording (for the checks of what was recorded). */
  peek(name: string): SemanticSymbol | undefined {
    return super.get(name);
  }

  /** Every symbol, without recording. */
  peekAll(): MapIterator<SemanticSymbol> {
    return super.values();
  }

  override values(): MapIterator<SemanticSymbol> {
    if (current) current.allNames = true;
    return super.values();
  }

  override keys(): MapIterator<string> {
    if (current) current.allNames = true;
    return super.keys();
  }

  override entries(): MapIterator<[string, SemanticSymbol]> {
    if (current) current.allNames = true;
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[string, SemanticSymbol]> {
    return this.entries();
  }

  override forEach(callback: (value: SemanticSymbol, key: string, map: Map<string, SemanticSymbol>) => void, thisArg?: unknown): void {
    if (current) current.allNames = true;
    super.forEach(callback, thisArg);
  }
}

/** A type (or any plain value holding types) as a string that is equal exactly when the types are. */
export function typeKey(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Map ? [...inner.entries()] : inner === undefined ? null : inner)) ?? '';
}

/** typeKey of a type, once per Type object (types are never changed in place, and analyses after an edit share most of them). */
export function typeKeyOf(type: Type | undefined): string {
  if (!type) return typeKey(type);
  let key = typeKeys.get(type);
  if (key === undefined) {
    key = typeKey(type);
    typeKeys.set(type, key);
  }
  return key;
}
const typeKeys = new WeakMap<Type, string>();

/** Deep equality of types (plain objects, arrays and Maps of them). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) if (!b.has(key) || !sameValue(value, b.get(key))) return false;
    return true;
  }
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((value, index) => sameValue(value, b[index]));
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
