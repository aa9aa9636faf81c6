// What a JavaScript value may be where the checker's type does not say (an unannotated parameter,
// what an unannotated function returns, the elements of a list built by push): followed over the
// whole imported program, through declarations, assignments, returns and the arguments of every
// call, until nothing changes. JavaScript turns a list, an object, a function and undefined into
// text otherwise than Whetstone's str does, and join shows null as an empty text; the checks that
// need to know whether a value may be one of those ask here, and report only what stays unknown.
import { childNodes, visitReturns, type Block, type CallExpression, type Expression, type FunctionDeclaration, type Identifier, type Lambda, type Node, type Program, type Statement, type TopLevel } from '../../core/ast';
import { analyze, type SemanticModel, type Type } from '../../core/semantics';

/** A list. */
export const LIST = 1;
/** An object, a function or undefined. */
export const OBJECT = 16;
/** A list, an object, a function or undefined: turned into text otherwise than by Whetstone's str. */
export const OTHER = LIST | OBJECT;
/** A string. */
export const TEXT = 2;
/** A string that may hold a `%` (console.log reads one in its first argument as a format). */
export const PERCENT = 4;
/** null or undefined (join shows them as an empty text). */
export const NULLISH = 8;
const ANYTHING = OTHER | TEXT | PERCENT | NULLISH;
/** What a function that ends without a value, or a left-out argument, gives. */
const UNDEFINED = OBJECT | NULLISH;
/** How deep into lists of lists values are followed one level at a time; below, all levels as one. */
const MAX_DEPTH = 3;
/** Every level below MAX_DEPTH at once (what a recursion over nested lists reaches). */
const DEEP = MAX_DEPTH + 1;

/** The level of the elements of what is at `depth`. */
function below(depth: number): number {
  return depth >= MAX_DEPTH ? DEEP : depth + 1;
}

/** The built-ins whose value is a number or a bool. */
const NUMBER_CALLS = new Set(['len', 'includes', 'indexOf', 'int', 'num', 'floor', 'ceil', 'abs', 'min', 'max', 'minOf', 'maxOf', 'sqrt', 'pow', 'round', 'some', 'every', 'sum', 'forEach', 'findIndex', 'lastIndexOf', 'sign', 'isInteger', 'fill', 'parseInteger']);
/** The built-ins whose value is a text. */
const TEXT_CALLS = new Set(['str', 'join', 'jsstr', 'pystr']);
/** The built-ins whose value is a list of the elements of their first argument. */
const SAME_ELEMENTS = new Set(['slice', 'sorted', 'reversed', 'splice', 'filter']);

/** The built-ins that make a new list. */
const FRESH_LISTS = new Set(['slice', 'sorted', 'reversed', 'splice', 'split', 'keys', 'values', 'jsKeys', 'jsValues', 'repeat', 'range', 'map', 'filter', 'concat', 'flat']);

/** Bounds the length walk over the file's calls (a deep call graph gives up: not known). */
const LENGTH_STEPS = 10_000;

type FunctionLike = FunctionDeclaration | Lambda;

export class JavaScriptValues {
  private modelCache: SemanticModel | undefined;
  private indexed = false;
  /** Every call of a function of the file, by the function's node id. */
  private readonly callsOf = new Map<string, CallExpression[]>();
  /** Functions used other than as the callee of a call (passed, stored): their callers are not known. */
  private readonly escapes = new Set<string>();
  /** `x = v`, `x += v`, by the declaring node of x. */
  private readonly assignments = new Map<string, { operator: string; value: Expression }[]>();
  /** What push, an element assignment or splice put into the list (or object) a name holds, and how many levels down. */
  private readonly puts: { name: string; value: Expression; level: number }[] = [];
  /** Whether something is put into a list inside a list (`grid[i][j] = v`). */
  private nestedPuts = false;
  /** Names whose list is put into another list or object (a put inside that one may reach it). */
  private readonly stored: string[] = [];
  /**
   * Lists put into where another name may hold the same list unseen (through an element, a loop's
   * name, a value read from elsewhere): every list's elements are then unknown.
   */
  private unknownPuts = false;
  private putsJudged = false;
  /** The file's nodes by id; what each identifier refers to (its declaring node's id, null for a built-in). */
  private readonly nodes = new Map<string, Node>();
  private readonly referred = new Map<string, string | null>();
  /** The top-level item the walk is in. */
  private item: TopLevel | undefined;
  /** Identifiers read where their own type test said they are not lists. */
  private readonly notListReads = new Set<string>();
  /** The field and property names of the file's records and objects (a method call of another name is reported at import). */
  private readonly fieldNames = new Set<string>();
  /** The modules the file imports whole (`use m;`). */
  private readonly modules = new Set<string>();
  /** The function of each parameter. */
  private readonly parameterOf = new Map<string, FunctionLike>();
  /** Union-find over declaring node ids: names that may hold the same list. */
  private readonly alias = new Map<string, string>();
  private classes: Map<string, string[]> | undefined;

