// A Python dict made empty without a hint (`seen = {}`) and then keyed by numbers (`seen[n] = i`,
// `memo[n]`, `n in memo`): the empty literal alone reads as an object with no fields, whose index
// must be a text, so the imported program failed its own check where Python runs. Such a name is
// declared `map<number, V>` when every key it is given is a number (read with the name taken as a
// map, so a key walked from its own keys counts as one), `map<any, V>` while some are of no known
// type (before parameters are typed from their calls: the pass runs again after), V being the one
// type of every value put in it if they share one (else `any`); the generated code then holds it as the Map or
// dict a hinted `dict[int, …]` is. Only a name that is indexed, tested with `in`, measured or
// walked by its keys or values: passed, returned, shown or assigned, its type would reach further,
// and it is left as it was, as is a name keyed by texts; keys of other or mixed types are left to
// the checker's error.
// A dict written with text keys (`o = {"x": 1}`) reads as an object with fields, which the
// generated JavaScript keeps plain: given a key that may look like an array index later
// (`o[k] = v`, `o["3"] = v`), a plain object would walk it first. Such a name, when every key it
// is given is a text and it is only indexed, measured, walked or shown, is declared
// `map<string, V>`, which the generated code holds in a Map, in insertion order as Python's dict.
import { childNodes, type Expression, type Node, type Program, type VariableDeclaration } from '../../core/ast';
import { analyze, isArrayIndexKey } from '../../core/semantics';

/** At most this many declarations are tried per pass (each try analyses the program once). */
const MAX_TRIED = 16;

/** The declarations this pass typed: a later pass (after parameters are typed from calls) may type them again. */
const typedHere = new WeakSet<VariableDeclaration>();

/**
 * Types each unhinted `{}` declaration whose keys are all numbers, or numbers and values of no
 * known type, as a map keyed by numbers (`map<any, V>` while some key's type is not known: a Map
 * and a dict both keep a number and a text apart, as Whetstone does).
 */
export function typeNumberKeyedDicts(program: Program): void {
  const found: { declaration: VariableDeclaration; scope: Node }[] = [];
  const visit = (node: Node, scope: Node): void => {
    if (node.type === 'VariableDeclaration' && (typedHere.has(node) || (node.varType === null && node.initializer?.type === 'ObjectLiteral' && node.initializer.properties.length === 0))) found.push({ declaration: node, scope });
    const inner = node.type === 'FunctionDeclaration' || node.type === 'Lambda' ? node : scope;
    for (const child of childNodes(node)) visit(child, inner);
  };
  visit(program, program);
  let tried = 0;
  for (const { declaration, scope } of found) {
    const uses = usesOf(declaration.name, scope, declaration);
    if (uses.keys.length === 0 || tried++ >= MAX_TRIED) continue;
    // Tried as a map: its keys' types are then not read off the object the empty literal is (its keys would be texts).
    const before = declaration.varType;
    declaration.varType = 'map<any, any>';
    const model = analyze(program);
    const keyKinds = new Set(uses.keys.map((key) => model.typeOf(key.id)?.kind ?? 'any'));
    if (![...keyKinds].every((kind) => kind === 'number' || kind === 'any')) {
      declaration.varType = before;
      continue;
    }
    const valueKinds = new Set(uses.values.map((value) => model.typeOf(value.id)?.kind));
    const [value] = valueKinds;
    const valueType = valueKinds.size === 1 && (value === 'number' || value === 'string' || value === 'bool') ? value : 'any';
    declaration.varType = `map<${keyKinds.has('any') ? 'any' : 'number'}, ${valueType}>`;
    typedHere.add(declaration);
  }
}

/** Whether `key` may be a text that JavaScript takes as an array index (a literal one, or one known only at run time). */
function mayBeIndexKey(key: Expression): boolean {
  if (key.type !== 'Literal') return true;
  return typeof key.value === 'string' && isArrayIndexKey(key.value);
}

/** Shown (`print(o)`, `str(o)`) or walked (`for k in o`) in its insertion order, a map gives none of it further. */
const shownOrWalked = (node: Node, parent: Node | null): boolean =>
  (parent?.type === 'CallExpression' && parent.callee.type === 'Identifier' && ['print', 'str', 'pystr'].includes(parent.callee.name)) || (parent?.type === 'ForStatement' && parent.iterable === node);

