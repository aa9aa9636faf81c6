// The checker's types: the built-in types of docs/LANGUAGE.md (number string bool void any null,
// list<T>, map<K,V>, T?), declared types by name, function types, modules and the structural type
// of an object literal. Also: reading type strings as the AST holds them ("list<Item>",
// "(number)?"), printing types, and assignability.

export interface PrimitiveType {
  readonly kind: 'number' | 'string' | 'bool' | 'void' | 'any' | 'null';
}

export interface ListType {
  readonly kind: 'list';
  readonly element: Type;
}

export interface MapType {
  readonly kind: 'map';
  readonly key: Type;
  readonly value: Type;
}

/** `T?`: T or null. Never wraps any, null or another optional (see makeOptional). */
export interface OptionalType {
  readonly kind: 'optional';
  readonly inner: Type;
}

/** A type declared with `type Name { … }`; its fields live in the analysis's TypeTable. */
export interface NamedType {
  readonly kind: 'named';
  readonly name: string;
}

export interface ParameterType {
  readonly name: string;
  readonly type: Type;
  /** A parameter with a default value may be left out of a call. */
  readonly hasDefault: boolean;
  /** Source text of the default, for signatures ("0.2"); absent when unknown. */
  readonly defaultText?: string;
}

export interface FunctionType {
  readonly kind: 'function';
  readonly params: readonly ParameterType[];
  /** Extra arguments after `params` are allowed and must have this type (`print(…)`). */
  readonly rest?: { readonly name: string; readonly type: Type };
  readonly returnType: Type;
  readonly async: boolean;
}

/** A module bound by `use http;`. `members` is null when no library says what it holds. */
export interface ModuleType {
  readonly kind: 'module';
  readonly name: string;
  readonly members: ReadonlyMap<string, Type> | null;
}

/** The structural type of an object literal, fields in source order. */
export interface ObjectType {
  readonly kind: 'object';
  readonly fields: ReadonlyMap<string, Type>;
}

export type Type = PrimitiveType | ListType | MapType | OptionalType | NamedType | FunctionType | ModuleType | ObjectType;

export const NUMBER: PrimitiveType = Object.freeze({ kind: 'number' });
export const STRING: PrimitiveType = Object.freeze({ kind: 'string' });
export const BOOL: PrimitiveType = Object.freeze({ kind: 'bool' });
export const VOID: PrimitiveType = Object.freeze({ kind: 'void' });
export const ANY: PrimitiveType = Object.freeze({ kind: 'any' });
export const NULL: PrimitiveType = Object.freeze({ kind: 'null' });

const PRIMITIVES: ReadonlyMap<string, PrimitiveType> = new Map([
  ['number', NUMBER],
  ['string', STRING],
  ['bool', BOOL],
  ['void', VOID],
  ['any', ANY],
  ['null', NULL],
]);

/** Names a `type` declaration may not take. */
export const BUILTIN_TYPE_NAMES: ReadonlySet<string> = new Set([...PRIMITIVES.keys(), 'list', 'map']);

export function listOf(element: Type): ListType {
  return { kind: 'list', element };
}

export function mapOf(key: Type, value: Type): MapType {
  return { kind: 'map', key, value };
}

export function named(name: string): NamedType {
  return { kind: 'named', name };
}

/** `T?`, normalised: any? = any, null? = null, T?? = T?. */
export function makeOptional(type: Type): Type {
  if (type.kind === 'any' || type.kind === 'null' || type.kind === 'optional') return type;
  return { kind: 'optional', inner: type };
}

/** T for T?, else the type itself. Checks are lenient about optionals (see LANGUAGE-CHOICES.md). */
export function stripOptional(type: Type): Type {
  return type.kind === 'optional' ? type.inner : type;
}

/** Fewest arguments a call must pass. */
export function requiredArity(fn: FunctionType): number {
  let required = 0;
  fn.params.forEach((param, index) => {
    if (!param.hasDefault) required = index + 1;
  });
  return required;
}

// ---------------------------------------------------------------------------------------------
// Type strings

/** A parsed type string before names are looked up. */
export type TypeSyntax =
  | { readonly form: 'name'; readonly name: string; readonly args: readonly TypeSyntax[]; readonly optional: boolean }
  | { readonly form: 'group'; readonly inner: TypeSyntax; readonly optional: boolean };

/**
 * Reads a type string: `name [< type, … >] [?]` or `( type ) [?]`. Returns null when the text is
 * not a type (the parser has already reported the syntax error; the checker then uses any).
 */