  private readonly final = new Map<string, number>();
  private readonly working = new Map<string, number>();
  private readonly visited = new Set<string>();
  private readonly onStack = new Set<string>();
  private changed = false;

  constructor(
    private readonly program: Program,
    private readonly libraryCallees: ReadonlySet<string>,
  ) {}

  /** What `expression` may be (OTHER, TEXT, PERCENT, NULLISH). */
  valueOf(expression: Expression): number {
    return this.solve(() => this.facts(expression));
  }

  /** What the elements of the list (or the characters of the text) `expression` holds may be. */
  elementsOf(expression: Expression): number {
    return this.solve(() => this.at(expression, 1));
  }

  /** How many elements the list `expression` is sure to hold when it is made (0 when not known). */
  knownLength(expression: Expression): number {
    this.index();
    const steps = { left: LENGTH_STEPS };
    const length = this.length(expression, new Set(), steps);
    return steps.left < 0 ? 0 : length;
  }

  /** The checker's model of the whole program (made when first needed). */
  get model(): SemanticModel {
    return (this.modelCache ??= analyze(this.program));
  }

  private solve(run: () => number): number {
    this.index();
    for (;;) {
      this.changed = false;
      this.visited.clear();
      const result = run();
      if (this.changed) continue;
      // Nothing changed in this pass: every cell it read is at its fixed point.
      for (const key of this.visited) this.final.set(key, this.working.get(key) ?? 0);
      return result;
    }
  }

  /** A value that only grows, computed once per pass; a cycle reads what it has so far. */
  private cell(key: string, compute: () => number): number {
    const done = this.final.get(key);
    if (done !== undefined) return done;
    const known = this.working.get(key) ?? 0;
    if (this.visited.has(key) || this.onStack.has(key)) return known;
    this.onStack.add(key);
    const value = compute() | known;
    this.onStack.delete(key);
    this.visited.add(key);
    if (value !== known) {
      this.working.set(key, value);
      this.changed = true;
    }
    return value;
  }

  /** The id of the declaring node of what an identifier refers to (resolved once, by its top-level item while the walk is in it). */
  private declaredId(identifierId: string): string | undefined {
    if (!this.referred.has(identifierId)) {
      const symbol = this.item ? this.model.referredIn(this.item, identifierId) : this.model.symbolOf(identifierId);
      if (symbol) this.referred.set(identifierId, symbol.declNodeId);
    }
    return this.referred.get(identifierId) ?? undefined;
  }

  /** The declaring node of what an identifier refers to (once the walk has seen it). */
  private declarationOf(identifierId: string): Node | undefined {
    const declared = this.declaredId(identifierId);
    return declared ? this.nodes.get(declared) : undefined;
  }

  private find(id: string): string {
    let root = id;
    while (this.alias.has(root) && this.alias.get(root) !== root) root = this.alias.get(root)!;
    return root;
  }

  private union(a: string, b: string): void {
    const [rootA, rootB] = [this.find(a), this.find(b)];
    if (!this.alias.has(rootB)) this.alias.set(rootB, rootB);
    if (rootA !== rootB) this.alias.set(rootA, rootB);
  }

  /** The declaring node id of the name `expression` is, if it is one. */
  private nameOf(expression: Expression | null | undefined): string | undefined {
    return expression?.type === 'Identifier' ? this.declaredId(expression.id) : undefined;
  }

  /** Whether `call` is of the built-in `name` (not of a function of the file named so). */
  isLibraryCall(call: CallExpression, name: string): boolean {
    return this.isLibrary(call, name);
  }

  private isLibrary(call: CallExpression, ...names: string[]): boolean {
    return call.callee.type === 'Identifier' && this.libraryCallees.has(call.callee.id) && (names.length === 0 || names.includes(call.callee.name));
  }

