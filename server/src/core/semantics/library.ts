// The library context (docs/AGENT-ENDPOINT.md "Library context"): modules of functions that imports
// can name, with signatures, descriptions, semantic tags, a vulnerability flag, and a policy. This
// file is the input shape, a tolerant reader for the JSON file, and the lookups the checker and the
// agent endpoint share (which module defines a name, whether policy blocks it).
import { ANY, resolveTypeString, type FunctionType, type ParameterType, type Type } from './types';

export interface LibraryFunction {
  name: string;
  /**
   * In Whetstone's own notation, name optional: `round(x: number, digits: number = 0): number`,
   * `fn fetchJson(url: string): any`, `(...values: any) -> void`. `p?: T` marks an optional
   * parameter. Unreadable or missing signatures make the function take anything and return any.
   */
  signature?: string;
  description?: string;
  tags?: string[];
  /** True (or a note saying why) when the function has a known vulnerability. */
  vulnerable?: boolean | string;
}

export interface LibraryModule {
  name: string;
  description?: string;
  functions: LibraryFunction[];
}

export interface LibraryPolicy {
  /** Function names, either bare (`eval`) or qualified (`http.fetchRaw`). */
  blockedFunctions: string[];
  blockedModules: string[];
  /** Whether calls to library functions must go through a `use` import. */
  requireImports: boolean;
}

export interface LibraryContext {
  name?: string;
  version?: string;
  modules: LibraryModule[];
  policy: LibraryPolicy;
}

/**
 * Reads a library JSON value into a LibraryContext, dropping what does not fit. `modules` may be
 * a list of modules or an object keyed by module name; `functions` likewise.
 */
export function readLibraryContext(raw: unknown): LibraryContext {
  const record = isRecord(raw) ? raw : {};
  const modules: LibraryModule[] = [];
  for (const [key, value] of entries(record.modules)) {
    if (!isRecord(value)) continue;
    const name = typeof value.name === 'string' ? value.name : key;
    if (!name) continue;
    const functions: LibraryFunction[] = [];
    for (const [fnKey, fnValue] of entries(value.functions)) {
      if (!isRecord(fnValue)) continue;
      const fnName = typeof fnValue.name === 'string' ? fnValue.name : fnKey;
      if (!fnName) continue;
      const fn: LibraryFunction = { name: fnName };
      if (typeof fnValue.signature === 'string') fn.signature = fnValue.signature;
      if (typeof fnValue.description === 'string') fn.description = fnValue.description;
      if (Array.isArray(fnValue.tags)) fn.tags = fnValue.tags.filter((tag): tag is string => typeof tag === 'string');
      if (typeof fnValue.vulnerable === 'boolean' || typeof fnValue.vulnerable === 'string') fn.vulnerable = fnValue.vulnerable;
      functions.push(fn);
    }
    const module: LibraryModule = { name, functions };
    if (typeof value.description === 'string') module.description = value.description;
    modules.push(module);
  }
  const policy = isRecord(record.policy) ? record.policy : {};
  const context: LibraryContext = {
    modules,
    policy: {
      blockedFunctions: stringList(policy.blockedFunctions),
      blockedModules: stringList(policy.blockedModules),
      requireImports: policy.requireImports === true,
    },
  };
  if (typeof record.name === 'string') context.name = record.name;
  if (typeof record.version === 'string') context.version = record.version;
  return context;
}

export interface LibraryFunctionEntry {
  readonly module: string;
  readonly fn: LibraryFunction;
  readonly type: FunctionType;
}

/** The library context indexed for lookups; build it once per library, not per analysis. */
export class LibraryIndex {
  private readonly modules = new Map<string, Map<string, LibraryFunctionEntry>>();
  private readonly byFunctionName = new Map<string, LibraryFunctionEntry[]>();
  private readonly blockedFunctions: ReadonlySet<string>;
  private readonly blockedModules: ReadonlySet<string>;

  constructor(readonly context: LibraryContext) {
    for (const module of context.modules) {
      const functions = this.modules.get(module.name) ?? new Map<string, LibraryFunctionEntry>();
      this.modules.set(module.name, functions);
      for (const fn of module.functions) {
        const entry: LibraryFunctionEntry = { module: module.name, fn, type: parseLibrarySignature(fn.signature) };
        functions.set(fn.name, entry);
        const sameName = this.byFunctionName.get(fn.name);
        if (sameName) sameName.push(entry);
        else this.byFunctionName.set(fn.name, [entry]);
      }
    }
    this.blockedFunctions = new Set(context.policy.blockedFunctions);
    this.blockedModules = new Set(context.policy.blockedModules);
  }