export function parseTypeSyntax(text: string): TypeSyntax | null {
  const tokens = text.match(/[A-Za-z_][A-Za-z0-9_]*|[<>,()?]|\S/g) ?? [];
  let position = 0;
  const peek = (): string | undefined => tokens[position];

  const parseOne = (): TypeSyntax | null => {
    const token = tokens[position];
    if (token === undefined) return null;
    let result: TypeSyntax;
    if (token === '(') {
      position++;
      const inner = parseOne();
      if (!inner || peek() !== ')') return null;
      position++;
      result = { form: 'group', inner, optional: false };
    } else if (/^[A-Za-z_]/.test(token)) {
      position++;
      const args: TypeSyntax[] = [];
      if (peek() === '<') {
        position++;
        for (;;) {
          const arg = parseOne();
          if (!arg) return null;
          args.push(arg);
          if (peek() === ',') {
            position++;
            continue;
          }
          if (peek() !== '>') return null;
          position++;
          break;
        }
      }
      result = { form: 'name', name: token, args, optional: false };
    } else {
      return null;
    }
    if (peek() === '?') {
      position++;
      result = { ...result, optional: true };
    }
    return result;
  };

  const parsed = parseOne();
  return parsed && position === tokens.length ? parsed : null;
}

export interface ResolvedTypeString {
  readonly type: Type;
  /** Names that are neither built-in nor declared, in order of appearance. */
  readonly unknownNames: readonly string[];
  /** Declared type names the string mentions (for references and dependencies). */
  readonly declaredNames: readonly string[];
}

/**
 * Turns a type string into a Type. `isDeclared` says whether a name is a declared type; unknown
 * names become any (reported by the caller), as do strings that do not parse.
 */
export function resolveTypeString(text: string, isDeclared: (name: string) => boolean): ResolvedTypeString {
  const syntax = parseTypeSyntax(text);
  const unknownNames: string[] = [];
  const declaredNames: string[] = [];
  if (!syntax) return { type: ANY, unknownNames, declaredNames };

  const build = (node: TypeSyntax): Type => {
    if (node.form === 'group') {
      const inner = build(node.inner);
      return node.optional ? makeOptional(inner) : inner;
    }
    let type: Type;
    const args = node.args.map(build);
    const primitive = PRIMITIVES.get(node.name);
    if (primitive) {
      type = primitive;
    } else if (node.name === 'list') {
      type = listOf(args[0] ?? ANY);
    } else if (node.name === 'map') {
      type = mapOf(args[0] ?? ANY, args[1] ?? ANY);
    } else if (isDeclared(node.name)) {
      declaredNames.push(node.name);
      type = named(node.name);
    } else {
      unknownNames.push(node.name);
      type = ANY;
    }
    return node.optional ? makeOptional(type) : type;
  };

  return { type: build(syntax), unknownNames, declaredNames };
}

// ---------------------------------------------------------------------------------------------
// Printing

export function typeToString(type: Type): string {
  switch (type.kind) {
    case 'number':
    case 'string':
    case 'bool':
    case 'void':
    case 'any':
    case 'null':
      return type.kind;
    case 'list':
      return `list<${typeToString(type.element)}>`;
    case 'map':
      return `map<${typeToString(type.key)}, ${typeToString(type.value)}>`;
    case 'optional':
      // A function type needs parentheses so that `?` applies to the whole type.
      return type.inner.kind === 'function' ? `(${typeToString(type.inner)})?` : `${typeToString(type.inner)}?`;
    case 'named':
      return type.name;
    case 'function':
      return `${type.async ? 'async ' : ''}fn(${parametersToString(type)}): ${typeToString(type.returnType)}`;
    case 'module':
      return `module ${type.name}`;
    case 'object':
      return `{${[...type.fields].map(([name, field]) => `${name}: ${typeToString(field)}`).join(', ')}}`;
  }
}

/** `order: Order, taxRate: number = 0.2, ...values: any` */
export function parametersToString(fn: FunctionType): string {
  return parameterTexts(fn).join(', ');
}