  /** One walk: the calls of each function, the assignments of each name, what is put into lists. */
  private index(): void {
    if (this.indexed) return;
    this.indexed = true;
    const callees = new Set<string>();
    const enclosing: FunctionLike[] = [];
    // Functions are hoisted: a call may come before the declaration.
    for (const top of this.program.children) if (top.type === 'FunctionDeclaration') this.nodes.set(top.id, top);
    let notList = new Set<string>();
    const put = (into: Expression, value: Expression): void => {
      // `xs[i][j] = v` puts v two levels into the list xs holds.
      let target = into;
      let level = 1;
      for (; target.type === 'IndexExpression' || target.type === 'MemberExpression'; target = target.object) level++;
      const name = this.nameOf(target);
      if (!name) this.unknownPuts = true;
      else this.puts.push({ name, value, level });
      if (level > 1) this.nestedPuts = true;
      stored(value);
    };
    const stored = (value: Expression | null | undefined): void => {
      const name = this.nameOf(value);
      if (name) this.stored.push(name);
    };
    // Names that may hold the same list: one given the other, or what a function of the file returns
    // (joined once the walk has seen every declaration).
    const holding: { name: string; value: Expression | null }[] = [];
    const holds = (name: string, value: Expression | null): void => {
      holding.push({ name, value });
      if (value?.type === 'Identifier') this.declaredId(value.id);
    };
    const assign = (target: Expression, operator: string, value: Expression): void => {
      if (target.type === 'IndexExpression' || target.type === 'MemberExpression') return put(target.object, value);
      const name = this.nameOf(target);
      if (!name) return;
      listIn(this.assignments, name).push({ operator, value });
      if (operator === '=') holds(name, value);
    };
    const visit = (node: Node): void => {
      this.nodes.set(node.id, node);
      switch (node.type) {
        case 'FunctionDeclaration':
        case 'Lambda':
          for (const parameter of node.parameters) this.parameterOf.set(parameter.id, node);
          enclosing.push(node);
          childNodes(node).forEach(visit);
          enclosing.pop();
          return;
        case 'IfStatement': {
          // In the branch where its own test says a name is not a list, it is not one (if nothing assigns it).
          const negated = node.condition.type === 'UnaryExpression' && node.condition.operator === '!';
          const test = node.condition.type === 'UnaryExpression' && negated ? node.condition.operand : node.condition;
          const tested = test.type === 'TypeTest' && test.testedType === 'list' ? this.nameOf(test.operand) : undefined;
          visit(node.condition);
          const outer = notList;
          const branch = (block: Node | null, narrowed: boolean): void => {
            if (!block) return;
            notList = narrowed && tested ? new Set([...outer, tested]) : outer;
            visit(block);
            notList = outer;
          };
          branch(node.consequent, negated);
          branch(node.alternate, !negated);
          return;
        }
        case 'VariableDeclaration':
          holds(node.id, node.initializer);
          break;
        case 'ArrayLiteral':
          node.elements.forEach(stored);
          break;
        case 'Property':
          stored(node.value);
          this.fieldNames.add(node.key);
          break;
        case 'Field':
          this.fieldNames.add(node.name);
          break;
        case 'ImportDeclaration':
          if (node.names.length === 0) this.modules.add(node.module.split('.').pop() ?? node.module);
          break;
        case 'AssignmentStatement':
          assign(node.target, node.operator, node.value);
          break;
        case 'MultipleAssignment':
          node.targets.forEach((target, index) => {
            const value = node.values[index];
            if (value) assign(target, '=', value);
          });
          break;
        case 'ReturnStatement': {
          const fn = enclosing[enclosing.length - 1];
          if (fn) holds(`return:${fn.id}`, node.value);
          break;
        }
        case 'CallExpression': {
          const [first, second, , items] = node.arguments as Expression[];
          if ((this.isLibrary(node, 'push') || this.isLibrary(node, 'fill')) && second) put(first, second);
          if (this.isLibrary(node, 'splice') && items?.type === 'ArrayLiteral') for (const item of items.elements) put(first, item);
          if (this.isLibrary(node, 'repeat')) stored(first);
          if (node.callee.type === 'Identifier') callees.add(node.callee.id);
          if (this.isLibrary(node)) break;
          const declaration = node.callee.type === 'Identifier' ? this.declarationOf(node.callee.id) : undefined;
          // A lambda called where it is written (the importer's way to read a value once) is followed as a function.
          const fn = declaration?.type === 'FunctionDeclaration' ? declaration : node.callee.type === 'Lambda' ? node.callee : undefined;
          if (!fn) {
            // A list handed to something not followed (a lambda, a method, an imported function) may change there.
            if (node.arguments.some((argument) => this.nameOf(argument))) this.unknownPuts = true;
            break;
          }
          listIn(this.callsOf, fn.id).push(node);
          node.arguments.forEach((argument, index) => {
            const parameter = fn.parameters[index];
            if (parameter) holds(parameter.id, argument as Expression);
          });
          break;
        }
        case 'Identifier': {
          const declared = this.declaredId(node.id);
          if (declared && notList.has(declared)) this.notListReads.add(node.id);
          const declaration = this.declarationOf(node.id);
          if (!callees.has(node.id) && declaration?.type === 'FunctionDeclaration') this.escapes.add(declaration.id);
          break;
        }
      }
      childNodes(node).forEach(visit);
    };
    for (const top of this.program.children) {
      this.item = top;
      visit(top);
    }
    this.item = undefined;
    for (const { name, value } of holding) {
      const from = this.nameOf(value);
      if (from) this.union(name, from);
      const fn = value?.type === 'CallExpression' && !this.isLibrary(value) ? this.functionCalled(value) : undefined;
      if (fn) this.union(name, `return:${fn.id}`);
    }
  }