  hasModule(module: string): boolean {
    return this.modules.has(module);
  }

  moduleNames(): string[] {
    return [...this.modules.keys()];
  }

  /** The functions of a module by name, or undefined for a module the library does not know. */
  functionsOf(module: string): ReadonlyMap<string, LibraryFunctionEntry> | undefined {
    return this.modules.get(module);
  }

  lookup(module: string, name: string): LibraryFunctionEntry | undefined {
    return this.modules.get(module)?.get(name);
  }

  /** Every module's function of that name (for adding a missing import). */
  findByName(name: string): readonly LibraryFunctionEntry[] {
    return this.byFunctionName.get(name) ?? [];
  }

  /** Whether policy blocks calling `module.name` (or a whole module when name is omitted). */
  isBlocked(module: string, name?: string): boolean {
    if (this.blockedModules.has(module)) return true;
    return name !== undefined && (this.blockedFunctions.has(`${module}.${name}`) || this.blockedFunctions.has(name));
  }

  /** A module's members as the checker types them. */
  moduleMembers(module: string): ReadonlyMap<string, Type> | null {
    const functions = this.modules.get(module);
    if (!functions) return null;
    return new Map([...functions].map(([name, entry]) => [name, entry.type as Type]));
  }
}

/** A function type that takes anything: what an imported name has when its signature is unknown. */
const libraryIndexes = new WeakMap<LibraryContext, LibraryIndex>();

/**
 * The index of a library context, built the first time it is asked for and kept as long as the
 * context is: the analysis of every buffer and the agent's checks of every change share it.
 */
export function libraryIndexOf(library: LibraryContext | LibraryIndex | undefined): LibraryIndex | undefined {
  if (!library) return undefined;
  if (library instanceof LibraryIndex) return library;
  let index = libraryIndexes.get(library);
  if (!index) {
    index = new LibraryIndex(library);
    libraryIndexes.set(library, index);
  }
  return index;
}

export const ANY_FUNCTION: FunctionType = { kind: 'function', params: [], rest: { name: 'args', type: ANY }, returnType: ANY, async: false };

/** Reads a signature in the notation described at LibraryFunction.signature. */
export function parseLibrarySignature(signature: string | undefined): FunctionType {
  if (!signature) return ANY_FUNCTION;
  const match = /^\s*(async\s+)?(?:fn\s+)?(?:[A-Za-z_][A-Za-z0-9_.]*\s*)?\((.*)\)\s*(?:(?::|->|=>)\s*(.+?))?\s*;?\s*$/s.exec(signature);
  if (!match) return ANY_FUNCTION;
  const [, asyncKeyword, paramText, returnText] = match;
  // Library types are not declared in the buffer: names other than the built-in types are any.
  const typeOf = (text: string | undefined): Type => (text ? resolveTypeString(text, () => false).type : ANY);
  const params: ParameterType[] = [];
  let rest: FunctionType['rest'];
  for (const part of splitTopLevel(paramText)) {
    const param = /^\s*(\.\.\.)?\s*([A-Za-z_][A-Za-z0-9_]*)\s*(\?)?\s*(?::\s*([^=]+?))?\s*(?:=\s*(.+?))?\s*$/s.exec(part);
    if (!param) return ANY_FUNCTION;
    const [, spread, name, optionalMark, typeText, defaultText] = param;
    if (spread) {
      rest = { name, type: typeOf(typeText) };
      continue;
    }
    const hasDefault = Boolean(optionalMark) || defaultText !== undefined;
    params.push(defaultText !== undefined ? { name, type: typeOf(typeText), hasDefault, defaultText } : { name, type: typeOf(typeText), hasDefault });
  }
  const type: FunctionType = { kind: 'function', params, returnType: typeOf(returnText), async: Boolean(asyncKeyword) };
  return rest ? { ...type, rest } : type;
}

/** Splits `a: map<string, number>, b` at the commas that are not inside <> or (). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '<' || ch === '(') depth++;
    else if (ch === '>' || ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  const last = text.slice(start);
  if (last.trim() || parts.length > 0) parts.push(last);
  return parts.filter((part) => part.trim() !== '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** [key, value] pairs of an array (key '') or of an object. */
function entries(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return value.map((item) => ['', item]);
  if (isRecord(value)) return Object.entries(value);
  return [];
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
