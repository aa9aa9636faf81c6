// Most Python parameters have no type hint. A parameter without one takes the type every call of
// its function in the file gives it, when they all agree and each is known (a literal, a list of
// known elements, a name of known type such as a hinted dict, a parameter typed this way; a default
// value counts as a call; a dict written out is a record of fields to the checker, and gives none). The type is written into the imported program as the parameter's type, so every
// check after this one reads it as if it had been hinted, and the checker holds every later caller
// to it. A function passed as a value, or one whose calls disagree or pass a value of no known type,
// keeps its parameters untyped (`any`): what depends on their type is decided by the run at import.
//
// It is a fixed point: a type given to one parameter can make an argument of another call known.
// A call whose argument is not known yet (a recursive call, `n - 1` of the untyped n) does not
// stop a guess from the others; once nothing more is found, every call must agree with what was
// given, or the guess is taken back; so is a parameter read where the checker finds an error it
// did not find untyped (`x = str(x)` of a number x). A function only its own calls call is left:
// nothing in the file runs it.
import { addedErrors, childNodes, indexTree, walk, type AstIndex, type Expression, type Node, type Parameter, type Program } from '../../core/ast';
import { analyze, typeToString, type SemanticModel, type Type } from '../../core/semantics';

/** A function of the file that may take types from its calls: its declaring node and its parameters. */
interface Callable {
  declaration: Node;
  parameters: Parameter[];
}

/** Types a call site can give: built from numbers, texts, bools, lists, maps and declared types only. */
export function isKnownType(type: Type | undefined): type is Type {
  if (!type) return false;
  switch (type.kind) {
    case 'number':
    case 'string':
    case 'bool':
    case 'named':
      return true;
    case 'list':
      return isKnownType(type.element);
    case 'map':
      return isKnownType(type.key) && isKnownType(type.value);
    default:
      return false;
  }
}

/** Rounds of typing, and of taking back, at most: each analyses the whole program again. */
const MAX_ROUNDS = 8;

/** Gives each untyped parameter of the file's functions the type all its calls agree on (see above). */
export function typeParametersFromCalls(program: Program, retyped: ReadonlySet<string> = new Set()): void {
  const callables = untypedCallables(program);
  if (callables.length === 0) return;
  let model = analyze(program);
  const baseline = model.diagnostics;
  const given = new Set<Parameter>();
  // Each round gives at least one parameter a type, or ends; the model is always of the program as it stands.
  // A chain of calls deeper than the rounds leaves its last parameters untyped, as without this pass.
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const index = indexTree(program);
    let changed = false;
    for (const callable of callables) {
      const observed = observedTypes(model, index, callable, false);
      if (!observed) continue;
      callable.parameters.forEach((parameter, position) => {
        const type = observed[position];
        if (given.has(parameter) || type === undefined) return;
        parameter.paramType = type;
        given.add(parameter);
        changed = true;
      });
    }
    if (!changed) break;
    model = analyze(program);
  }
  // Taken back until every call agrees with what was given and no new checker error appears.
  for (let round = 0; given.size > 0; round++) {
    if (round === MAX_ROUNDS) {
      // Still not settled: every type given goes back (the program as imported without this pass).
      for (const parameter of given) parameter.paramType = null;
      return;
    }
    const index = indexTree(program);
    const takeBack = new Set<Parameter>();
    for (const callable of callables) {
      const strict = observedTypes(model, index, callable, true);
      callable.parameters.forEach((parameter, position) => {
        if (given.has(parameter) && strict?.[position] !== parameter.paramType) takeBack.add(parameter);
      });
    }
    if (takeBack.size === 0) {
      // A new checker error in a statement that reads a parameter given a type (`x = str(x)` of a
      // number x): that parameter back. Others (`{}` indexed by a number) are a hinted program's too.
      for (const diagnostic of addedErrors(baseline, model.diagnostics)) {
        // An error at a call a later pass makes again by its argument's type (list(x), sorted(x)) is that pass's to judge.
        if (diagnostic.nodeId !== undefined && retyped.has(diagnostic.nodeId)) continue;
        for (const parameter of parametersReadAt(model, index, diagnostic.nodeId, given)) takeBack.add(parameter);
      }
      if (takeBack.size === 0) return;
    }
    for (const parameter of takeBack) {
      parameter.paramType = null;
      given.delete(parameter);
    }
    model = analyze(program);
  }
}