  /** What the checker's type says a value, or its elements `depth` levels down, may be. */
  private ofType(type: Type | undefined, depth: number): number {
    if (type?.kind === 'optional') return this.ofType(type.inner, depth) | (depth === 0 ? NULLISH : 0);
    if (depth > 0) {
      switch (type?.kind) {
        case 'list':
          return this.typeInside(type.element, depth);
        case 'map':
          return this.typeInside(type.value, depth);
        case 'string':
          return TEXT | PERCENT;
        case 'object':
          return [...type.fields.values()].reduce((all, field) => all | this.typeInside(field, depth), 0);
        case 'number':
        case 'bool':
        case 'null':
        case 'void':
        case 'function':
          return 0;
        default:
          return ANYTHING;
      }
    }
    switch (type?.kind) {
      case 'number':
      case 'bool':
        return 0;
      case 'string':
        return TEXT | PERCENT;
      case 'null':
      case 'void':
        return NULLISH;
      case 'list':
        return LIST;
      case 'any':
      case undefined:
        return ANYTHING;
      default:
        return OBJECT;
    }
  }

  /**
   * Whether the import reports an expression as not carried whatever it holds: a left-out
   * expression, a name the file does not declare, a method outside the tables (library-names.ts).
   */
  private reportedElsewhere(expression: Expression): boolean {
    if (expression.type === 'ErrorNode') return true;
    if (expression.type === 'Identifier') {
      return !this.libraryCallees.has(expression.id) && !this.referred.has(expression.id) && !this.model.symbolOf(expression.id) && !this.modules.has(expression.name);
    }
    if (expression.type !== 'CallExpression' || expression.callee.type !== 'MemberExpression') return false;
    const { object, property } = expression.callee;
    return !(object.type === 'Identifier' && this.modules.has(object.name)) && !this.fieldNames.has(property);
  }

  /** What an element of a value at `depth` may be, at the level above it (at every level for DEEP). */
  private inside(element: Expression | undefined, depth: number): number {
    return depth === DEEP ? this.at(element, 0) | this.at(element, DEEP) : this.at(element, depth - 1);
  }

  private typeInside(type: Type, depth: number): number {
    return depth === DEEP ? this.ofType(type, 0) | this.ofType(type, DEEP) : this.ofType(type, depth - 1);
  }

  /** What a value (depth 0), its elements (1), theirs (2)… may be: the checker's type and where it comes from. */
  private at(expression: Expression | undefined, depth: number): number {
    if (!expression) return ANYTHING;
    if (this.reportedElsewhere(expression)) return 0;
    return this.ofType(this.model.typeOf(expression.id), depth) & (depth === 0 ? this.followed(expression) : this.followedElements(expression, depth));
  }

  private facts(expression: Expression | undefined): number {
    return this.at(expression, 0);
  }