/** Each parameter as a signature writes it: `order: Order`, `taxRate: number = 0.2`, `...values: any`. */
export function parameterTexts(fn: FunctionType): string[] {
  const parts = fn.params.map((param) => {
    const base = `${param.name}: ${typeToString(param.type)}`;
    if (!param.hasDefault) return base;
    return param.defaultText !== undefined ? `${base} = ${param.defaultText}` : `${param.name}?: ${typeToString(param.type)}`;
  });
  if (fn.rest) parts.push(`...${fn.rest.name}: ${typeToString(fn.rest.type)}`);
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Assignability

/** What assignability needs to know about declared types. */
export interface DeclaredFields {
  /** The fields of a declared type, in declaration order; undefined when the name is unknown. */
  fieldsOf(typeName: string): ReadonlyMap<string, Type> | undefined;
}

/**
 * Why a value of type `source` cannot go where `target` is expected, or null when it can.
 * any goes anywhere and accepts anything; null and T go into T?; a T? goes into T (lenient: the
 * checker does no null narrowing, see LANGUAGE-CHOICES.md); lists and maps are covariant; an object
 * literal's type goes into a declared type with exactly the same fields.
 */
export function whyNotAssignable(source: Type, target: Type, declared: DeclaredFields, depth = 0): string | null {
  if (source === target || source.kind === 'any' || target.kind === 'any') return null;
  // Deeply nested or recursive structural comparisons stop here rather than loop.
  if (depth > 20) return null;
  if (target.kind === 'optional') {
    if (source.kind === 'null') return null;
    return whyNotAssignable(stripOptional(source), target.inner, declared, depth + 1);
  }
  if (source.kind === 'optional') return whyNotAssignable(source.inner, target, declared, depth + 1);
  if (source.kind === 'null') return 'null is only allowed where the type ends in ?';

  switch (target.kind) {
    case 'number':
    case 'string':
    case 'bool':
    case 'void':
    case 'null':
      return source.kind === target.kind ? null : '';
    case 'list':
      if (source.kind !== 'list') return '';
      return nested(whyNotAssignable(source.element, target.element, declared, depth + 1), 'element');
    case 'map':
      if (source.kind === 'map') {
        return (
          nested(whyNotAssignable(source.key, target.key, declared, depth + 1), 'key') ??
          nested(whyNotAssignable(source.value, target.value, declared, depth + 1), 'value')
        );
      }
      if (source.kind === 'object') {
        if (whyNotAssignable(STRING, target.key, declared, depth + 1) !== null) return 'map keys must be strings';
        for (const [name, fieldType] of source.fields) {
          const problem = whyNotAssignable(fieldType, target.value, declared, depth + 1);
          if (problem !== null) return nested(problem, `field '${name}'`);
        }
        return null;
      }
      return '';
    case 'named': {
      if (source.kind === 'named') return source.name === target.name ? null : '';
      if (source.kind !== 'object') return '';
      const fields = declared.fieldsOf(target.name);
      if (!fields) return null;
      return objectAgainstFields(source, fields, declared, depth);
    }
    case 'object': {
      if (source.kind === 'object') return objectAgainstFields(source, target.fields, declared, depth);
      if (source.kind === 'named') {
        const fields = declared.fieldsOf(source.name);
        if (!fields) return null;
        return objectAgainstFields({ kind: 'object', fields }, target.fields, declared, depth);
      }
      return '';
    }
    case 'function': {
      if (source.kind !== 'function') return '';
      if (requiredArity(source) > target.params.length + (target.rest ? Infinity : 0)) {
        return `it needs ${requiredArity(source)} arguments`;
      }
      if (target.returnType.kind === 'void') return null;
      return nested(whyNotAssignable(source.returnType, target.returnType, declared, depth + 1), 'return type');
    }
    case 'module':
      return source.kind === 'module' && source.name === target.name ? null : '';
  }
}

export function isAssignable(source: Type, target: Type, declared: DeclaredFields): boolean {
  return whyNotAssignable(source, target, declared) === null;
}

function nested(problem: string | null, where: string): string | null {
  if (problem === null) return null;
  return problem ? `${where}: ${problem}` : `${where} types differ`;
}

/** Field-by-field check of a structural object against a declared (or structural) set of fields. */
function objectAgainstFields(
  source: ObjectType,
  fields: ReadonlyMap<string, Type>,
  declared: DeclaredFields,
  depth: number,
): string | null {
  for (const [name, fieldType] of fields) {
    const actual = source.fields.get(name);
    if (actual === undefined) return `missing field '${name}'`;
    const problem = whyNotAssignable(actual, fieldType, declared, depth + 1);
    if (problem !== null) {
      return problem
        ? `field '${name}': ${problem}`
        : `field '${name}' is ${typeToString(actual)}, expected ${typeToString(fieldType)}`;
    }
  }
  for (const name of source.fields.keys()) {
    if (!fields.has(name)) return `unknown field '${name}'`;
  }
  return null;
}

/** The type of a list literal's elements: the one type they all fit, T? when nulls mix in, else any. */
export function commonType(a: Type, b: Type, declared: DeclaredFields): Type {
  if (a.kind === 'any' || b.kind === 'any') return ANY;
  if (a.kind === 'null') return makeOptional(b);
  if (b.kind === 'null') return makeOptional(a);
  if (isAssignable(a, b, declared) && !(a.kind === 'optional' && b.kind !== 'optional')) return b;
  if (isAssignable(b, a, declared)) return a;
  return ANY;
}

/** A value's type as a variable without a declared type takes it: `let x = null;` is any. */
export function widenForVariable(type: Type): Type {
  return type.kind === 'null' || type.kind === 'void' ? ANY : type;
}