/** Types each unhinted dict written with text keys, later given a key that may look like an array index, as `map<string, V>`. */
export function typeTextKeyedDicts(program: Program): void {
  const found: { declaration: VariableDeclaration; scope: Node }[] = [];
  const visit = (node: Node, scope: Node): void => {
    if (node.type === 'VariableDeclaration' && node.varType === null && node.initializer?.type === 'ObjectLiteral' && node.initializer.properties.length > 0) found.push({ declaration: node, scope });
    const inner = node.type === 'FunctionDeclaration' || node.type === 'Lambda' ? node : scope;
    for (const child of childNodes(node)) visit(child, inner);
  };
  visit(program, program);
  let tried = 0;
  for (const { declaration, scope } of found) {
    const uses = usesOf(declaration.name, scope, declaration, shownOrWalked);
    if (!uses.written.some(mayBeIndexKey) || tried++ >= MAX_TRIED) continue;
    const before = declaration.varType;
    declaration.varType = 'map<string, any>';
    const model = analyze(program);
    // A key walked from the dict itself (`for k in o`) is one of its texts: the walk is typed later, once the name is a map.
    const walkers = new Set<string>();
    const findWalks = (node: Node): void => {
      if (node.type === 'ForStatement' && node.iterable.type === 'Identifier' && node.iterable.name === declaration.name) walkers.add(node.iterator);
      for (const child of childNodes(node)) findWalks(child);
    };
    findWalks(scope);
    const isText = (key: Expression): boolean => model.typeOf(key.id)?.kind === 'string' || (key.type === 'Identifier' && walkers.has(key.name));
    if (!uses.keys.every(isText)) {
      declaration.varType = before;
      continue;
    }
    const initial = (declaration.initializer as Extract<Expression, { type: 'ObjectLiteral' }>).properties.map((property) => property.value);
    const valueKinds = new Set([...initial, ...uses.values].map((value) => model.typeOf(value.id)?.kind));
    const [value] = valueKinds;
    declaration.varType = `map<string, ${valueKinds.size === 1 && (value === 'number' || value === 'string' || value === 'bool') ? value : 'any'}>`;
  }
}

/**
 * The keys `name` is indexed with (reads, writes, `includes(name, k)`) and the values written at
 * them, in `scope` and in the functions within it that do not declare a name of their own so
 * called.
 */
function usesOf(name: string, scope: Node, declaration: VariableDeclaration, alsoRead: UseAllowed = () => false): { keys: Expression[]; values: Expression[]; written: Expression[] } {
  const keys: Expression[] = [];
  const values: Expression[] = [];
  const written: Expression[] = [];
  const isName = (node: Node | null | undefined): boolean => node?.type === 'Identifier' && node.name === name;
  const visit = (node: Node): void => {
    if ((node.type === 'FunctionDeclaration' || node.type === 'Lambda') && node !== scope && declaresOwn(node, name)) return;
    if (node.type === 'IndexExpression' && isName(node.object)) keys.push(node.index);
    if (node.type === 'AssignmentStatement' && node.target.type === 'IndexExpression' && isName(node.target.object)) {
      written.push(node.target.index);
      if (node.operator === '=') values.push(node.value);
    }
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'includes' && isName(node.arguments[0])) keys.push(node.arguments[1]);
    // Given to anything else (passed, returned, printed, reassigned), its type reaches further than this name: left as it was.
    for (const child of childNodes(node)) visit(child);
  };
  visit(scope);
  return escapes(name, scope, declaration, alsoRead) ? { keys: [], values: [], written: [] } : { keys, values, written };
}

function declaresOwn(fn: Node, name: string): boolean {
  if ((fn.type === 'FunctionDeclaration' || fn.type === 'Lambda') && fn.parameters.some((parameter) => parameter.name === name)) return true;
  let found = false;
  const visit = (node: Node): void => {
    if (found || ((node.type === 'FunctionDeclaration' || node.type === 'Lambda') && node !== fn)) return;
    if ((node.type === 'VariableDeclaration' && node.name === name) || (node.type === 'ForStatement' && node.iterator === name)) found = true;
    for (const child of childNodes(node)) visit(child);
  };
  for (const child of childNodes(fn)) visit(child);
  return found;
}

/** Built-ins that read a map and give back none of it as a map (its type stays here). */
const MAP_READS = new Set(['includes', 'len', 'keys', 'values', 'removeKey']);

/** Whether the name is used otherwise than indexed or read by MAP_READS (or as `alsoRead` allows), or declared again in its scope: its type would reach another place. */
/** Whether a use of the name (`node` under `parent`) keeps its type here. */
type UseAllowed = (node: Node, parent: Node | null) => boolean;

function escapes(name: string, scope: Node, declaration: VariableDeclaration, alsoRead: UseAllowed): boolean {
  let escaped = false;
  const visit = (node: Node, parent: Node | null): void => {
    if (escaped) return;
    if ((node.type === 'FunctionDeclaration' || node.type === 'Lambda') && node !== scope && declaresOwn(node, name)) return;
    if (node.type === 'VariableDeclaration' && node.name === name && node !== declaration) escaped = true;
    if (node.type === 'AssignmentStatement' && node.target.type === 'Identifier' && node.target.name === name) escaped = true;
    if (node.type === 'Identifier' && node.name === name) {
      const indexed = parent?.type === 'IndexExpression' && parent.object === node;
      const measured = parent?.type === 'CallExpression' && parent.callee.type === 'Identifier' && MAP_READS.has(parent.callee.name) && parent.arguments[0] === node;
      if (!indexed && !measured && !alsoRead(node, parent)) escaped = true;
    }
    for (const child of childNodes(node)) visit(child, node);
  };
  visit(scope, null);
  return escaped;
}