  /** What a value may be by where it comes from. */
  private followed(expression: Expression): number {
    switch (expression.type) {
      case 'Literal':
        if (typeof expression.value === 'string') return TEXT | (expression.value.includes('%') ? PERCENT : 0);
        return expression.value === null ? NULLISH : 0;
      case 'Identifier':
        return this.nameValue(expression.id) & ~this.narrowed(expression);
      case 'BinaryExpression': {
        if (expression.operator === '&&' || expression.operator === '||') return this.facts(expression.left) | this.facts(expression.right);
        if (expression.operator !== '+') return 0;
        const both = this.facts(expression.left) | this.facts(expression.right);
        // JavaScript's + makes a text when either side is a text or an object, else a number.
        if (!(both & (TEXT | OTHER))) return 0;
        return TEXT | (both & (PERCENT | OTHER) ? PERCENT : 0);
      }
      case 'UnaryExpression':
        return expression.operator === 'await' ? ANYTHING : 0;
      case 'TypeTest':
        return 0;
      case 'ConditionalExpression':
        return this.facts(expression.consequent) | this.facts(expression.alternate);
      case 'CallExpression':
        return this.callValue(expression);
      case 'IndexExpression':
      case 'MemberExpression':
        // An element, or a field: what the object holds (fields are counted as its elements).
        return this.at(expression.object, 1);
      case 'ArrayLiteral':
        return LIST;
      case 'ObjectLiteral':
      case 'Lambda':
        return OBJECT;
      case 'ErrorNode':
        // Already reported where it was left out.
        return 0;
    }
  }

  private callValue(call: CallExpression): number {
    if (call.callee.type === 'Lambda') return this.cell(`returns:0:${call.callee.id}`, () => this.returned(call.callee as Lambda, (value) => this.facts(value)));
    if (call.callee.type !== 'Identifier') return ANYTHING;
    const [first, second] = call.arguments as (Expression | undefined)[];
    if (this.libraryCallees.has(call.callee.id)) {
      const name = call.callee.name;
      if (NUMBER_CALLS.has(name)) return 0;
      // The text of a number, a bool or null holds no %; of a text or a list, it may.
      if (name === 'join') return TEXT | ((this.at(first, 1) | this.facts(second)) & (PERCENT | OTHER) ? PERCENT : 0);
      if (TEXT_CALLS.has(name)) return TEXT | (this.facts(first) & (PERCENT | OTHER) ? PERCENT : 0);
      // A text repeated or with a part replaced may hold a %; a number's digits do not.
      if (name === 'repeatText' || name === 'replaceFirst') return TEXT | ((this.facts(first) | (name === 'replaceFirst' ? this.facts(call.arguments[2] as Expression) : 0)) & (PERCENT | OTHER) ? PERCENT : 0);
      if (name === 'toFixed') return TEXT;
      // slice of a text is a text; of a list, a list.
      if (name === 'slice') return this.facts(first) & (TEXT | PERCENT | LIST);
      // An element taken off a list or found in it (find's null where none passes); what a walk's function returns.
      if (name === 'pop' || name === 'shift') return this.at(first, 1);
      if (name === 'find') return this.at(first, 1) | NULLISH;
      if (name === 'reduce') return (call.arguments[2] ? this.facts(call.arguments[2] as Expression) : this.at(first, 1)) | lambdaResult(second, (body) => this.facts(body));
      return FRESH_LISTS.has(name) ? LIST : OTHER;
    }
    const fn = this.functionCalled(call);
    return fn ? this.cell(`returns:0:${fn.id}`, () => this.returned(fn, (value) => this.facts(value))) : ANYTHING;
  }

  /** The function of the file a call calls by name: a declaration, or a const that holds a lambda. */
  private functionCalled(call: CallExpression): FunctionLike | undefined {
    if (call.callee.type !== 'Identifier') return undefined;
    const declaration = this.declarationOf(call.callee.id);
    if (declaration?.type === 'FunctionDeclaration') return declaration;
    if (declaration?.type === 'VariableDeclaration' && declaration.kind === 'const' && declaration.initializer?.type === 'Lambda') return declaration.initializer;
    return undefined;
  }

  /** The union of `of` over what a function returns; undefined (OBJECT, NULLISH) where it may end without a value. */
  private returned(fn: FunctionLike, of: (value: Expression) => number): number {
    if (fn.body.type !== 'Block') return of(fn.body);
    let all = alwaysReturns(fn.body) ? 0 : UNDEFINED;
    visitReturns(fn.body, (value) => {
      all |= value ? of(value) : UNDEFINED;
    });
    return all;
  }