/** The functions (declarations and const lambdas) with an untyped parameter. */
function untypedCallables(program: Program): Callable[] {
  const out: Callable[] = [];
  walk(program, (node) => {
    if (node.type === 'FunctionDeclaration') {
      out.push({ declaration: node, parameters: node.parameters });
    } else if (node.type === 'VariableDeclaration' && node.kind === 'const' && node.initializer?.type === 'Lambda') {
      out.push({ declaration: node, parameters: node.initializer.parameters });
    }
  });
  return out.filter((callable) => callable.parameters.some((parameter) => parameter.paramType === null));
}

/**
 * For each parameter of `callable`, the type its calls and default agree on (as a type string), or
 * undefined; undefined for all when the function is used otherwise than called by its name.
 * `strict`: every call must give a known type (else those of unknown type are passed over).
 */
function observedTypes(model: SemanticModel, index: AstIndex, callable: Callable, strict: boolean): (string | undefined)[] | undefined {
  const symbol = model.symbolsDeclaredBy(callable.declaration.id)[0];
  if (!symbol) return undefined;
  const references = model.referenceDetailsOf(symbol).filter((reference) => reference.kind !== 'declaration');
  if (references.length === 0) return undefined;
  const calls: Expression[][] = [];
  for (const reference of references) {
    const parent = index.parent(reference.nodeId);
    if (parent?.type !== 'CallExpression' || parent.callee.id !== reference.nodeId) return undefined;
    if (parent.arguments.length > callable.parameters.length) return undefined;
    calls.push(parent.arguments);
  }
  // Only its own recursive calls: nothing in the file runs it.
  if (references.every((reference) => within(index, callable.declaration, reference.nodeId))) return undefined;
  return callable.parameters.map((parameter, position) => {
    if (parameter.paramType !== null && !strict) return undefined;
    const given = [...(parameter.defaultValue ? [parameter.defaultValue] : []), ...calls.map((args) => args[position] ?? parameter.defaultValue)];
    if (given.some((value) => !value)) return undefined;
    // `[]` written out holds nothing of another type: it fits the list type the others agree on.
    const values = (given as Expression[]).filter((value) => !(value.type === 'ArrayLiteral' && value.elements.length === 0));
    const types = values.map((value) => model.typeOf(value.id));
    if (strict && !types.every(isKnownType)) return undefined;
    const texts = new Set(types.filter(isKnownType).map(typeToString));
    const [agreed] = texts;
    if (texts.size !== 1 || (values.length < given.length && !agreed.startsWith('list<'))) return undefined;
    return agreed;
  });
}

function within(index: AstIndex, ancestor: Node, nodeId: string): boolean {
  for (let node = index.node(nodeId); node; node = index.parent(node.id)) if (node === ancestor) return true;
  return false;
}

/** The parameters of `given` read by the statement holding `nodeId` (not by the blocks it holds). */
function parametersReadAt(model: SemanticModel, index: AstIndex, nodeId: string, given: ReadonlySet<Parameter>): Parameter[] {
  let statement = index.node(nodeId);
  for (let parent = statement && index.parent(statement.id); statement && parent && parent.type !== 'Block'; parent = index.parent(parent.id)) statement = parent;
  if (!statement) return [];
  const byId = new Map([...given].map((parameter) => [parameter.id, parameter]));
  const found: Parameter[] = [];
  const visit = (node: Node): void => {
    const declared = node.type === 'Identifier' ? model.symbolOf(node.id)?.declNodeId : undefined;
    const parameter = declared ? byId.get(declared) : undefined;
    if (parameter) found.push(parameter);
    for (const child of childNodes(node)) if (child.type !== 'Block') visit(child);
  };
  visit(statement);
  return found;
}
