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
import { childNodes, type Expression, type Node, type Program, type VariableDeclaration } from '../../core/ast';
import { analyze } from '../../core/semantics';

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

/**
 * The keys `name` is indexed with (reads, writes, `includes(name, k)`) and the values written at
 * them, in `scope` and in the functions within it that do not declare a name of their own so
 * called.
 */
function usesOf(name: string, scope: Node, declaration: VariableDeclaration): { keys: Expression[]; values: Expression[] } {
  const keys: Expression[] = [];
  const values: Expression[] = [];
  const isName = (node: Node | null | undefined): boolean => node?.type === 'Identifier' && node.name === name;
  const visit = (node: Node): void => {
    if ((node.type === 'FunctionDeclaration' || node.type === 'Lambda') && node !== scope && declaresOwn(node, name)) return;
    if (node.type === 'IndexExpression' && isName(node.object)) keys.push(node.index);
    if (node.type === 'AssignmentStatement' && node.target.type === 'IndexExpression' && isName(node.target.object) && node.operator === '=') values.push(node.value);
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'includes' && isName(node.arguments[0])) keys.push(node.arguments[1]);
    // Given to anything else (passed, returned, printed, reassigned), its type reaches further than this name: left as it was.
    for (const child of childNodes(node)) visit(child);
  };
  visit(scope);
  return escapes(name, scope, declaration) ? { keys: [], values: [] } : { keys, values };
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

/** Whether the name is used otherwise than indexed or read by MAP_READS, or declared again in its scope: its type would reach another place. */
function escapes(name: string, scope: Node, declaration: VariableDeclaration): boolean {
  let escaped = false;
  const visit = (node: Node, parent: Node | null): void => {
    if (escaped) return;
    if ((node.type === 'FunctionDeclaration' || node.type === 'Lambda') && node !== scope && declaresOwn(node, name)) return;
    if (node.type === 'VariableDeclaration' && node.name === name && node !== declaration) escaped = true;
    if (node.type === 'AssignmentStatement' && node.target.type === 'Identifier' && node.target.name === name) escaped = true;
    if (node.type === 'Identifier' && node.name === name) {
      const indexed = parent?.type === 'IndexExpression' && parent.object === node;
      const measured = parent?.type === 'CallExpression' && parent.callee.type === 'Identifier' && MAP_READS.has(parent.callee.name) && parent.arguments[0] === node;
      if (!indexed && !measured) escaped = true;
    }
    for (const child of childNodes(node)) visit(child, node);
  };
  visit(scope, null);
  return escaped;
}