  /** What a name's value may be: its declaration's initialiser, its assignments, its arguments. */
  private nameValue(identifierId: string): number {
    const declaration = this.declarationOf(identifierId);
    if (!declaration) return ANYTHING;
    switch (declaration.type) {
      case 'VariableDeclaration':
        return this.cell(`value:${declaration.id}`, () => {
          let all = declaration.initializer ? this.facts(declaration.initializer) : 0;
          for (const { operator, value } of this.assignments.get(declaration.id) ?? []) {
            if (operator === '=') all |= this.facts(value);
            else if (operator === '+=') all |= (this.facts(value) | all) & (TEXT | OTHER) ? TEXT | PERCENT : 0;
          }
          return all;
        });
      case 'Parameter':
        return this.cell(`value:${declaration.id}`, () => this.argumentsOf(declaration.id, (argument) => this.facts(argument)));
      case 'ForStatement':
        return this.cell(`value:${declaration.id}`, () => this.at(declaration.iterable, 1));
      case 'TryStatement':
        return TEXT | PERCENT;
      case 'FunctionDeclaration':
        return OBJECT;
      default:
        return ANYTHING;
    }
  }

  /** LIST where a name is read in the branch of an `if` that its own type test says is not a list, and nothing assigns it. */
  private narrowed(identifier: Identifier): number {
    const declaration = this.declarationOf(identifier.id);
    return this.notListReads.has(identifier.id) && declaration && !this.assignments.has(declaration.id) ? LIST : 0;
  }

  /**
   * The union of `of` over what every call passes to a parameter of a function of the file that
   * is only ever called by name (its default where a call leaves it out, else undefined);
   * anything for another parameter.
   */
  private argumentsOf(parameterId: string, of: (argument: Expression) => number): number {
    const fn = this.functionOfParameter(parameterId);
    if (!fn || this.escapes.has(fn.id)) return ANYTHING;
    const index = fn.parameters.findIndex((parameter) => parameter.id === parameterId);
    const parameter = fn.parameters[index];
    let all = 0;
    for (const call of this.callsOf.get(fn.id) ?? []) {
      const argument = (call.arguments[index] as Expression | undefined) ?? parameter.defaultValue;
      all |= argument ? of(argument) : UNDEFINED;
    }
    return all;
  }

  private functionOfParameter(parameterId: string): FunctionLike | undefined {
    const fn = this.parameterOf.get(parameterId);
    return fn?.type === 'FunctionDeclaration' || (fn && this.callsOf.has(fn.id)) ? fn : undefined;
  }

  /** What the elements `depth` levels down of a value may be by where it comes from (the characters, for a text). */
  private followedElements(expression: Expression, depth: number): number {
    switch (expression.type) {
      case 'Literal':
        // A number, a bool or null holds nothing.
        return typeof expression.value === 'string' ? TEXT | (expression.value.includes('%') ? PERCENT : 0) : 0;
      case 'UnaryExpression':
        return expression.operator === 'await' ? ANYTHING : 0;
      case 'TypeTest':
      case 'Lambda':
        return 0;
      case 'ArrayLiteral':
        return expression.elements.reduce((all, element) => all | this.inside(element, depth), 0);
      case 'ObjectLiteral':
        return expression.properties.reduce((all, property) => all | (property.value ? this.inside(property.value, depth) : ANYTHING), 0);
      case 'ConditionalExpression':
        return this.at(expression.consequent, depth) | this.at(expression.alternate, depth);
      case 'BinaryExpression':
        if (expression.operator === '&&' || expression.operator === '||') return this.at(expression.left, depth) | this.at(expression.right, depth);
        return expression.operator === '+' ? TEXT | PERCENT : 0;
      case 'Identifier':
        return this.nameElements(expression.id, depth);
      case 'CallExpression':
        return this.callElements(expression, depth);
      case 'IndexExpression':
      case 'MemberExpression':
        return this.at(expression.object, below(depth));
      default:
        return ANYTHING;
    }
  }

  private callElements(call: CallExpression, depth: number): number {
    if (call.callee.type === 'Lambda') return this.cell(`returns:${depth}:${call.callee.id}`, () => this.returned(call.callee as Lambda, (value) => this.at(value, depth)));
    if (call.callee.type !== 'Identifier') return ANYTHING;
    if (this.libraryCallees.has(call.callee.id)) {
      const [first] = call.arguments as (Expression | undefined)[];
      const name = call.callee.name;
      // The parts or characters of a text hold a % only where the text may.
      if (name === 'split') return TEXT | (this.facts(first) & (PERCENT | OTHER) ? PERCENT : 0);
      if (TEXT_CALLS.has(name)) return TEXT | (this.callValue(call) & PERCENT);
      if (name === 'keys' || name === 'jsKeys') return TEXT | PERCENT;
      if (name === 'range') return depth === 1 ? 0 : ANYTHING;
      if (name === 'repeat') return this.inside(first, depth);
      if (name === 'values' || name === 'jsValues' || SAME_ELEMENTS.has(name)) return this.at(first, depth);
      if (name === 'pop' || name === 'shift' || name === 'find') return this.at(first, depth + 1);
      // concat appends a second argument that is not a list as one element.
      if (name === 'concat') return this.at(first, depth) | this.at(call.arguments[1] as Expression, depth) | (depth === 1 ? this.facts(call.arguments[1] as Expression) & ~LIST : 0);
      if (name === 'map') return depth === DEEP ? ANYTHING : lambdaResult(call.arguments[1] as Expression | undefined, (body) => this.at(body, depth - 1));
      return ANYTHING;
    }
    const fn = this.functionCalled(call);
    return fn ? this.cell(`returns:${depth}:${fn.id}`, () => this.returned(fn, (value) => this.at(value, depth))) : ANYTHING;
  }

  /**
   * What the elements of the list a name holds may be: those of every value assigned to it and
   * to the names that may hold the same list, and what push and element assignments put in.
   */
  private nameElements(identifierId: string, depth: number): number {
    const declaration = this.declarationOf(identifierId);
    if (!declaration || this.putsUnknown()) return ANYTHING;
    const aliasClass = this.find(declaration.id);
    if (this.nestedPuts && this.storedClasses().has(aliasClass)) return ANYTHING;
    return this.cell(`elements:${depth}:${aliasClass}`, () => {
      let all = 0;
      for (const { value, level } of this.putsInto(aliasClass)) {
        if (depth === DEEP) all |= this.at(value, 0) | this.at(value, DEEP);
        else if (level <= depth) all |= this.at(value, depth - level);
      }
      for (const member of this.members(aliasClass)) all |= this.ownElements(member, depth);
      return all;
    });
  }

  private putsByClass: Map<string, { value: Expression; level: number }[]> | undefined;
  private storedRoots: Set<string> | undefined;

  /** What is put into the lists of an alias class. */
  private putsInto(aliasClass: string): { value: Expression; level: number }[] {
    if (!this.putsByClass) {
      this.putsByClass = new Map();
      for (const { name, value, level } of this.puts) {
        const root = this.find(name);
        listIn(this.putsByClass, root).push({ value, level });
      }
    }
    return this.putsByClass.get(aliasClass) ?? [];
  }

  private storedClasses(): Set<string> {
    return (this.storedRoots ??= new Set(this.stored.map((name) => this.find(name))));
  }

  /** Whether some list is put into through a name that may share it with a name not in its class. */
  private putsUnknown(): boolean {
    if (this.putsJudged) return this.unknownPuts;
    this.putsJudged = true;
    for (const { name } of this.puts) {
      for (const member of this.members(this.find(name))) {
        if (!this.madeFresh(member)) this.unknownPuts = true;
      }
    }
    return this.unknownPuts;
  }

  /** Whether every value a name (or a function's return) is given is a new list or another name. */
  private madeFresh(id: string): boolean {
    const fresh = (value: Expression | null): boolean => value === null || value.type === 'Identifier' || this.isFresh(value);
    if (id.startsWith('return:')) {
      const fn = this.nodes.get(id.slice('return:'.length));
      if (fn?.type !== 'FunctionDeclaration' && fn?.type !== 'Lambda') return false;
      if (fn.body.type !== 'Block') return fresh(fn.body);
      let all = true;
      visitReturns(fn.body, (value) => {
        all &&= fresh(value);
      });
      return all;
    }
    const declaration = this.nodes.get(id);
    if (declaration?.type === 'VariableDeclaration') {
      return fresh(declaration.initializer) && (this.assignments.get(id) ?? []).every(({ operator, value }) => operator !== '=' || fresh(value));
    }
    if (declaration?.type === 'Parameter') {
      const fn = this.functionOfParameter(id);
      if (!fn || this.escapes.has(fn.id)) return false;
      const index = fn.parameters.findIndex((parameter) => parameter.id === id);
      return (this.callsOf.get(fn.id) ?? []).every((call) => fresh((call.arguments[index] as Expression | undefined) ?? null));
    }
    return false;
  }

  /** A value that is a new list or object (a literal, or one the built-ins or a function of the file make). */
  private isFresh(value: Expression): boolean {
    if (value.type === 'ArrayLiteral' || value.type === 'ObjectLiteral') return true;
    if (value.type !== 'CallExpression') return false;
    if (this.isLibrary(value)) return value.callee.type === 'Identifier' && FRESH_LISTS.has(value.callee.name);
    // A function of the file: what it returns is in the same class, judged there.
    return this.functionCalled(value) !== undefined;
  }

  /** The declaring node ids (and `return:` keys) in an alias class. */
  private members(aliasClass: string): string[] {
    if (!this.classes) {
      this.classes = new Map();
      for (const id of this.alias.keys()) {
        const root = this.find(id);
        listIn(this.classes, root).push(id);
      }
    }
    return this.classes.get(aliasClass) ?? [aliasClass];
  }

  /** The elements of the values one name is given (not through another name: those are its class). */
  private ownElements(id: string, depth: number): number {
    const notName = (value: Expression): number => (value.type === 'Identifier' ? 0 : this.at(value, depth));
    if (id.startsWith('return:')) {
      const fn = this.nodes.get(id.slice('return:'.length));
      if (fn?.type !== 'FunctionDeclaration' && fn?.type !== 'Lambda') return ANYTHING;
      return this.returned(fn, notName);
    }
    const declaration = this.nodes.get(id);
    switch (declaration?.type) {
      case 'VariableDeclaration': {
        let all = declaration.initializer ? notName(declaration.initializer) : 0;
        for (const { operator, value } of this.assignments.get(declaration.id) ?? []) all |= operator === '=' ? notName(value) : TEXT | PERCENT;
        return all;
      }
      case 'Parameter':
        return this.argumentsOf(declaration.id, notName);
      case 'ForStatement':
        return this.at(declaration.iterable, below(depth));
      default:
        return ANYTHING;
    }
  }

  /** The fewest elements a list is sure to hold when made: a list literal, or a call of a function of the file that returns only such. */
  private length(expression: Expression, calling: Set<string>, steps: { left: number }): number {
    if (--steps.left < 0) return 0;
    switch (expression.type) {
      case 'ArrayLiteral':
        return expression.elements.length;
      case 'ConditionalExpression':
        return Math.min(this.length(expression.consequent, calling, steps), this.length(expression.alternate, calling, steps));
      case 'CallExpression': {
        const fn = this.libraryCallees.has(expression.callee.id) ? undefined : this.functionCalled(expression);
        if (!fn) return 0;
        // A call already being followed: the other returns decide (a recursion ends in one of them).
        if (calling.has(fn.id)) return Infinity;
        if (fn.body.type !== 'Block') return this.length(fn.body, new Set([...calling, fn.id]), steps);
        if (!alwaysReturns(fn.body)) return 0;
        let fewest = Infinity;
        visitReturns(fn.body, (value) => {
          fewest = Math.min(fewest, value ? this.length(value, new Set([...calling, fn.id]), steps) : 0);
        });
        return fewest;
      }
      default:
        return 0;
    }
  }
}

/** The list `map` holds under `key`, made empty the first time. */
function listIn<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/** Whether a block ends in a return or a throw on every path (a loop is taken to end without one). */
function alwaysReturns(block: Block): boolean {
  const last = block.statements[block.statements.length - 1] as Statement | undefined;
  if (!last) return false;
  switch (last.type) {
    case 'ReturnStatement':
    case 'ThrowStatement':
      return true;
    case 'IfStatement':
      return alwaysReturns(last.consequent) && last.alternate !== null && (last.alternate.type === 'Block' ? alwaysReturns(last.alternate) : alwaysReturns({ ...last.consequent, statements: [last.alternate] }));
    case 'TryStatement':
      return alwaysReturns(last.body) && alwaysReturns(last.handler);
    default:
      return false;
  }
}

/** What a lambda written with an expression body returns, by `of`; anything for any other function. */
function lambdaResult(callback: Expression | undefined, of: (body: Expression) => number): number {
  return callback?.type === 'Lambda' && callback.body.type !== 'Block' ? of(callback.body) : ANYTHING;
}
