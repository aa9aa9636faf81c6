// Python 3 source (tree-sitter-python trees) into the Whetstone AST.
//
// Python declares a variable by assigning it, for the whole function; Whetstone declares with
// let/const in a block. Each scope (the module, each function) is read first for the names it
// assigns: a name first assigned directly in the scope's body is declared there (const when it
// is assigned once), a name first assigned in a nested block is declared with `let` at the top of
// the scope, so every use after the block still sees it. global/nonlocal names are not declared.
//
// What maps besides: functions (nested ones as const lambdas), parameters with type hints and
// defaults, `*args` of a function only called by its name (as a list, python-variadic.ts), if/elif/else, while, for-in, else on
// loops, match on literals (python-match.ts), chained assignment (python-chains.ts), return, break, continue, expressions (chained
// comparisons, `is None`, `//` as floor of a division), calls, attributes, subscripts, lists,
// tuples (as lists), dicts with name keys, lambdas, f-strings (as string joins), list
// comprehensions assigned to a name (as a loop that pushes), conditional expressions that are a
// whole assigned or returned value (as if/else), TypedDict classes (as types), raise and
// try/except where they keep their meaning (python-exceptions.ts), plain classes as a record
// type plus functions (python-classes.ts, class-method-calls.ts), imports,
// `@functools.cache` (as @performance(memoize)), and the built-ins of the same meaning (print,
// len, range, abs, min, max, round, str, float → num, xs.append → push, d.keys → keys…), min(xs) and
// max(xs) as minOf and maxOf (python-extremes.ts), a generator expression given to join, sum,
// min, max, list or sorted collected first into a list, as a list comprehension is, slices with a
// step (stepSlice), xs.count (python-counts.ts), xs.remove, xs.extend and xs.pop(i) of a name, and
// `xs += ys` of a list (python-list-extends.ts), d.items() copied by list(…) or sorted(…) as pairs
// (python-item-pairs.ts), a dict comprehension returned, and `return a, b` of a function whose
// every call unpacks it.
// Everything else becomes a W_UNSUPPORTED diagnostic with its span and text.
import { markEquality } from './python-equality';
import { markAddition } from './python-list-extends';
import { isItemPairs, markItemPairs } from './python-item-pairs';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type * as A from '../../core/ast';
import { pythonAssignmentChain, chainedTargetProblem } from './python-chains';
import { hasExit, runBeforeExits } from './loop-exits';
import { matchCases, type MatchLiteral } from './python-match';
import { AstBuilder, field, MAX_IMPORT_NESTING, namedChildren } from './ast-builder';
import { classCheck, typeCallArgument } from './python-type-tests';
import { exceptionClasses, fileFunctions, isExceptionName, Reaches, readTry } from './python-exceptions';
import { decodeEscapes } from './string-escapes';
import { importConversion } from './conversions';
import { formatTemplate, formatValue, percentTemplate } from './python-format';
import { isAliasAssignment, typeAliases } from './python-type-aliases';
import { splatName, variadicFunctions, type VariadicFunctions } from './python-variadic';
import { markDictChange, markFromEnd, markGeneratorWalk, markUnpacked } from './python-membership';
import { importStrFunction, importStrMethod } from './python-texts';
import { isSetHint, setConstruction, setNames, setUseMessage } from './python-sets';
import { fieldAssignment, readClasses } from './python-classes';
import { builtRecord, constructorName, methodName, noClasses, type ClassShape, type FileClasses } from './class-records';
import { carriedCollections, counterConstruction, counterUseProblem, markCounted, defaultConstruction, defaultdictUseProblem, dequeConstruction, dequeUseProblem, importsOnlyCarried, type DefaultValue } from './python-collections';

const BINARY: Record<string, A.BinaryOperator> = { '+': '+', '-': '-', '*': '*', '/': '/', '%': '%', '**': '**', '&': '&', '|': '|', '^': '^', '<<': '<<', '>>': '>>' };
/** Whetstone's bit operators work on 32-bit signed integers (as JavaScript's do); Python's on integers of any size. */
const BIT_OPERATORS = new Set(['&', '|', '^', '<<', '>>']);
const COMPARISON: Record<string, A.BinaryOperator> = { '==': '==', '!=': '!=', '<': '<', '<=': '<=', '>': '>', '>=': '>=', is: '==', 'is not': '!=' };
const COMPOUND: Record<string, A.AssignmentOperator> = { '+=': '+=', '-=': '-=', '*=': '*=', '/=': '/=' };

/** Defaults Python makes once and shares between calls, where Whetstone makes one a call: a changed one would differ. */
const MUTABLE_DEFAULTS = new Set(['list', 'dictionary', 'set', 'list_comprehension', 'dictionary_comprehension', 'set_comprehension']);
/** Built-ins `map` and `filter` may be given by name (`map(int, digits)`): each is read as the call of one element. */
const ONE_ARGUMENT_BUILTINS = new Set(['int', 'float', 'str', 'len', 'abs']);
/** Built-ins Python and Whetstone share by name and meaning. */
const SAME_BUILTINS = new Set(['print', 'len', 'range', 'abs', 'min', 'max', 'str']);
const MATH_FUNCTIONS: Record<string, string> = { floor: 'floor', ceil: 'ceil', fabs: 'abs', sqrt: 'sqrt', pow: 'pow', gcd: 'gcd', isqrt: 'isqrt', factorial: 'factorial' };
/** math's constants: doubles, written as literals (JavaScript's Math.PI and Math.E are the same doubles). */
const MATH_CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E, tau: 2 * Math.PI };
/** Test runners: `import doctest` and its `doctest.testmod()` are scaffolding, not the program. */
const TEST_MODULES = new Set(['doctest']);
/** Python's standard modules programs commonly import: `use sys;` would not load in JavaScript. */
const STANDARD_MODULES = new Set(
  'abc array bisect collections copy dataclasses datetime decimal enum fractions heapq itertools json operator os random re statistics string sys time unittest'.split(' '),
);
/** Modules whose imports only name types or interpreter features: nothing to carry. */
const TYPE_ONLY_MODULES = new Set(['typing', '__future__', 'functools']);

const TYPES: Record<string, string> = { int: 'number', float: 'number', str: 'string', bool: 'bool', None: 'null', Any: 'any', object: 'any' };

/** The names one scope (module or function) assigns, and how. */
interface ScopeNames {
  /** Names to declare with `let` at the top of the scope (first assigned in a nested block). */
  hoisted: Map<string, string | null>;
  /** Names declared where first assigned; the value says how often the scope assigns them. */
  assignments: Map<string, number>;
  /** Names already declared (parameters, hoisted, or declared on first assignment). */
  declared: Set<string>;
  /** global/nonlocal names: assigned here, declared elsewhere. */
  outer: Set<string>;
}

export class PythonImporter {
  private scope: ScopeNames = emptyScope();
  /** Parameter names of module-level functions, to place keyword arguments. */
  private readonly signatures = new Map<string, string[]>();
  /** The functions defined once at the top level of the file, by name (whose set parameters a call may fill). */
  private readonly topFunctions = new Map<string, SyntaxNode>();
  /** Names some function assigns through global or nonlocal: never const. */
  private readonly writtenElsewhere = new Set<string>();
  /** The `*args` parameters of the file, carried as lists or refused (python-variadic.ts). */
  private variadic: VariadicFunctions = { carried: new Map(), refused: new Map() };
  /** The exception classes the file declares (name → base) and what its try bodies reach: what a try/except is judged by. */
  private exceptionClasses = new Map<string, string>();
  /** The file's type aliases (python-type-aliases.ts), and those being read (an alias naming itself is any). */
  private aliases = new Map<string, SyntaxNode>();
  private readonly aliasesRead = new Set<string>();
  private reaches = new Reaches(new Map());
  /** Names the file imports (modules and what it takes from them): `m.x` reads a member of the module. */
  private readonly importedNames = new Set<string>();
  /** The names of the scope being read that hold only sets (python-sets.ts). */
  private sets = new Set<string>();
  private fileDefinesSet = false;
  /** What the file imports from collections that is carried, and the names of the scope being read that hold only deques (python-collections.ts). */
  private collections = new Set<string>();
  private deques = new Set<string>();
  /** The names of the scope being read that hold only defaultdicts, with what each gives a missing key. */
  private defaults = new Map<string, DefaultValue>();
  /** The names of the scope being read that hold only Counters. */
  private counters = new Set<string>();
  /** The file's classes read as records plus functions (python-classes.ts), and the one whose method is being read. */
  private libraryReadingOf: number | undefined;
  classes: FileClasses = noClasses();

  constructor(private readonly b: AstBuilder) {}

  program(root: SyntaxNode): A.Program {
    const body = namedChildren(root);
    this.variadic = variadicFunctions(root);
    this.exceptionClasses = exceptionClasses(root);
    this.aliases = typeAliases(root, expandMain(body));
    this.reaches = new Reaches(fileFunctions(root));
    this.classes = readClasses(root, this.b, (name) => this.exceptionClasses.has(name), (hint) => this.typeOf(hint));
    for (const shape of this.classes.carried.values()) if (shape.init) this.signatures.set(shape.name, this.parameterNames(shape.init).slice(1));
    for (const statement of root.descendantsOfType(['import_statement', 'import_from_statement'])) {
      const module = field(statement!, 'module_name');
      for (const name of namedChildren(statement!)) if (name.id !== module?.id) this.importedNames.add(name.text.split('.')[0]);
    }
    for (const statement of root.descendantsOfType(['global_statement', 'nonlocal_statement'])) {
      for (const name of namedChildren(statement!)) this.writtenElsewhere.add(name.text);
    }
    const definitions = new Map<string, number>();
    for (const fn of root.descendantsOfType('function_definition')) definitions.set(field(fn!, 'name')?.text ?? '', (definitions.get(field(fn!, 'name')?.text ?? '') ?? 0) + 1);
    for (const node of body) {
      const fn = node.type === 'decorated_definition' ? field(node, 'definition') : node;
      if (fn?.type === 'function_definition') this.signatures.set(field(fn, 'name')?.text ?? '', this.parameterNames(fn));
      if (node.type === 'function_definition' && definitions.get(field(node, 'name')?.text ?? '') === 1) this.topFunctions.set(field(node, 'name')!.text, node);
    }
    const children: A.TopLevel[] = [];
    this.scope = this.scanScope(expandMain(body), [], true);
    this.fileDefinesSet = root.descendantsOfType('function_definition').some((fn) => field(fn!, 'name')?.text === 'set');
    this.sets = setNames(expandMain(body), [], this.fileDefinesSet);
    this.collections = carriedCollections(root);
    this.deques = this.dequeNames(expandMain(body), []);
    this.defaults = this.defaultdictNames(expandMain(body), []);
    this.counters = this.counterNames(expandMain(body), []);
    children.push(...this.hoistedDeclarations(root));
    for (const node of expandMain(body)) children.push(...this.topLevel(node));
    return this.b.make<A.Program>('Program', root, { children });
  }

  private topLevel(node: SyntaxNode): A.TopLevel[] {
    switch (node.type) {
      case 'import_statement':
      case 'import_from_statement':
        return this.importDeclaration(node);
      case 'future_import_statement':
        // `from __future__ import …` changes how the interpreter reads the file, not what it does.
        return [];
      case 'function_definition':
        return [this.functionDeclaration(node, [])];
      case 'decorated_definition':
        return this.decorated(node);
      case 'class_definition':
        // `class ParseError(ValueError): pass` only names what a raise raises.
        if (this.exceptionClasses.has(field(node, 'name')?.text ?? '')) return [];
        return this.classDefinition(node);
      default:
        // `Graph = dict[str, list[str]]`: its hints read the type itself (typeAt).
        if (isAliasAssignment(node, this.aliases)) return [];
        return this.statement(node);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Declarations

  private importDeclaration(node: SyntaxNode): A.TopLevel[] {
    if (node.type === 'import_statement') {
      const out: A.TopLevel[] = [];
      for (const name of namedChildren(node)) {
        if (name.type !== 'dotted_name') {
          this.b.unsupported(name, 'an import under another name (as)');
        } else if (name.text !== 'math' && !TYPE_ONLY_MODULES.has(name.text) && !TEST_MODULES.has(name.text)) {
          // math's functions map to built-ins (math.floor → floor); its other members are reported where used.
          // A standard module is kept (the library policy sees it) and reported: JavaScript has none.
          if (STANDARD_MODULES.has(name.text.split('.')[0])) this.b.unsupported(name, `the Python standard module ${name.text}`, 'JavaScript and TypeScript have no module of that name; only math (floor, ceil, fabs) maps to built-ins.');
          out.push(this.b.make<A.ImportDeclaration>('ImportDeclaration', node, { module: name.text, names: [] }));
        }
      }
      return out;
    }
    const module = field(node, 'module_name');
    if (!module || module.type !== 'dotted_name') {
      this.b.unsupported(node, 'a relative import');
      return [];
    }
    if (TYPE_ONLY_MODULES.has(module.text) || TEST_MODULES.has(module.text)) return [];
    // `from collections import deque`: carried as Whetstone's lists (python-collections.ts).
    if (module.text === 'collections' && importsOnlyCarried(node, this.collections)) return [];
    const imported = namedChildren(node).filter((child) => child.startIndex !== module.startIndex).map((child) => child.text);
    // `from math import floor, gcd`: the names are Whetstone's built-ins of the same meaning.
    if (module.text === 'math' && imported.length > 0 && imported.every((name) => ['floor', 'ceil', 'sqrt', 'gcd', 'isqrt', 'factorial'].includes(name))) return [];
    // Kept (the library policy sees it) and reported: JavaScript has no such module.
    if (STANDARD_MODULES.has(module.text.split('.')[0]) || module.text === 'math') {
      this.b.unsupported(node, `an import from the Python standard module ${module.text}`, 'JavaScript and TypeScript have no module of that name.');
    }
    const names: string[] = [];
    node.children.forEach((child, index) => {
      if (!child || node.fieldNameForChild(index) !== 'name') return;
      if (child.type === 'dotted_name') names.push(child.text);
      else this.b.unsupported(child, 'an import under another name (as)');
    });
    if (node.children.some((child) => child?.type === 'wildcard_import')) this.b.unsupported(node, 'a wildcard import (*)');
    return names.length > 0 ? [this.b.make<A.ImportDeclaration>('ImportDeclaration', node, { module: module.text, names })] : [];
  }

  private decorated(node: SyntaxNode): A.TopLevel[] {
    const definition = field(node, 'definition');
    if (!definition) return [];
    const annotations: A.Annotation[] = [];
    for (const decorator of namedChildren(node).filter((child) => child.type === 'decorator')) {
      const name = decorator.text.replace(/^@\s*/, '').replace(/\(\s*(maxsize\s*=\s*None)?\s*\)$/, '');
      if (['functools.cache', 'cache', 'functools.lru_cache', 'lru_cache'].includes(name)) {
        annotations.push(
          this.b.make<A.Annotation>('Annotation', decorator, { annotationType: 'performance', strategy: 'memoize', reason: null, confidence: null, args: {} }),
        );
      } else {
        this.b.unsupported(decorator, `the decorator ${decorator.text}`, 'The function was imported without it.');
      }
    }
    if (definition.type !== 'function_definition') return this.topLevel(definition);
    const fn = this.functionDeclaration(definition, annotations);
    fn.span = this.b.span(node);
    return [fn];
  }

  private classDefinition(node: SyntaxNode): A.TopLevel[] {
    const bases = field(node, 'superclasses');
    const body = field(node, 'body');
    const shape = this.classes.carried.get(field(node, 'name')?.text ?? '');
    if (shape) return this.classDeclarations(node, shape);
    // A class of the module that is not carried: python-classes.ts said why.
    if (bases?.text.replace(/\s/g, '') !== '(TypedDict)' && node.parent?.type === 'module') return [];
    if (bases?.text.replace(/\s/g, '') !== '(TypedDict)' || !body) {
      return [this.b.make<A.ErrorNode>('ErrorNode', node, { text: '' })].filter(() => {
        this.b.unsupported(node, 'a class', 'Whetstone has records (TypedDict classes map to types) but no classes.');
        return false;
      });
    }
    const fields: A.Field[] = [];
    for (const statement of namedChildren(body)) {
      const assignment = statement.type === 'expression_statement' ? namedChildren(statement)[0] : undefined;
      const type = assignment?.type === 'assignment' ? field(assignment, 'type') : undefined;
      const name = assignment ? field(assignment, 'left') : undefined;
      if (!type || name?.type !== 'identifier' || field(assignment!, 'right')) {
        if (!isDocstring(statement)) this.b.unsupported(statement, 'a class member that is not a typed field');
        continue;
      }
      fields.push(this.b.make<A.Field>('Field', statement, { name: name.text, fieldType: this.typeOf(type) }));
    }
    return [this.b.make<A.TypeDeclaration>('TypeDeclaration', node, { name: field(node, 'name')?.text ?? '', annotations: [], fields })];
  }

  /** A class as `type C { … }`, its constructor `C_new` and a function `C_m` for each method. */
  private classDeclarations(node: SyntaxNode, shape: ClassShape): A.TopLevel[] {
    const fields = [...shape.fields].map(([name, fieldType]) => this.b.make<A.Field>('Field', shape.fieldValues.get(name)!, { name, fieldType }));
    const record = this.b.make<A.TypeDeclaration>('TypeDeclaration', field(node, 'name') ?? node, { name: shape.name, annotations: [], fields });
    const made: A.TopLevel[] = [record];
    if (shape.init) {
      const { parameters, body } = this.functionParts(shape.init, { shape, init: true });
      made.push(this.b.make<A.FunctionDeclaration>('FunctionDeclaration', shape.init, { name: constructorName(shape.name), async: false, returnType: shape.name, annotations: [], parameters, body }));
    } else {
      const built = this.b.make<A.ObjectLiteral>('ObjectLiteral', node, { properties: [] });
      const body = this.b.make<A.Block>('Block', node, { statements: [this.b.make<A.ReturnStatement>('ReturnStatement', node, { annotations: [], value: built })] });
      made.push(this.b.make<A.FunctionDeclaration>('FunctionDeclaration', node, { name: constructorName(shape.name), async: false, returnType: shape.name, annotations: [], parameters: [], body }));
    }
    for (const [name, method] of shape.methods) {
      const declaration = this.functionDeclaration(method, [], { shape, init: false });
      declaration.name = methodName(shape.name, name);
      declaration.returnType ??= this.returnedClass(method, shape);
      made.push(declaration);
    }
    return made;
  }

  /** The class a method returns when each of its returns gives a new instance of one class or self. */
  private returnedClass(method: SyntaxNode, shape: ClassShape): string | null {
    const self = namedChildren(field(method, 'parameters') ?? method)[0]?.text;
    const classes = new Set(
      method.descendantsOfType('return_statement').map((statement) => {
        const value = namedChildren(statement!)[0];
        const callee = value?.type === 'call' ? field(value, 'function') : undefined;
        return value?.type === 'identifier' && value.text === self ? shape.name : callee?.type === 'identifier' && this.classes.carried.has(callee.text) ? callee.text : '';
      }),
    );
    return classes.size === 1 && !classes.has('') ? [...classes][0] : null;
  }

  /** The parameters of `fn` hinted a set (`seen: set[str]`, `Optional[set[int]]`): names that hold sets. */
  private setParametersOf(fn: SyntaxNode): Set<string> {
    const names = new Set<string>();
    if (this.fileDefinesSet) return names;
    for (const param of namedChildren(field(fn, 'parameters') ?? fn)) {
      const name = param.type === 'typed_parameter' ? namedChildren(param).find((child) => child.type === 'identifier') : param.type === 'typed_default_parameter' ? field(param, 'name') : undefined;
      if (name && isSetHint(field(param, 'type'), this.aliases)) names.add(name.text);
    }
    return names;
  }

  private parameterNames(fn: SyntaxNode): string[] {
    return namedChildren(field(fn, 'parameters') ?? fn).map((param) => (param.type === 'identifier' ? param.text : (field(param, 'name')?.text ?? namedChildren(param)[0]?.text ?? '')));
  }

  private functionDeclaration(node: SyntaxNode, annotations: A.Annotation[], method?: { shape: ClassShape; init: boolean }): A.FunctionDeclaration {
    const { parameters, body } = this.functionParts(node, method);
    const returns = field(node, 'return_type');
    let returnType = returns ? this.typeOf(returns) : null;
    if (returnType === 'null') returnType = 'void';
    return this.b.make<A.FunctionDeclaration>('FunctionDeclaration', node, {
      name: field(node, 'name')?.text ?? '',
      async: node.children.some((child) => child?.type === 'async'),
      returnType,
      annotations,
      parameters,
      body,
    });
  }

  /** Parameters and body of a def, the body read as a scope of its own. */
  private functionParts(node: SyntaxNode, method?: { shape: ClassShape; init: boolean }): { parameters: A.Parameter[]; body: A.Block } {
    const parameters: A.Parameter[] = [];
    namedChildren(field(node, 'parameters') ?? node).forEach((param, index) => {
      // A method's self is the record (typed by its class); __init__'s is the one its constructor makes.
      if (method?.init && index === 0) return;
      const made = this.parameter(param);
      if (made && method && index === 0) made.paramType = method.shape.name;
      // A method that never reads self takes it all the same: named as unused, as Whetstone asks.
      const body = field(node, 'body');
      if (made && method && index === 0 && body && !body.descendantsOfType('identifier').some((name) => name!.text === made.name || name!.text === `_${made.name}`)) made.name = `_${made.name}`;
      if (made) parameters.push(made);
    });
    const bodyNode = field(node, 'body');
    const outer = this.scope;
    const outerSets = this.sets;
    const outerDeques = this.deques;
    const outerDefaults = this.defaults;
    const outerCounters = this.counters;
    const statements = namedChildren(bodyNode ?? node);
    this.scope = this.scanScope(statements, parameters.map((param) => param.name));
    this.sets = setNames(statements, parameters.map((param) => param.name), this.fileDefinesSet, undefined, this.setParametersOf(node));
    // A deque of the enclosing scope the function reads (and neither assigns nor takes) is still one.
    const inherited = [...outerDeques].filter((name) => !this.scope.assignments.has(name) && !this.scope.declared.has(name));
    this.deques = new Set([...this.dequeNames(statements, parameters.map((param) => param.name)), ...inherited]);
    this.defaults = this.defaultdictNames(statements, parameters.map((param) => param.name));
    const ownCounters = this.counterNames(statements, parameters.map((param) => param.name));
    this.counters = new Set([...ownCounters, ...[...outerCounters].filter((name) => !this.scope.assignments.has(name) && !this.scope.declared.has(name))]);
    for (const [name, value] of outerDefaults) if (!this.scope.assignments.has(name) && !this.scope.declared.has(name)) this.defaults.set(name, value);
    try {
      const body: A.Statement[] = [...this.hoistedDeclarations(bodyNode ?? node)];
      const record = method?.init ? this.recordBuilt(method.shape, statements) : undefined;
      statements.forEach((statement, index) => {
        if (index === 0 && isDocstring(statement)) return;
        if (record && index === record.at) body.push(record.declaration);
        if (record && index >= record.at && index < record.at + record.count) return;
        body.push(...this.statement(statement));
      });
      if (record && record.at >= statements.length) body.push(record.declaration);
      if (record) body.push(this.b.make<A.ReturnStatement>('ReturnStatement', bodyNode ?? node, { annotations: [], value: this.b.identifier(method!.shape.selfName, bodyNode ?? node) }));
      return { parameters, body: this.b.make<A.Block>('Block', bodyNode ?? node, { statements: body }) };
    } finally {
      this.scope = outer;
      this.sets = outerSets;
      this.deques = outerDeques;
      this.defaults = outerDefaults;
      this.counters = outerCounters;
    }
  }

  /**
   * The record __init__ builds: `const self: C = { f: …, … }` in place of the statements that set
   * each field first, which follow the statements that do not read self, each value not reading
   * self. Python runs the same values in the same order; a field set later (or a bare return) is refused.
   */
  private recordBuilt(shape: ClassShape, statements: SyntaxNode[]): { at: number; count: number; declaration: A.Statement } {
    const readsSelf = (node: SyntaxNode): boolean => node.descendantsOfType('identifier').some((name) => name!.text === shape.selfName);
    const built = builtRecord(this.b, shape, statements, { fieldSet: (statement) => fieldAssignment(statement, shape.selfName), readsSelf, expression: (value) => this.expression(value) });
    for (const name of built.unset) {
      this.b.unsupported(shape.fieldValues.get(name)!, `the field ${name} of the class ${shape.name}, set in __init__ after other statements that read self`, 'Set every field first, each from the parameters (a later statement may change it).');
    }
    for (const statement of statements) {
      for (const returned of statement.type === 'return_statement' ? [statement] : statement.descendantsOfType('return_statement')) {
        if (enclosingDef(returned!)?.id === enclosingDef(statement)?.id) this.b.unsupported(returned!, `a return in the __init__ of the class ${shape.name}`, 'The constructor returns the record it built: leave __init__ at its end.');
      }
    }
    return built;
  }

  private parameter(param: SyntaxNode): A.Parameter | undefined {
    const splat = splatName(param);
    if (splat !== undefined) return this.splatParameter(param, splat);
    switch (param.type) {
      case 'identifier':
        return this.b.make<A.Parameter>('Parameter', param, { name: param.text, paramType: null, defaultValue: null });
      case 'typed_parameter': {
        const name = namedChildren(param).find((child) => child.type === 'identifier');
        if (!name) break;
        return this.b.make<A.Parameter>('Parameter', param, { name: name.text, paramType: this.typeOf(field(param, 'type')), defaultValue: null });
      }
      case 'default_parameter':
      case 'typed_default_parameter': {
        const name = field(param, 'name');
        const value = field(param, 'value');
        const type = field(param, 'type');
        if (name?.type !== 'identifier' || !value) break;
        if (MUTABLE_DEFAULTS.has(value.type) || (value.type === 'call' && ['list', 'dict', 'set'].includes(field(value, 'function')?.text ?? ''))) {
          this.b.unsupported(value, `the default value ${value.text} of the parameter ${name.text}`, 'Python makes a default once, where the def runs, and every call without the argument shares it (a list changed in one call is seen by the next); Whetstone makes it at each call. Default to None and make the value in the body.');
        }
        return this.b.make<A.Parameter>('Parameter', param, { name: name.text, paramType: type ? this.typeOf(type) : null, defaultValue: this.expression(value) });
      }
      case 'keyword_separator':
        // `*` before keyword-only parameters: the parameters after it are ordinary ones here.
        return undefined;
    }
    this.b.unsupported(param, `the parameter ${param.text} (${param.type.replace(/_/g, ' ')})`);
    return undefined;
  }

  /**
   * `*args` (or `*args: T`) of a function every call of which passes its extra arguments written
   * out: a list parameter (list<T>), and each call gathers them into a list (call()).
   */
  private splatParameter(param: SyntaxNode, name: string): A.Parameter | undefined {
    const fn = param.parent?.parent;
    const carried = [...this.variadic.carried.values()].some((found) => found.declaration.id === fn?.id);
    if (!carried) {
      const why = this.variadic.refused.get(param.id) ?? 'of a function that is not only called by its name with the arguments written out';
      this.b.unsupported(param, `a *${name} parameter ${why}`, 'Whetstone functions take a fixed number of arguments: pass a list.');
      return undefined;
    }
    // A tuple shows as (1, 2), a list as [1, 2]: the display check refuses showing it.
    this.b.tuplesAsLists = true;
    const type = param.type === 'typed_parameter' ? field(param, 'type') : undefined;
    return this.b.make<A.Parameter>('Parameter', param, { name, paramType: `list<${type ? this.typeOf(type) : 'any'}>`, defaultValue: null });
  }

  /** A Python type hint as a Whetstone type string; any where there is none. */
  typeOf(node: SyntaxNode | undefined): string {
    if (!node) return 'any';
    // Types nest like expressions (Array<Array<…>>): past the limit, one error and no type.
    return this.b.nested(node, () => this.typeAt(node), () => 'any');
  }

  private typeAt(node: SyntaxNode): string {
    switch (node.type) {
      case 'type':
        return this.typeOf(namedChildren(node)[0]);
      case 'identifier': {
        const aliased = this.aliases.get(node.text);
        if (aliased) {
          if (this.aliasesRead.has(node.text)) return 'any';
          this.aliasesRead.add(node.text);
          try {
            return this.typeOf(aliased);
          } finally {
            this.aliasesRead.delete(node.text);
          }
        }
        return TYPES[node.text] ?? (node.text === 'list' || node.text === 'List' ? 'list<any>' : node.text === 'dict' || node.text === 'Dict' ? 'map<any, any>' : node.text === 'set' || node.text === 'Set' ? 'map<any, bool>' : /^[A-Z]/.test(node.text) ? node.text : 'any');
      }
      case 'none':
        return 'null';
      case 'string': {
        // A forward reference ("Node") of a class of the file.
        const named = node.text.replace(/^["']|["']$/g, '');
        return this.classes.carried.has(named) ? named : 'any';
      }
      case 'generic_type':
      case 'subscript': {
        const parts = namedChildren(node);
        const name = parts[0]?.text ?? '';
        const args = parts.slice(1).flatMap((part) => (part.type === 'type_parameter' ? namedChildren(part) : [part])).map((arg) => this.typeOf(arg));
        if (name === 'list' || name === 'List' || name === 'Sequence' || name === 'Iterable' || name === 'deque') return `list<${args[0] ?? 'any'}>`;
        if (name === 'dict' || name === 'Dict' || name === 'Mapping' || name === 'defaultdict') return `map<${args[0] ?? 'any'}, ${args[1] ?? 'any'}>`;
        if (name === 'Optional') return optional(args[0] ?? 'any');
        if (name === 'Counter') return `map<${args[0] ?? 'any'}, number>`;
        // A set is carried as a map of its elements to true (python-sets.ts).
        if (name === 'set' || name === 'Set') return `map<${args[0] ?? 'any'}, bool>`;
        return 'any';
      }
      case 'union_type':
      case 'binary_operator': {
        // `T | None`: a union_type in a hint, a binary_operator in an alias's value.
        const types = node.type === 'union_type' ? namedChildren(node).map((side) => this.typeOf(side)) : [this.typeOf(field(node, 'left')), this.typeOf(field(node, 'right'))];
        const rest = types.filter((type) => type !== 'null');
        return rest.length === 1 ? (types.includes('null') ? optional(rest[0]) : rest[0]) : 'any';
      }
      default:
        return 'any';
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Scopes

  /**
   * Reads the names a scope assigns (not looking into nested functions and classes) and where
   * each is used. A name is declared where it is first assigned when that assignment is a
   * statement of the innermost block holding every use of the name and comes before them all;
   * otherwise it is declared at the top of the scope (hoisted).
   */
  private scanScope(statements: SyntaxNode[], parameters: string[], module = false): ScopeNames {
    const scope = emptyScope();
    for (const name of parameters) scope.declared.add(name);
    const types = new Map<string, string | null>();
    const loopTargets = new Set<string>();
    const occurrences = new Map<string, Occurrence[]>();
    const reads: { name: string; occurrence: Occurrence }[] = [];
    const occur = (name: string, occurrence: Occurrence): void => {
      const list = occurrences.get(name);
      if (list) list.push(occurrence);
      else occurrences.set(name, [occurrence]);
    };
    const note = (name: string, at: SyntaxNode, chain: number[], direct: boolean, type: string | null, augmented = false): void => {
      if (type !== null && !types.has(name)) types.set(name, type);
      scope.assignments.set(name, (scope.assignments.get(name) ?? 0) + (augmented ? 2 : 1));
      // `x += 1` reads x before it writes it.
      occur(name, { offset: at.startIndex, chain, assignment: !augmented, direct });
    };
    /** `chain`: the blocks between the scope and `node`; `statement`: node is a statement of the innermost one. */
    const visit = (node: SyntaxNode, chain: number[], statement: boolean, enclosing?: SyntaxNode, depth = 0): void => {
      // Deeper code is reported as unsupported when it is read; the scan stops there too.
      if (depth > 2 * MAX_IMPORT_NESTING) return;
      switch (node.type) {
        case 'function_definition':
        case 'class_definition':
        case 'decorated_definition':
        case 'lambda': {
          if (node.type === 'function_definition' || node.type === 'decorated_definition') {
            // A nested def binds its name here (a direct one is declared where it stands).
            const fn = node.type === 'decorated_definition' ? field(node, 'definition') : node;
            const name = fn ? field(fn, 'name')?.text : undefined;
            // In a function a direct one too, as `any`: where a function before it calls it (a mutual
            // recursion) it is declared at the top of the scope and given its lambda where it stands.
            const direct = statement && chain.length === 0;
            if (name && !(direct && module)) note(name, node, chain, statement, direct ? 'any' : null);
          }
          // Names a nested function reads are used where the function stands; a name it assigns
          // (without global or nonlocal) is its own local, not a read of this scope's.
          const locals = ownLocals(node);
          for (const identifier of node.descendantsOfType('identifier')) {
            if (identifier && !locals.has(identifier.text)) reads.push({ name: identifier.text, occurrence: { offset: node.startIndex, chain, assignment: false, direct: false } });
          }
          return;
        }
        case 'global_statement':
        case 'nonlocal_statement':
          for (const name of namedChildren(node)) scope.outer.add(name.text);
          return;
        case 'expression_statement':
          for (const child of namedChildren(node)) visit(child, chain, statement, node, depth + 1);
          return;
        case 'assignment': {
          const left = field(node, 'left');
          const right = field(node, 'right');
          if (left?.type === 'identifier') note(left.text, node, chain, statement && enclosing?.type === 'expression_statement', field(node, 'type') ? this.typeOf(field(node, 'type')) : null);
          // `a, b = …` assigns each name; they are declared with let at the top of the scope.
          else if (left && isUnpacking(left)) {
            // `q, r = divmod(a, b)` gives numbers (divmodUnpacked).
            const divmod = right?.type === 'call' && field(right, 'function')?.text === 'divmod' && !this.signatures.has('divmod') ? 'number' : null;
            for (const element of namedChildren(left)) {
              if (element.type === 'identifier') note(element.text, node, chain, false, divmod);
              else visit(element, chain, false, undefined, depth + 1);
            }
          }
          else if (left) visit(left, chain, false, undefined, depth + 1);
          // The targets of `a = b = v` are assigned where the statement stands, as a's is.
          if (right?.type === 'assignment') visit(right, chain, statement, enclosing, depth + 1);
          else if (right) visit(right, chain, false, undefined, depth + 1);
          return;
        }
        case 'augmented_assignment': {
          const left = field(node, 'left');
          if (left?.type === 'identifier') note(left.text, node, chain, false, null, true);
          else if (left) visit(left, chain, false, undefined, depth + 1);
          const right = field(node, 'right');
          if (right) visit(right, chain, false, undefined, depth + 1);
          return;
        }
        case 'for_statement': {
          const left = field(node, 'left');
          if (left?.type === 'identifier') loopTargets.add(left.text);
          const body = field(node, 'body');
          if (!left || !isUnpacking(left) || !body) break;
          // `for a, b in …` assigns each name at the start of the body (declared there unless used outside it).
          for (const name of namedChildren(left)) {
            if (name.type === 'identifier') note(name.text, name, [...chain, body.startIndex], true, null);
            else visit(name, chain, false, undefined, depth + 1);
          }
          for (const part of [field(node, 'right'), body, field(node, 'alternative')]) if (part) visit(part, chain, false, undefined, depth + 1);
          return;
        }
        case 'identifier':
          reads.push({ name: node.text, occurrence: { offset: node.startIndex, chain, assignment: false, direct: false } });
          return;
        case 'attribute': {
          // The attribute's own name is not a variable.
          const object = field(node, 'object');
          if (object) visit(object, chain, false, undefined, depth + 1);
          return;
        }
        case 'keyword_argument': {
          const value = field(node, 'value');
          if (value) visit(value, chain, false, undefined, depth + 1);
          return;
        }
      }
      const inner = node.type === 'block' ? [...chain, node.startIndex] : chain;
      for (const child of namedChildren(node)) visit(child, inner, node.type === 'block', undefined, depth + 1);
    };
    for (const statement of statements) visit(statement, [], true);
    for (const { name, occurrence } of reads) if (occurrences.has(name)) occur(name, occurrence);
    for (const [name, list] of occurrences) {
      if (scope.outer.has(name) || scope.declared.has(name) || !scope.assignments.has(name)) continue;
      list.sort((a, b) => a.offset - b.offset);
      const common = list.map((o) => o.chain).reduce((prefix, chain) => prefix.filter((block, i) => chain[i] === block));
      const [first] = list;
      const declaredAtFirst = first.assignment && first.direct && first.chain.length === common.length;
      if (!declaredAtFirst || loopTargets.has(name)) scope.hoisted.set(name, types.get(name) ?? null);
    }
    return scope;
  }

  private hoistedDeclarations(at: SyntaxNode): A.Statement[] {
    const out: A.Statement[] = [];
    for (const [name, type] of this.scope.hoisted) {
      this.scope.declared.add(name);
      out.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', this.b.spanBetween(at.startIndex, at.startIndex), { name, kind: 'let', varType: type, annotations: [], initializer: null }));
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Statements

  private block(node: SyntaxNode | undefined, at: SyntaxNode): A.Block {
    const statements: A.Statement[] = [];
    for (const child of node ? namedChildren(node) : []) statements.push(...this.statement(child));
    return this.b.make<A.Block>('Block', node ?? at, { statements });
  }

  /**
   * Statements that must run before the one being read: a list comprehension inside an expression
   * becomes a named list built by a loop just before its statement. Only in simple statements
   * (not in conditions, which run more than once).
   */
  private before: A.Statement[] | undefined;
  private comprehensionCount = 0;

  private statement(node: SyntaxNode): A.Statement[] {
    return this.b.nested(node, () => this.statementAt(node), () => []);
  }

  private statementAt(node: SyntaxNode): A.Statement[] {
    if (node.type === 'expression_statement' || node.type === 'return_statement') {
      const outer = this.before;
      this.before = [];
      try {
        const made = this.simpleStatement(node);
        return [...this.before, ...made];
      } finally {
        this.before = outer;
      }
    }
    const outer = this.before;
    this.before = undefined;
    try {
      return this.simpleStatement(node);
    } finally {
      this.before = outer;
    }
  }

  private simpleStatement(node: SyntaxNode): A.Statement[] {
    switch (node.type) {
      case 'expression_statement': {
        const inner = namedChildren(node);
        if (inner.length !== 1) {
          this.b.unsupported(node, 'a tuple of expressions');
          return [];
        }
        return this.expressionStatement(inner[0], node);
      }
      case 'return_statement': {
        const written = namedChildren(node)[0];
        const value = written && unparenthesize(written);
        if (value?.type === 'conditional_expression') return [this.lowerConditional(value, (branch) => this.returnOf(branch))];
        if (value?.type === 'dictionary_comprehension') return this.returnedDict(value, node);
        const untupled = value?.type === 'expression_list' ? onlyUnpacked(node) : undefined;
        if (untupled) return [this.statementError(node, node, `return a, b … from a function ${untupled}`, 'Python returns a tuple, which shows as (1, 2) and is never equal to a list; Whetstone holds it as a list. Unpack each call: q, r = f(…).')];
        return [this.b.make<A.ReturnStatement>('ReturnStatement', node, { annotations: [], value: value ? this.expression(value) : null })];
      }
      case 'if_statement':
        return [this.ifStatement(node, namedChildren(node).filter((child) => child.type === 'elif_clause' || child.type === 'else_clause'))];
      case 'while_statement':
      case 'for_statement':
        return field(node, 'alternative') ? this.loopWithElse(node) : this.loop(node);
      case 'match_statement':
        return this.matchStatement(node);
      case 'break_statement':
        return [this.b.make<A.BreakStatement>('BreakStatement', node, { annotations: [] })];
      case 'continue_statement':
        return [this.b.make<A.ContinueStatement>('ContinueStatement', node, { annotations: [] })];
      case 'assert_statement': {
        // `assert c, m` → assert(c, m); Whetstone's also runs under python -O.
        const [condition, message] = namedChildren(node);
        if (!condition) return [];
        const args = [this.expression(condition)];
        if (message) args.push(message.type === 'string' ? this.expression(message) : this.b.call('str', [this.expression(message)], message));
        return [this.b.make<A.ExpressionStatement>('ExpressionStatement', node, { annotations: [], expression: this.b.call('assert', args, node) })];
      }
      case 'raise_statement': {
        // `raise ValueError(m)` throws m (str(e) of the exception); a bare raise re-raises.
        const raised = namedChildren(node)[0];
        const callee = raised?.type === 'call' ? field(raised, 'function') : raised;
        const raisedArgs = raised?.type === 'call' ? namedChildren(field(raised, 'arguments') ?? raised) : [];
        const isClass = callee?.type === 'identifier' && (isExceptionName(callee.text) || this.exceptionClasses.has(callee.text));
        if (!raised || !isClass || raisedArgs.length > 1 || raisedArgs[0]?.type === 'keyword_argument') {
          this.b.unsupported(node, raised ? 'a raise of something other than an exception with one message' : 'a bare raise');
          return [];
        }
        const message = raisedArgs[0] ? (raisedArgs[0].type === 'string' ? this.expression(raisedArgs[0]) : this.b.call('str', [this.expression(raisedArgs[0])], raisedArgs[0])) : this.b.literal('', callee);
        return [this.b.make<A.ThrowStatement>('ThrowStatement', node, { annotations: [], value: message })];
      }
      case 'try_statement': {
        const reading = readTry(node, this.exceptionClasses, this.reaches);
        if ('why' in reading) {
          this.b.unsupported(node, reading.why, reading.hint);
          return [];
        }
        return [
          this.b.make<A.TryStatement>('TryStatement', node, {
            annotations: [],
            body: this.block(reading.body, node),
            catchName: reading.name ?? '_error',
            handler: this.block(reading.handler, node),
          }),
        ];
      }
      case 'delete_statement':
        return this.deleteKey(node);
      case 'pass_statement':
      case 'global_statement':
      case 'nonlocal_statement':
        return [];
      case 'function_definition': {
        const name = field(node, 'name')?.text ?? '';
        const { parameters, body } = this.functionParts(node);
        const lambda = this.b.make<A.Lambda>('Lambda', node, { parameters, returnType: null, body });
        const declared = this.scope.declared.has(name) || this.scope.outer.has(name) ? [] : this.b.localFunction(name, lambda, node);
        if (declared.length < 2) return [this.declareOrAssign(name, lambda, node, null)];
        // It calls itself: declared before it is given its lambda.
        this.scope.declared.add(name);
        return declared;
      }
      case 'decorated_definition':
      case 'class_definition':
      case 'import_statement':
      case 'import_from_statement':
        this.b.unsupported(node, `a ${describe(node)} inside a block`);
        return [];
      default:
        this.b.unsupported(node, `a ${describe(node)}`);
        return [];
    }
  }

  private returnOf(branch: SyntaxNode): A.ReturnStatement {
    return this.b.make<A.ReturnStatement>('ReturnStatement', branch, { annotations: [], value: this.expression(branch) });
  }

  private expressionStatement(expression: SyntaxNode, statement: SyntaxNode): A.Statement[] {
    switch (expression.type) {
      case 'assignment':
        return this.assignment(expression);
      case 'augmented_assignment': {
        const left = field(expression, 'left');
        const right = field(expression, 'right');
        const operator = field(expression, 'operator')?.text ?? '';
        if (!left || !right || !isTarget(left)) return [];
        const counter = left.type === 'subscript' ? field(left, 'value') : undefined;
        if (counter?.type === 'identifier' && this.counters.has(counter.text) && (operator === '+=' || operator === '-=')) {
          // c[k] += n of a Counter: its count (0 where it has none) plus n, put in.
          const target = this.b.make<A.IndexExpression>('IndexExpression', left, { object: this.b.identifier(counter.text, counter), index: this.expression(field(left, 'subscript') ?? left) });
          const sum = this.b.make<A.BinaryExpression>('BinaryExpression', expression, { operator: operator === '+=' ? '+' : '-', left: this.expression(left), right: this.expression(right) });
          return [this.assign(target, '=', sum, expression)];
        }
        const compound = COMPOUND[operator];
        if (compound === '+=') {
          // Of a list, Python's += extends it in place: python-list-extends.ts reads which by the types.
          const addition = this.assign(this.expression(left), compound, this.expression(right), expression);
          markAddition(this.b, addition);
          return [addition];
        }
        if (compound) return [this.assign(this.expression(left), compound, this.expression(right), expression)];
        if (operator === '%=' || operator === '//=' || BINARY[operator.slice(0, -1)]) {
          const value = this.arithmetic(operator.slice(0, -1), this.expression(left), this.expression(right), expression);
          return [this.assign(this.expression(left), '=', value, expression)];
        }
        this.b.unsupported(expression, `the ${operator} operator`);
        return [];
      }
      case 'string':
        // A bare string is documentation, like a comment.
        return [];
      case 'subscript': {
        // `d[k]` of a defaultdict alone: the default put in (just before), nothing else.
        const map = field(expression, 'value');
        if (map?.type === 'identifier' && this.defaults.has(map.text)) {
          this.expression(expression);
          return [];
        }
        break;
      }
      case 'call': {
        // doctest.testmod(): running the examples of the docstrings, which are not carried.
        if (isTestRun(expression)) return [];
        if (this.isMethodCall(expression)) return this.methodCallStatement(expression, statement);
        const changed = this.setChange(expression, statement) ?? this.listChange(expression, statement) ?? this.dictPopStatement(expression, statement);
        if (changed) return changed;
        const defaulted = this.setDefault(expression, statement);
        if (defaulted) return defaulted;
        break;
      }
    }
    return [this.b.make<A.ExpressionStatement>('ExpressionStatement', statement, { annotations: [], expression: this.expression(expression) })];
  }

  private assignment(node: SyntaxNode): A.Statement[] {
    const left = field(node, 'left');
    const written = field(node, 'right');
    const right = written && unparenthesize(written);
    const typeNode = field(node, 'type');
    if (!left) return [];
    if (!right) {
      // `x: int` declares without a value.
      if (left.type === 'identifier' && !this.scope.declared.has(left.text)) {
        this.scope.declared.add(left.text);
        return [this.b.make<A.VariableDeclaration>('VariableDeclaration', node, { name: left.text, kind: 'let', varType: this.typeOf(typeNode), annotations: [], initializer: null })];
      }
      return [];
    }
    if (isUnpacking(left) && (right.type === 'expression_list' || right.type === 'tuple')) {
      // `a, b = b, a`: Python evaluates the right side whole before it assigns, as Whetstone does.
      const targets = namedChildren(left);
      const values = namedChildren(right);
      if (targets.length === values.length && targets.every(isTarget)) {
        return [this.b.make<A.MultipleAssignment>('MultipleAssignment', node, { annotations: [], targets: targets.map((target) => this.expression(target)), values: values.map((value) => this.expression(value)) })];
      }
    }
    const quotientAndRemainder = isUnpacking(left) ? this.divmodUnpacked(node, left, right) : undefined;
    if (quotientAndRemainder) return [quotientAndRemainder];
    if (isUnpacking(left) && right.type !== 'expression_list' && right.type !== 'tuple' && right.type !== 'assignment' && namedChildren(left).every(isTarget)) {
      // `a, b = f()`: the value once, its length checked as Python does (ValueError), then each element.
      const targets = namedChildren(left);
      const holder = `unpacked${++this.comprehensionCount}`;
      const read = (): A.Identifier => this.b.identifier(holder, right);
      const unpacked = this.expression(right);
      markUnpacked(this.b, unpacked, 'this unpacking');
      const hold = this.b.make<A.VariableDeclaration>('VariableDeclaration', right, { name: holder, kind: 'const', varType: null, annotations: [], initializer: unpacked });
      const sameLength = this.b.make<A.BinaryExpression>('BinaryExpression', right, { operator: '==', left: this.b.call('len', [read()], right), right: this.b.literal(targets.length, right) });
      const check = this.b.make<A.ExpressionStatement>('ExpressionStatement', node, {
        annotations: [],
        expression: this.b.call('assert', [sameLength, this.b.literal(`expected ${targets.length} values to unpack`, right)], node),
      });
      const values = targets.map((_, index) => this.b.make<A.IndexExpression>('IndexExpression', right, { object: read(), index: this.b.literal(index, right) }));
      const assign = this.b.make<A.MultipleAssignment>('MultipleAssignment', node, { annotations: [], targets: targets.map((target) => this.expression(target)), values });
      return [hold, check, assign];
    }
    const chain = pythonAssignmentChain(node);
    if (chain) return this.chainedAssignment(node, chain.targets, chain.value);
    if (!isTarget(left) || right.type === 'assignment') {
      this.b.unsupported(node, left.type === 'pattern_list' || left.type === 'tuple_pattern' ? 'an assignment that unpacks several names' : 'a chained assignment');
      return [];
    }
    const varType = typeNode ? this.typeOf(typeNode) : null;
    if (right.type === 'conditional_expression' && left.type === 'identifier') {
      // The declaration spans only the name, so what follows it comes after it.
      const declaration = this.declareFirst(left.text, left, varType);
      const lowered = this.lowerConditional(right, (branch) => this.assign(this.b.identifier(left.text, branch), '=', this.expression(branch), branch));
      return declaration ? [declaration, lowered] : [lowered];
    }
    if ((right.type === 'list_comprehension' || right.type === 'dictionary_comprehension') && left.type === 'identifier') {
      const empty = (): A.Expression => (right.type === 'list_comprehension' ? this.b.make<A.ArrayLiteral>('ArrayLiteral', left, { elements: [] }) : this.b.make<A.ObjectLiteral>('ObjectLiteral', left, { properties: [] }));
      // A dict of any keys (a Map in JavaScript) unless hinted: its keys may be numbers.
      const declaration = this.declareFirst(left.text, left, right.type === 'list_comprehension' ? varType : (varType ?? 'map<any, any>'));
      if (!declaration && right.descendantsOfType('identifier').some((name) => name?.text === left.text)) {
        // `xs = [x * 2 for x in xs]`: Python builds the new value whole before the name holds it.
        if (right.type === 'dictionary_comprehension') {
          this.b.unsupported(right, 'a dict comprehension that reads the name it is assigned to', 'Python builds the dict whole before the name holds it: assign it to a new name.');
          return [];
        }
        const built = this.fresh('built');
        const hold = this.b.make<A.VariableDeclaration>('VariableDeclaration', left, { name: built, kind: 'const', varType: null, annotations: [], initializer: empty() });
        const loop = this.comprehension(right, built);
        return loop ? [hold, ...loop, this.assign(this.b.identifier(left.text, left), '=', this.b.identifier(built, left), node)] : [hold];
      }
      const start = declaration ? ((declaration.initializer = empty()), declaration) : this.assign(this.b.identifier(left.text, left), '=', empty(), node);
      const loop = this.comprehension(right, left.text);
      return loop ? [start, ...loop] : [start];
    }
    if (left.type === 'identifier' && this.sets.has(left.text)) return this.setAssignment(left, right, node);
    const defaulted = left.type === 'identifier' ? this.defaults.get(left.text) : undefined;
    if (defaulted) return [this.declareOrAssign(left.text, this.b.make<A.ObjectLiteral>('ObjectLiteral', right, { properties: [] }), node, varType ?? `map<any, ${defaulted.type}>`)];
    if (left.type === 'identifier' && this.counters.has(left.text)) return this.counterAssignment(left, right, node, varType);
    const zipped = left.type === 'identifier' ? dictOfZip(right, this.b.source) : undefined;
    if (zipped && !zipped.some((list) => list.text === left.text)) return this.dictOfZip(left, zipped, node, varType);
    if (left.type === 'identifier' && this.deques.has(left.text)) return [this.declareOrAssign(left.text, this.dequeOf(right), node, varType ?? (dequeConstruction(right, this.collections) === 'empty' ? 'list<any>' : null))];
    const textKeyed = left.type === 'identifier' ? this.textKeyedDict(left, right, node, varType) : undefined;
    if (textKeyed) return textKeyed;
    const value = this.expression(right);
    if (left.type === 'identifier') return [this.declareOrAssign(left.text, value, node, varType)];
    return [this.assign(this.expression(left), '=', value, node)];
  }

  /**
   * `pairs = {")": "(", "]": "["}`, a dict written with text keys of which some are not names
   * (a Whetstone object literal's keys are names): a map from texts filled entry by entry,
   * `pairs: map<string, string> = {}; pairs[")"] = "(";` (the values' type when every value is a
   * text, or every one a number, literal; any otherwise). Only values that call nothing and do not
   * read the name: Python computes them all before the name holds the dict.
   */
  private textKeyedDict(left: SyntaxNode, right: SyntaxNode, node: SyntaxNode, varType: string | null): A.Statement[] | undefined {
    if (right.type !== 'dictionary') return undefined;
    const pairs = namedChildren(right);
    if (pairs.length === 0 || pairs.some((pair) => pair.type !== 'pair')) return undefined;
    const entries = pairs.map((pair) => {
      const key = field(pair, 'key');
      return { pair, key: key?.type === 'string' ? this.plainString(key) : undefined, value: field(pair, 'value') };
    });
    if (entries.some(({ key, value }) => key === undefined || !value) || entries.every(({ key }) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(key ?? ''))) return undefined;
    const readsOrCalls = (value: SyntaxNode): boolean => [value, ...value.descendantsOfType(['call', 'identifier'])].some((found) => found?.type === 'call' || (found?.type === 'identifier' && found.text === left.text));
    if (entries.some(({ value }) => readsOrCalls(value!))) return undefined;
    const kinds = new Set(entries.map(({ value }) => (value!.type === 'string' ? 'string' : value!.type === 'integer' || value!.type === 'float' ? 'number' : 'any')));
    const valueType = kinds.size === 1 ? [...kinds][0] : 'any';
    const start = this.declareOrAssign(left.text, this.b.make<A.ObjectLiteral>('ObjectLiteral', right, { properties: [] }), node, varType ?? `map<string, ${valueType}>`);
    const puts = entries.map(({ pair, key, value }) =>
      this.assign(this.b.make<A.IndexExpression>('IndexExpression', pair, { object: this.b.identifier(left.text, left), index: this.b.literal(key!, pair) }), '=', this.expression(value!), pair),
    );
    return [start, ...puts];
  }

  /**
   * `return {k: v for …}`: the dict built in a name of its own, as when it is assigned (typed by
   * the function's `dict[…]` hint, else a map of any keys), then that name returned.
   */
  private returnedDict(comprehension: SyntaxNode, node: SyntaxNode): A.Statement[] {
    let fn = node.parent;
    while (fn && fn.type !== 'function_definition' && fn.type !== 'lambda') fn = fn.parent;
    const returns = fn?.type === 'function_definition' ? field(fn, 'return_type') : null;
    const hinted = returns ? this.typeOf(returns) : undefined;
    const name = this.fresh('built');
    const start = this.b.spanBetween(comprehension.startIndex, comprehension.startIndex);
    const empty = this.b.make<A.ObjectLiteral>('ObjectLiteral', start, { properties: [] });
    const hold = this.b.make<A.VariableDeclaration>('VariableDeclaration', start, { name, kind: 'const', varType: hinted?.startsWith('map<') ? hinted : 'map<any, any>', annotations: [], initializer: empty });
    const loop = this.comprehension(comprehension, name);
    if (!loop) return [hold];
    return [hold, ...loop, this.b.make<A.ReturnStatement>('ReturnStatement', node, { annotations: [], value: this.b.identifier(name, comprehension) })];
  }

  /** A while or for loop, without its else clause. */
  private loop(node: SyntaxNode): A.Statement[] {
    if (node.type === 'while_statement') {
      return [this.b.make<A.WhileStatement>('WhileStatement', node, { annotations: [], condition: this.expression(field(node, 'condition') ?? node), body: this.block(field(node, 'body'), node) })];
    }
    const left = field(node, 'left');
    const right = field(node, 'right');
    if (left && right && left.type !== 'identifier') return this.unpackingLoop(node, left, right);
    if (left?.type !== 'identifier' || !right) {
      this.b.unsupported(node, 'a for loop that unpacks several names');
      return [];
    }
    if (this.scope.declared.has(left.text) || this.scope.outer.has(left.text)) {
      // A name of the scope (assigned elsewhere too, or global): Python's loop assigns it and it keeps the last element after the loop.
      const item = this.fresh('item');
      const iterable = this.expression(right);
      const bodyNode = field(node, 'body');
      const block = this.block(bodyNode, node);
      const inside = this.b.spanBetween((bodyNode ?? node).startIndex, (bodyNode ?? node).startIndex);
      block.statements.unshift(this.assign(this.b.identifier(left.text, left), '=', this.b.identifier(item, inside), left));
      return [this.b.make<A.ForStatement>('ForStatement', node, { annotations: [], iterator: item, iterable, body: block })];
    }
    // A read of a defaultdict in what the loop walks puts its default in just before the loop (it is read once).
    const readsDefault = right.descendantsOfType('subscript').some((read) => read !== null && this.defaults.has(field(read, 'value')?.text ?? ''));
    const outer = this.before;
    if (readsDefault) this.before = [];
    try {
      const iterable = this.expression(right);
      const first = readsDefault ? (this.before ?? []) : [];
      return [...first, this.b.make<A.ForStatement>('ForStatement', node, { annotations: [], iterator: left.text, iterable, body: this.block(field(node, 'body'), node) })];
    } finally {
      this.before = outer;
    }
  }

  /**
   * `while c: … else: e` and `for x in xs: … else: e`: e runs when the loop ends without a break.
   * `let broke = false;` before the loop, `broke = true;` before each of its breaks, then
   * `if !broke { e }`; without a break in the loop, e simply follows it.
   */
  private loopWithElse(node: SyntaxNode): A.Statement[] {
    const otherwise = field(node, 'alternative')!;
    const statements = this.loop(node);
    const loop = [...statements].reverse().find((statement): statement is A.WhileStatement | A.ForStatement => statement.type === 'WhileStatement' || statement.type === 'ForStatement');
    const elseBody = this.block(field(otherwise, 'body'), otherwise);
    if (!loop) return statements;
    // The break a zip loop adds where the shorter list ends is the loop ending, not a break of the source.
    const written = (exit: A.BreakStatement | A.ContinueStatement): boolean => this.b.source.slice(exit.span.startOffset, exit.span.endOffset) === 'break';
    if (!hasExit(loop.body, 'BreakStatement', written)) return [...statements, ...elseBody.statements];
    const flag = this.fresh('broke');
    const at = this.b.spanBetween(node.startIndex, node.startIndex);
    const declaration = this.b.make<A.VariableDeclaration>('VariableDeclaration', at, { name: flag, kind: 'let', varType: null, annotations: [], initializer: this.b.literal(false, at) });
    runBeforeExits(loop.body, 'BreakStatement', (exit) => (!written(exit) ? [] : [this.b.make<A.AssignmentStatement>('AssignmentStatement', exit.span, { annotations: [], operator: '=', target: this.b.identifier(flag, exit.span), value: this.b.literal(true, exit.span) })]));
    const notBroken = this.b.make<A.UnaryExpression>('UnaryExpression', otherwise, { operator: '!', operand: this.b.identifier(flag, otherwise) });
    return [declaration, ...statements, this.b.make<A.IfStatement>('IfStatement', otherwise, { annotations: [], condition: notBroken, consequent: elseBody, alternate: null })];
  }

  /** `match v:` of literal cases: an if / else if chain on == (python-match.ts). */
  private matchStatement(node: SyntaxNode): A.Statement[] {
    const found = matchCases(node);
    const subjectNode = field(node, 'subject');
    if ('problem' in found || !subjectNode) {
      this.b.unsupported(node, `a match statement where ${'problem' in found ? found.problem : 'there is no subject'}`, 'Write it as if / elif / else.');
      return [];
    }
    const subject = unparenthesize(subjectNode);
    const before: A.Statement[] = [];
    let read = (): A.Expression => this.b.identifier(subject.text, subject);
    if (subject.type !== 'identifier') {
      // The subject is evaluated once, as Python does.
      const holder = this.fresh('matched');
      before.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', subject, { name: holder, kind: 'const', varType: null, annotations: [], initializer: this.expression(subject) }));
      read = () => this.b.identifier(holder, subject);
    }
    const literal = (found: MatchLiteral): A.Expression => (found.kind === 'string' ? this.expression(found.node) : this.b.literal(found.value, found.at));
    let chain: A.Block | A.IfStatement | null = null;
    for (const branch of [...found.cases].reverse()) {
      const body = this.block(branch.body, branch.at);
      const either = (left: A.Expression, right: A.Expression): A.Expression => this.b.make<A.BinaryExpression>('BinaryExpression', branch.at, { operator: '||', left, right });
      const pattern = branch.literals.map((found): A.Expression => this.b.make<A.BinaryExpression>('BinaryExpression', branch.at, { operator: '==', left: read(), right: literal(found) })).reduce<A.Expression | undefined>((left, right) => (left ? either(left, right) : right), undefined);
      // The guard is evaluated only once the pattern matched.
      const guard = branch.guard && this.expression(branch.guard);
      const condition = pattern && guard ? this.b.make<A.BinaryExpression>('BinaryExpression', branch.at, { operator: '&&', left: pattern, right: guard }) : (pattern ?? guard);
      if (!condition) {
        chain = body;
        continue;
      }
      chain = this.b.make<A.IfStatement>('IfStatement', branch.at, { annotations: [], condition, consequent: body, alternate: chain });
    }
    if (!chain) return before;
    if (chain.type === 'Block') return [...before, this.b.make<A.IfStatement>('IfStatement', node, { annotations: [], condition: this.b.literal(true, node), consequent: chain, alternate: null })];
    return [...before, chain];
  }

  /** `a = b = v` → `a = v; b = a;` (python-chains.ts says when that keeps the meaning). */
  private chainedAssignment(node: SyntaxNode, targets: SyntaxNode[], valueNode: SyntaxNode): A.Statement[] {
    const problem = targets.map(chainedTargetProblem).find((found) => found !== undefined);
    if (problem) {
      this.b.unsupported(node, `a chained assignment where ${problem}`, 'Assign the value to a name first, then each target from that name.');
      return [];
    }
    const assignOne = (target: SyntaxNode, value: A.Expression): A.Statement => (target.type === 'identifier' ? this.declareOrAssign(target.text, value, target, null) : this.assign(this.expression(target), '=', value, target));
    const out = [assignOne(targets[0], this.expression(unparenthesize(valueNode)))];
    for (let i = 1; i < targets.length; i++) out.push(assignOne(targets[i], this.expression(targets[i - 1])));
    return out;
  }

  /**
   * `s = set()`, `s = {a, b}`, `s = set(xs)` of a name that holds only sets: `s = {}` (declared
   * `map<any, bool>` where first assigned), then `s[a] = true;` for each element, or a loop over
   * xs that puts each in (a text's characters, another set's elements).
   */
  private setAssignment(left: SyntaxNode, right: SyntaxNode, node: SyntaxNode): A.Statement[] {
    const empty = this.b.make<A.ObjectLiteral>('ObjectLiteral', right, { properties: [] });
    const start = this.declareOrAssign(left.text, empty, node, 'map<any, bool>');
    const put = (element: A.Expression, at: SyntaxNode): A.Statement =>
      this.assign(this.b.make<A.IndexExpression>('IndexExpression', at, { object: this.b.identifier(left.text, at), index: element }), '=', this.b.literal(true, at), at);
    const how = setConstruction(right);
    if (how === 'literal') return [start, ...namedChildren(right).map((element) => put(this.expression(element), element))];
    if (how !== 'from') return [start];
    const source = namedChildren(field(right, 'arguments') ?? right)[0];
    const item = this.fresh('item');
    const iterable = this.setName(source) ? this.b.call('keys', [this.b.identifier(source.text, source)], source) : this.expression(source);
    const loop = this.b.make<A.ForStatement>('ForStatement', source, { annotations: [], iterator: item, iterable, body: this.b.make<A.Block>('Block', source, { statements: [put(this.b.identifier(item, source), source)] }) });
    return [start, loop];
  }

  /** The names `statements` assign only deques to (python-collections.ts). */
  private dequeNames(statements: readonly SyntaxNode[], parameters: readonly string[]): Set<string> {
    if (!this.collections.has('deque')) return new Set();
    return setNames(statements, parameters, false, (value) => dequeConstruction(value, this.collections) !== undefined);
  }

  /**
   * `deque()` → `[]`, `deque([a, b])` → `[a, b]`, `deque(xs)` → what `list(xs)` becomes (a copy of
   * a list, a text's characters, a dict's keys, by the type of xs: python-text-lists.ts).
   */
  private dequeOf(right: SyntaxNode): A.Expression {
    const [source] = namedChildren(field(right, 'arguments') ?? right);
    if (!source) return this.b.make<A.ArrayLiteral>('ArrayLiteral', right, { elements: [] });
    const elements = this.expression(source);
    return source.type === 'list' ? elements : this.b.call('charsOf', [elements], right);
  }

  /**
   * `c.most_common()` and `c.most_common(n)` (n a whole number literal): the keys sorted by count,
   * highest first (a stable sort: ties in the order first counted, as Python's), each as
   * `[key, count]`, the first n of them.
   */
  private mostCommon(object: SyntaxNode, node: SyntaxNode): A.Expression {
    const written = namedChildren(field(node, 'arguments') ?? node);
    if (written.length > 1 || (written[0] && (written[0].type !== 'integer' || !Number.isSafeInteger(Number(written[0].text))))) {
      return this.b.errorNode(node, 'most_common(n) of other than a whole number written out', 'Python takes none for a negative n and raises for a float: write the number.');
    }
    // A tuple shows as (1, 2), a list as [1, 2]: the display check refuses showing the pairs.
    this.b.tuplesAsLists = true;
    const param = (name: string): A.Parameter => this.b.make<A.Parameter>('Parameter', node, { name, paramType: null, defaultValue: null });
    const count = (name: string): A.Expression => this.countOf(object.text, () => this.b.identifier(name, node), node);
    const [first, second, key] = [this.fresh('first'), this.fresh('second'), this.fresh('key')];
    const order = this.b.make<A.Lambda>('Lambda', node, { parameters: [param(first), param(second)], returnType: null, body: this.b.make<A.BinaryExpression>('BinaryExpression', node, { operator: '-', left: count(second), right: count(first) }) });
    const sortedKeys = this.b.call('sorted', [this.b.call('keys', [this.expression(object)], node), order], node);
    const pair = this.b.make<A.Lambda>('Lambda', node, { parameters: [param(key)], returnType: null, body: this.b.make<A.ArrayLiteral>('ArrayLiteral', node, { elements: [this.b.identifier(key, node), count(key)] }) });
    const pairs = this.b.call('map', [sortedKeys, pair], node);
    return written[0] ? this.b.call('slice', [pairs, this.b.literal(0, node), this.b.literal(Number(written[0].text), node)], node) : pairs;
  }

  /**
   * `d.items()` copied by `list(…)` or `sorted(…)` (with a key or none): its pairs as lists, each
   * `[k, d[k]]` in the dict's order (a tuple in Python: showing one is refused by the display
   * check). Anywhere else it is Python's view of the dict, which changes with it.
   */
  private itemPairs(object: SyntaxNode, node: SyntaxNode): A.Expression {
    const call = node.parent?.type === 'argument_list' ? node.parent.parent : null;
    const callee = call && field(call, 'function');
    const others = call ? namedChildren(field(call, 'arguments') ?? call).filter((argument) => argument.id !== node.id) : [];
    const copied = callee?.type === 'identifier' && !this.signatures.has(callee.text) && namedChildren(field(call!, 'arguments') ?? call!)[0]?.id === node.id
      && ((callee.text === 'list' && others.length === 0) || (callee.text === 'sorted' && (others.length === 0 || others.some((other) => other.type === 'keyword_argument' && field(other, 'name')?.text === 'key'))));
    if (!copied) return this.b.errorNode(node, 'd.items() other than copied by list(…) or sorted(…)', "Python's items() is a view that changes with the dict; list(d.items()) copies it, and for k, v in d.items() walks it.");
    if (object.type !== 'identifier') return this.b.errorNode(node, '.items() of something other than a name', 'Name the dict first.');
    this.b.tuplesAsLists = true;
    const key = this.fresh('key');
    const start = this.b.spanBetween(node.startIndex, node.startIndex);
    const parameter = this.b.make<A.Parameter>('Parameter', start, { name: key, paramType: null, defaultValue: null });
    const read = this.b.make<A.IndexExpression>('IndexExpression', node, { object: this.expression(object), index: this.b.identifier(key, node) });
    // A pair of a key and a value of other types: a list of any, as Python's tuple holds them (TypeScript would infer a union).
    const pair = this.b.make<A.Lambda>('Lambda', node, { parameters: [parameter], returnType: 'list<any>', body: this.b.make<A.ArrayLiteral>('ArrayLiteral', node, { elements: [this.b.identifier(key, node), read] }) });
    const pairs = this.b.call('map', [this.b.call('keys', [this.expression(object)], node), pair], node);
    markItemPairs(this.b, pairs);
    return pairs;
  }

  /** The names `statements` assign only Counters to (python-collections.ts). */
  private counterNames(statements: readonly SyntaxNode[], parameters: readonly string[]): Set<string> {
    if (!this.collections.has('Counter')) return new Set();
    return setNames(statements, parameters, false, (value) => counterConstruction(value, this.collections) !== undefined);
  }

  /** `c = Counter()` → `c = {}`; `c = Counter(xs)` → then `for itemN in charsOf(xs) { c[itemN] = (includes(c, itemN) ? c[itemN] : 0) + 1; }`. */
  private counterAssignment(left: SyntaxNode, right: SyntaxNode, node: SyntaxNode, varType: string | null): A.Statement[] {
    const start = this.declareOrAssign(left.text, this.b.make<A.ObjectLiteral>('ObjectLiteral', right, { properties: [] }), node, varType ?? 'map<any, number>');
    const [source] = namedChildren(field(right, 'arguments') ?? right);
    if (!source) return [start];
    const item = this.fresh('item');
    const walked = this.b.call('charsOf', [this.expression(source)], source);
    markCounted(this.b, walked);
    const entry = (): A.IndexExpression => this.b.make<A.IndexExpression>('IndexExpression', source, { object: this.b.identifier(left.text, source), index: this.b.identifier(item, source) });
    const counted = this.b.make<A.BinaryExpression>('BinaryExpression', source, { operator: '+', left: this.countOf(left.text, () => this.b.identifier(item, source), source), right: this.b.literal(1, source) });
    const body = this.b.make<A.Block>('Block', source, { statements: [this.assign(entry(), '=', counted, source)] });
    return [start, this.b.make<A.ForStatement>('ForStatement', source, { annotations: [], iterator: item, iterable: walked, body })];
  }

  /**
   * `d = dict(zip(ks, vs))` of two names: `d = {}`, then a loop over ks that puts each key with the
   * value at the same count in vs, stopping where vs ends (zip stops at the shorter); a later
   * equal key replaces the value where the first one stands, as Python's dict does.
   */
  private dictOfZip(left: SyntaxNode, [keys, values]: SyntaxNode[], node: SyntaxNode, varType: string | null): A.Statement[] {
    const start = this.declareOrAssign(left.text, this.b.make<A.ObjectLiteral>('ObjectLiteral', node, { properties: [] }), node, varType ?? 'map<any, any>');
    const [item, counter] = [this.fresh('item'), this.fresh('count')];
    const at = this.b.spanBetween(node.endIndex, node.endIndex);
    const count = (): A.Identifier => this.b.identifier(counter, at);
    const declared = this.b.make<A.VariableDeclaration>('VariableDeclaration', at, { name: counter, kind: 'let', varType: null, annotations: [], initializer: this.b.literal(0, at) });
    const ended = this.b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '>=', left: count(), right: this.b.call('len', [this.expression(values)], at) });
    const stop = this.b.make<A.IfStatement>('IfStatement', at, { annotations: [], condition: ended, consequent: this.b.make<A.Block>('Block', at, { statements: [this.b.make<A.BreakStatement>('BreakStatement', at, { annotations: [] })] }), alternate: null });
    const entry = this.b.make<A.IndexExpression>('IndexExpression', at, { object: this.b.identifier(left.text, at), index: this.b.identifier(item, at) });
    const put = this.assign(entry, '=', this.b.make<A.IndexExpression>('IndexExpression', at, { object: this.expression(values), index: count() }), node);
    const step = this.b.make<A.AssignmentStatement>('AssignmentStatement', at, { annotations: [], operator: '+=', target: count(), value: this.b.literal(1, at) });
    const loop = this.b.make<A.ForStatement>('ForStatement', node, { annotations: [], iterator: item, iterable: this.expression(keys), body: this.b.make<A.Block>('Block', node, { statements: [stop, put, step] }) });
    return [start, declared, loop];
  }

  /** `includes(c, k) ? c[k] : 0`: a Counter's count of k, 0 where it has none (nothing inserted). */
  private countOf(name: string, key: () => A.Expression, at: SyntaxNode): A.Expression {
    const entry = this.b.make<A.IndexExpression>('IndexExpression', at, { object: this.b.identifier(name, at), index: key() });
    return this.b.make<A.ConditionalExpression>('ConditionalExpression', at, { condition: this.b.call('includes', [this.b.identifier(name, at), key()], at), consequent: entry, alternate: this.b.literal(0, at) });
  }

  /** The names `statements` assign only defaultdicts to, each always of the same default (python-collections.ts). */
  private defaultdictNames(statements: readonly SyntaxNode[], parameters: readonly string[]): Map<string, DefaultValue> {
    const found = new Map<string, DefaultValue>();
    if (!this.collections.has('defaultdict')) return found;
    const names = setNames(statements, parameters, false, (value) => defaultConstruction(value, this.collections) !== undefined);
    const seen = new Map<string, string>();
    for (const statement of statements) {
      for (const node of [statement, ...statement.descendantsOfType('assignment')]) {
        const left = node && field(node, 'left');
        const value = left?.type === 'identifier' && names.has(left.text) ? defaultConstruction(field(node!, 'right'), this.collections) : undefined;
        if (!left || !value) continue;
        const key = JSON.stringify(value);
        if (seen.has(left.text) && seen.get(left.text) !== key) names.delete(left.text);
        seen.set(left.text, key);
        found.set(left.text, value);
      }
    }
    for (const name of [...found.keys()]) if (!names.has(name)) found.delete(name);
    return found;
  }

  /**
   * `d[k]` of a defaultdict read (not assigned): just before the statement, `if !includes(d, k) {
   * d[k] = default; }`, as Python's read inserts the default; then `d[k]`. The key is read once
   * (held in a constant unless a name or literal); the statement may use `d` before the read only
   * by other reads, and nothing may run before the read that Python would run before the insertion.
   */
  private defaultRead(node: SyntaxNode, map: SyntaxNode, key: SyntaxNode, value: DefaultValue): A.Expression {
    let statement: SyntaxNode | null = node;
    while (statement && !['expression_statement', 'return_statement', 'for_statement'].includes(statement.type)) statement = statement.parent;
    const reads = statement?.type === 'for_statement' ? field(statement, 'right') : statement;
    const otherUse = reads?.descendantsOfType('identifier').find((id) => id !== null && id.text === map.text && id.startIndex < node.startIndex && !(id.parent?.type === 'subscript' && field(id.parent, 'value')?.id === id.id));
    const problem = !this.before || !reads ? 'in a condition, a loop test or a lambda' : (sometimesRun(node) ?? this.callBefore(node) ?? (otherUse ? `in a statement that also uses ${map.text} otherwise (${(otherUse.parent?.type === 'argument_list' ? otherUse.parent.parent : otherUse.parent)?.text.slice(0, 30) ?? map.text}), which Python does before or after the read inserts the key` : undefined));
    if (problem || !this.before) return this.b.errorNode(node, `a read of the defaultdict '${map.text}' ${problem ?? ''}`, 'Read it in a statement of its own (value = d[k]), where its default can be put in first.');
    const start = this.b.spanBetween(node.startIndex, node.startIndex);
    const held = isPlainOperand(key) ? undefined : this.fresh('key');
    if (held) this.before.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', start, { name: held, kind: 'const', varType: null, annotations: [], initializer: this.expression(key) }));
    const keyOf = (): A.Expression => (held ? this.b.identifier(held, start) : this.expression(key));
    const entry = (): A.IndexExpression => this.b.make<A.IndexExpression>('IndexExpression', node, { object: this.b.identifier(map.text, map), index: keyOf() });
    const fallback = value.value === 'list' ? this.b.make<A.ArrayLiteral>('ArrayLiteral', start, { elements: [] }) : this.b.literal(value.value, start);
    const missing = this.b.make<A.UnaryExpression>('UnaryExpression', start, { operator: '!', operand: this.b.call('includes', [this.b.identifier(map.text, map), keyOf()], start) });
    const insert = this.b.make<A.Block>('Block', start, { statements: [this.assign(entry(), '=', fallback, node)] });
    this.before.push(this.b.make<A.IfStatement>('IfStatement', start, { annotations: [], condition: missing, consequent: insert, alternate: null }));
    return entry();
  }

  /**
   * An argument given to a parameter hinted a set, of a function of the file: a name that holds
   * only sets, passed as it is, or `set()`, a new empty one. Undefined otherwise (read as any
   * other argument, which for a set name is the error other uses are).
   */
  private setArgument(callee: SyntaxNode, index: number, arg: SyntaxNode): A.Expression | undefined {
    const fn = callee.type === 'identifier' && !this.scope.declared.has(callee.text) ? this.topFunctions.get(callee.text) : undefined;
    if (!fn || !this.setParametersOf(fn).has(this.parameterNames(fn)[index] ?? '')) return undefined;
    if (setConstruction(arg) === 'empty' && !this.fileDefinesSet) return this.b.make<A.ObjectLiteral>('ObjectLiteral', arg, { properties: [] });
    return this.setName(arg);
  }

  /** The identifier of a name that holds only sets, read as it is (not the error other uses are). */
  private setName(node: SyntaxNode | undefined): A.Identifier | undefined {
    return node?.type === 'identifier' && this.sets.has(node.text) ? this.b.identifier(node.text, node) : undefined;
  }

  /**
   * `s.add(x)` → `s[x] = true;`, `s.discard(x)` → `removeKey(s, x);`, `s.remove(x)` → the same
   * after `assert(includes(s, x), …)` (Python raises KeyError for a missing element), as statements.
   */
  private setChange(call: SyntaxNode, statement: SyntaxNode): A.Statement[] | undefined {
    const callee = field(call, 'function');
    const object = callee?.type === 'attribute' ? this.setName(field(callee, 'object') ?? undefined) : undefined;
    const method = callee && field(callee, 'attribute')?.text;
    const args = namedChildren(field(call, 'arguments') ?? call);
    if (!object || args.length !== 1 || ['keyword_argument', 'list_splat', 'dictionary_splat'].includes(args[0].type)) return undefined;
    const element = this.expression(args[0]);
    if (method === 'add') return [this.assign(this.b.make<A.IndexExpression>('IndexExpression', call, { object, index: element }), '=', this.b.literal(true, call), call)];
    if (method !== 'discard' && method !== 'remove') return undefined;
    const removal = this.b.make<A.ExpressionStatement>('ExpressionStatement', statement, { annotations: [], expression: this.b.call('removeKey', [object, element], call) });
    if (method === 'discard') return [removal];
    if (!isPlainOperand(args[0])) {
      this.b.unsupported(call, `${call.text.slice(0, 40)}: remove of an element that is not a name or a literal (it would be read twice: to check it is there, then to remove it)`);
      return [];
    }
    const there = this.b.call('includes', [this.b.identifier(object.name, call), this.expression(args[0])], call);
    const check = this.b.make<A.ExpressionStatement>('ExpressionStatement', statement, { annotations: [], expression: this.b.call('assert', [there, this.b.literal(`KeyError: ${args[0].text}`, call)], call) });
    return [check, removal];
  }

  /** `len(s)` and `sorted(s)` of a set: `len(s)`, `sorted(keys(s))`; a method of a set other than as a statement is an error. */
  private setCall(node: SyntaxNode, callee: SyntaxNode, args: SyntaxNode[]): A.Expression | undefined {
    const only = args.length === 1 ? this.setName(args[0]) : undefined;
    if (callee.type === 'identifier' && only && !this.scope.declared.has(callee.text)) {
      if (callee.text === 'len') return this.b.call('len', [only], node);
      if (callee.text === 'sorted') return this.b.call('sorted', [this.b.call('keys', [only], node)], node);
    }
    const object = callee.type === 'attribute' ? this.setName(field(callee, 'object') ?? undefined) : undefined;
    if (object) return this.b.errorNode(node, `${callee.text}(…) of the set '${object.name}'${['add', 'discard', 'remove'].includes(field(callee, 'attribute')?.text ?? '') ? ' used as a value, or with other than one argument' : ''}`, 'add, discard and remove are carried as statements; x in s, len(s) and sorted(s) as values.');
    return undefined;
  }

  /** The declaration of `name` when this is its first assignment in the scope, else undefined. */
  private declareFirst(name: string, at: SyntaxNode, varType: string | null): A.VariableDeclaration | undefined {
    if (this.scope.declared.has(name) || this.scope.outer.has(name)) return undefined;
    this.scope.declared.add(name);
    return this.b.make<A.VariableDeclaration>('VariableDeclaration', at, { name, kind: 'let', varType, annotations: [], initializer: null });
  }

  private declareOrAssign(name: string, value: A.Expression, at: SyntaxNode, varType: string | null): A.Statement {
    if (this.scope.declared.has(name) || this.scope.outer.has(name)) return this.assign(this.b.identifier(name, at), '=', value, at);
    this.scope.declared.add(name);
    const kind = (this.scope.assignments.get(name) ?? 0) === 1 && !this.writtenElsewhere.has(name) ? 'const' : 'let';
    return this.b.make<A.VariableDeclaration>('VariableDeclaration', at, { name, kind, varType, annotations: [], initializer: value });
  }

  private assign(target: A.Expression, operator: A.AssignmentOperator, value: A.Expression, at: SyntaxNode): A.AssignmentStatement {
    return this.b.make<A.AssignmentStatement>('AssignmentStatement', at, { annotations: [], operator, target, value });
  }

  /** `[body for x in xs if c]` assigned to `name`: `for x in xs { if c { push(name, body); } }`. */
  /**
   * `name[k] = v;` for the `k: v` of a dict comprehension. Python computes the key first, an
   * assignment the value first: where both call something that may print or change a value, that is an error.
   */
  private entryOf(name: string, pair: SyntaxNode): A.Statement | undefined {
    const key = field(pair, 'key');
    const value = field(pair, 'value');
    if (!key || !value) return undefined;
    const calls = (node: SyntaxNode): boolean =>
      node.descendantsOfType('call').some((call) => {
        const called = call && field(call, 'function');
        if (called?.type === 'identifier') return !PURE_FUNCTIONS.has(called.text) || this.signatures.has(called.text);
        return !(called?.type === 'attribute' && PURE_METHODS.has(field(called, 'attribute')?.text ?? ''));
      });
    if (calls(key) && calls(value)) {
      this.b.unsupported(pair, 'a dict comprehension whose key and value both call a function of the file or a method that may change something', 'Python computes the key first, a Whetstone assignment the value first: compute one of them in a loop of its own.');
      return undefined;
    }
    const target = this.b.make<A.IndexExpression>('IndexExpression', pair, { object: this.b.identifier(name, pair), index: this.expression(key) });
    return this.assign(target, '=', this.expression(value), pair);
  }

  private comprehension(node: SyntaxNode, name: string): A.Statement[] | undefined {
    const body = field(node, 'body');
    const clauses = namedChildren(node).filter((child) => !body || !child.equals(body));
    if (!body || clauses[0]?.type !== 'for_in_clause') {
      this.b.unsupported(node, 'this list comprehension');
      return undefined;
    }
    // What the element, a condition or a later iterable needs first (an inner comprehension)
    // goes inside the loops around it: it is made again on each turn and sees their names.
    const within = <T>(read: () => T): [A.Statement[], T] => {
      const outer = this.before;
      this.before = [];
      try {
        const made = read();
        return [this.before, made];
      } finally {
        this.before = outer;
      }
    };
    const build = (index: number): A.Statement[] | undefined => {
      const clause = clauses[index];
      if (!clause && body.type === 'pair') {
        const entry = this.entryOf(name, body);
        return entry ? [entry] : undefined;
      }
      if (!clause) {
        const [first, element] = within(() => this.expression(body));
        return [...first, this.b.make<A.ExpressionStatement>('ExpressionStatement', body, { annotations: [], expression: this.b.call('push', [this.b.identifier(name, body), element], body) })];
      }
      const inner = build(index + 1);
      if (!inner) return undefined;
      // The element expression comes first in the source: the blocks span the whole comprehension,
      // so the loop's name is visible in it.
      const innerBlock = this.b.make<A.Block>('Block', node, { statements: inner });
      if (clause.type === 'if_clause') {
        const [first, condition] = within(() => this.expression(namedChildren(clause)[0] ?? clause));
        return [...first, this.b.make<A.IfStatement>('IfStatement', clause, { annotations: [], condition, consequent: innerBlock, alternate: null })];
      }
      const left = field(clause, 'left');
      const right = field(clause, 'right');
      // The first iterable is read once, before the comprehension; a later one on each turn.
      const read = (iterable: SyntaxNode): [A.Statement[], A.Expression] => (index === 0 ? [[], this.expression(iterable)] : within(() => this.expression(iterable)));
      if (left && right && left.type !== 'identifier') return this.unpackingClause(node, clause, left, right, innerBlock, read);
      if (left?.type !== 'identifier' || !right) {
        this.b.unsupported(clause, 'a comprehension clause that unpacks several names');
        return undefined;
      }
      const [first, iterable] = read(right);
      return [...first, this.b.make<A.ForStatement>('ForStatement', clause, { annotations: [], iterator: left.text, iterable, body: innerBlock })];
    };
    return build(0);
  }

  /**
   * A comprehension's `for a, b in …` over `enumerate(xs)`, `enumerate(xs, n)`, `zip(xs, ys, …)` of
   * names, or `d.items()` of a name: the loop a for statement over them becomes, its names declared
   * at the start of each turn (a comprehension's names are its own, as Python 3's are).
   */
  private unpackingClause(
    comprehension: SyntaxNode,
    clause: SyntaxNode,
    left: SyntaxNode,
    right: SyntaxNode,
    inner: A.Block,
    read: (iterable: SyntaxNode) => [A.Statement[], A.Expression],
  ): A.Statement[] | undefined {
    const names = namedChildren(left);
    const callee = right.type === 'call' ? field(right, 'function') : undefined;
    const args = right.type === 'call' ? namedChildren(field(right, 'arguments') ?? right) : [];
    const own = callee?.type === 'identifier' && new RegExp(`^\\s*(def\\s+${callee.text}\\b|${callee.text}\\s*=)`, 'm').test(this.b.source);
    const unsupported = (what: string): undefined => void this.b.unsupported(clause, what, 'Write the loop as a for statement.');
    if (!isUnpacking(left) || names.length < 2 || !names.every((name) => name.type === 'identifier')) return unsupported('a comprehension clause that unpacks other than plain names');
    const item = this.fresh('item');
    const counter = this.fresh('count');
    const at = this.b.spanBetween(clause.startIndex, clause.startIndex);
    const declare = (name: string, initializer: A.Expression, kind: 'const' | 'let' = 'const'): A.VariableDeclaration =>
      this.b.make<A.VariableDeclaration>('VariableDeclaration', at, { name, kind, varType: null, annotations: [], initializer });
    const step = (): A.Statement => this.b.make<A.AssignmentStatement>('AssignmentStatement', at, { annotations: [], target: this.b.identifier(counter, at), operator: '+=', value: this.b.literal(1, at) });
    const loop = (iterable: A.Expression, reads: A.Statement[]): A.ForStatement =>
      this.b.make<A.ForStatement>('ForStatement', clause, { annotations: [], iterator: item, iterable, body: this.b.make<A.Block>('Block', clause, { statements: [...reads, ...inner.statements] }) });
    if (callee?.type === 'identifier' && callee.text === 'enumerate' && !own) {
      const start = enumerateStart(args);
      if (names.length !== 2 || start === undefined) return unsupported('a comprehension clause over enumerate(…) other than enumerate(xs) or enumerate(xs, n) with a whole number n into two names');
      const [first, iterable] = read(args[0]);
      const reads = [declare(names[0].text, this.b.identifier(counter, at)), step(), declare(names[1].text, this.b.identifier(item, at))];
      return [...first, declare(counter, start === null ? this.b.literal(0, right) : this.expression(start), 'let'), loop(iterable, reads)];
    }
    if (callee?.type === 'identifier' && callee.text === 'zip' && !own) {
      if (args.length !== names.length || !args.every((arg) => arg.type === 'identifier')) return unsupported('a comprehension clause over zip(…) of other than one list name per name');
      const [first, iterable] = read(args[0]);
      const others = args.slice(1).map((arg) => arg.text);
      const shorter = others
        .map((other): A.Expression => this.b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '>=', left: this.b.identifier(counter, at), right: this.b.call('len', [this.indexed(other, right)], at) }))
        .reduce((either, next) => this.b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '||', left: either, right: next }));
      const stop = this.b.make<A.IfStatement>('IfStatement', at, { annotations: [], condition: shorter, consequent: this.b.make<A.Block>('Block', at, { statements: [this.b.make<A.BreakStatement>('BreakStatement', at, { annotations: [] })] }), alternate: null });
      const reads = [stop, declare(names[0].text, this.b.identifier(item, at)), ...others.map((other, n) => declare(names[n + 1].text, this.b.make<A.IndexExpression>('IndexExpression', at, { object: this.b.identifier(other, at), index: this.b.identifier(counter, at) }))), step()];
      return [...first, declare(counter, this.b.literal(0, right), 'let'), loop(iterable, reads)];
    }
    const dict = callee?.type === 'attribute' && field(callee, 'attribute')?.text === 'items' && args.length === 0 ? field(callee, 'object') : undefined;
    if (dict?.type === 'identifier' && names.length === 2) {
      // A call of the file's own functions in it could change the dict while Python walks it (RuntimeError); Whetstone walks the keys it had.
      if (comprehension.descendantsOfType('call').some((call) => call && field(call, 'function')?.type === 'identifier' && this.signatures.has(field(call, 'function')!.text))) {
        return unsupported("a comprehension over .items() that calls the file's own functions (one could change the dict while Python walks it)");
      }
      const [first, keys] = read(dict);
      const reads = [declare(names[0].text, this.b.identifier(item, at)), declare(names[1].text, this.b.make<A.IndexExpression>('IndexExpression', at, { object: this.expression(dict), index: this.b.identifier(item, at) }))];
      return [...first, loop(this.b.call('keys', [keys], right), reads)];
    }
    return unsupported('a comprehension clause that unpacks other than enumerate(…), zip(…) of names or d.items() of a name');
  }

  private lowerConditional(node: SyntaxNode, branch: (value: SyntaxNode) => A.Statement): A.IfStatement {
    return this.b.nested(node, () => this.lowerConditionalAt(node, branch), () => this.b.make<A.IfStatement>('IfStatement', node, { annotations: [], condition: this.b.literal(false, node), consequent: this.b.make<A.Block>('Block', node, { statements: [] }), alternate: null }));
  }

  private lowerConditionalAt(node: SyntaxNode, branch: (value: SyntaxNode) => A.Statement): A.IfStatement {
    const [consequentNode, conditionNode, alternateNode] = namedChildren(node);
    const make = (value: SyntaxNode): A.Block =>
      this.b.make<A.Block>('Block', value, { statements: [value.type === 'conditional_expression' ? this.lowerConditional(value, branch) : branch(value)] });
    const alternateInner = alternateNode && unparenthesize(alternateNode);
    return this.b.make<A.IfStatement>('IfStatement', node, {
      annotations: [],
      condition: this.expression(conditionNode ?? node),
      consequent: make(consequentNode ?? node),
      alternate: alternateInner?.type === 'conditional_expression' ? this.lowerConditional(alternateInner, branch) : make(alternateNode ?? node),
    });
  }

  private ifStatement(node: SyntaxNode, rest: SyntaxNode[]): A.IfStatement {
    const condition = this.expression(field(node, 'condition') ?? node);
    const consequent = this.block(field(node, 'consequence') ?? field(node, 'body'), node);
    let alternate: A.Block | A.IfStatement | null = null;
    const [next, ...after] = rest;
    if (next?.type === 'elif_clause') alternate = this.ifStatement(next, after);
    else if (next?.type === 'else_clause') alternate = this.block(field(next, 'body'), next);
    return this.b.make<A.IfStatement>('IfStatement', node, { annotations: [], condition, consequent, alternate });
  }

  // ---------------------------------------------------------------------------------------------
  // Expressions

  expression(node: SyntaxNode): A.Expression {
    return this.b.nested(node, () => this.expressionAt(node), () => this.b.placeholder(node));
  }

  private expressionAt(node: SyntaxNode): A.Expression {
    switch (node.type) {
      case 'identifier':
        // Python's int and str are also types (isinstance(x, int), map(str, xs)); Whetstone's are
        // functions of one argument, which the calls the tables map become.
        if (node.text === 'int' || node.text === 'str') return this.b.errorNode(node, `'${node.text}' other than called with one argument`, `Python's ${node.text} is also a type; Whetstone's ${node.text}(x) is a function only.`);
        // `seen is None`: the test of an optional set's parameter.
        if (this.sets.has(node.text) && !isNoneTest(node)) return this.b.errorNode(node, setUseMessage(node.text), 'Walk or print sorted(s), which is in order.');
        if (this.defaults.has(node.text)) {
          const problem = defaultdictUseProblem(node);
          if (problem) return this.b.errorNode(node, problem, 'Show or pass on dict(d) after the reads, or use a dict with d.get(k, default).');
        }
        if (this.counters.has(node.text)) {
          const problem = counterUseProblem(node);
          if (problem) return this.b.errorNode(node, problem, 'Show or pass on dict(c) or c.most_common(), or count into a dict with d.get(k, 0).');
        }
        if (this.deques.has(node.text)) {
          const problem = dequeUseProblem(node);
          if (problem) return this.b.errorNode(node, problem, 'Show or compare list(q), which is a list in Python too.');
        }
        return this.b.identifier(node.text, node);
      case 'true':
      case 'false':
        return this.b.literal(node.type === 'true', node);
      case 'none':
        return this.b.literal(null, node);
      case 'integer':
      case 'float': {
        const text = node.text.replace(/_/g, '');
        if (/[jJ]$/.test(text)) return this.b.errorNode(node, 'a complex number');
        const value = Number(text);
        // Python's ints are exact; a Whetstone number holds whole numbers exactly only up to 2^53.
        if (node.type === 'integer' && !Number.isSafeInteger(value) && Number.isFinite(value)) {
          return this.b.errorNode(node, `an integer beyond 2^53 (${shortInteger(text)})`, 'Python holds it exactly; a Whetstone number (a double) rounds it. Compute with numbers up to 9007199254740991, or write it as a float (1e20).');
        }
        return this.b.make<A.Literal>('Literal', node, { value, raw: /^\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text) ? text : String(value) });
      }
      case 'string':
        return this.string(node);
      case 'concatenated_string': {
        const parts = namedChildren(node).map((part) => this.string(part));
        return parts.reduce((left, right) => this.b.make<A.BinaryExpression>('BinaryExpression', node, { operator: '+', left, right }));
      }
      case 'parenthesized_expression':
        return this.expression(unparenthesize(node));
      case 'expression_list':
        // `return a, b` returns the tuple (a, b); elsewhere a bare list of values is not one value.
        if (node.parent?.type !== 'return_statement') return this.b.errorNode(node, `a ${describe(node)}`);
        return this.listLiteral(node);
      case 'list':
      case 'tuple':
        return this.listLiteral(node);
      case 'dictionary':
        return this.dictionary(node);
      case 'binary_operator': {
        const left = field(node, 'left');
        const right = field(node, 'right');
        const operator = field(node, 'operator')?.text ?? '';
        if (!left || !right) return this.b.errorNode(node, 'an expression');
        if (!BINARY[operator] && operator !== '//') return this.b.errorNode(node, `the ${operator} operator`);
        // "%.2f" % x, "%s: %5.1f" % (name, x): a text literal formats what follows.
        const template = operator === '%' && left.type === 'string' ? this.plainString(left) : undefined;
        if (template !== undefined) {
          const values = right.type === 'tuple' ? namedChildren(right) : [right];
          if (values.some((value) => value.type === 'list_splat')) return this.b.errorNode(node, 'a % format of a tuple with * in it');
          return percentTemplate(this.b, template, values.map((value) => this.expression(value)), node, right.type !== 'tuple');
        }
        // xs + [v] or [v] + xs: lists joined (Python raises unless both are lists; the run at import checks the other).
        if (operator === '+' && (left.type === 'list' || right.type === 'list')) return this.b.call('concat', [this.expression(left), this.expression(right)], node);
        return this.arithmetic(operator, this.expression(left), this.expression(right), node);
      }
      case 'boolean_operator': {
        const left = field(node, 'left');
        const right = field(node, 'right');
        const operator = field(node, 'operator')?.text === 'and' ? '&&' : '||';
        if (!left || !right) return this.b.errorNode(node, 'an expression');
        return this.b.make<A.BinaryExpression>('BinaryExpression', node, { operator, left: this.expression(left), right: this.expression(right) });
      }
      case 'not_operator':
        return this.b.make<A.UnaryExpression>('UnaryExpression', node, { operator: '!', operand: this.expression(field(node, 'argument') ?? node) });
      case 'unary_operator': {
        const operator = field(node, 'operator')?.text;
        const argument = field(node, 'argument');
        if (!argument || (operator !== '-' && operator !== '+')) return this.b.errorNode(node, `the unary ${operator ?? ''} operator`);
        const operand = this.expression(argument);
        return operator === '+' ? operand : this.b.make<A.UnaryExpression>('UnaryExpression', node, { operator: '-', operand });
      }
      case 'comparison_operator':
        return this.comparison(node);
      case 'await':
        return this.b.make<A.UnaryExpression>('UnaryExpression', node, { operator: 'await', operand: this.expression(namedChildren(node)[0] ?? node) });
      case 'call':
        return this.call(node);
      case 'attribute': {
        const object = field(node, 'object');
        const attribute = field(node, 'attribute')?.text ?? '';
        if (!object) return this.b.errorNode(node, 'an attribute');
        // math.inf is the double num("Infinity") gives, as float("inf") is.
        if (object.type === 'identifier' && object.text === 'math' && (attribute === 'inf' || attribute === 'nan')) return this.b.call('num', [this.b.literal(attribute === 'inf' ? 'Infinity' : 'NaN', node)], node);
        if (object.type === 'identifier' && object.text === 'math' && Object.hasOwn(MATH_CONSTANTS, attribute)) return this.b.make<A.Literal>('Literal', node, { value: MATH_CONSTANTS[attribute], raw: String(MATH_CONSTANTS[attribute]) });
        if (object.type === 'identifier' && object.text === 'math') return this.b.errorNode(node, `math.${attribute}`, 'math.floor, math.ceil, math.fabs, math.sqrt, math.pow, math.gcd, math.isqrt, math.factorial, math.pi, math.e, math.tau, math.inf and math.nan map to built-ins or literals; other members of math do not.');
        // A method call is judged as a call (library-names.ts), a member of an imported module is
        // the module's. Any other `obj.attr` is not Whetstone's field read: a dict (what records and
        // maps are in Python) has no attributes, and the attributes of other values (`s.upper`,
        // `n.real`) have no Whetstone form.
        const moduleMember = object.type === 'identifier' && this.importedNames.has(object.text);
        if (!isCallee(node) && !moduleMember && this.classes.fieldNames.has(attribute)) {
          // A field of a class of the file: class-method-calls.ts checks that obj is one of that class.
          const read = this.b.make<A.MemberExpression>('MemberExpression', node, { object: this.expression(object), property: attribute });
          this.classes.fieldReads.add(read.id);
          return read;
        }
        if (!isCallee(node) && !moduleMember && this.classes.methodNames.has(attribute)) {
          return this.b.errorNode(node, `the method ${attribute} used as a value`, 'A method is carried as a function taking the record first: call it (obj.m(…)), or pass a lambda that does.');
        }
        if (!isCallee(node) && !moduleMember) {
          return this.b.errorNode(node, `the attribute ${attribute} read without a call`, `Python raises AttributeError for a dict (read a key as obj["${attribute}"]); the attributes of other values have no Whetstone form.`);
        }
        return this.b.make<A.MemberExpression>('MemberExpression', node, { object: this.expression(object), property: attribute });
      }
      case 'subscript': {
        const value = field(node, 'value');
        const index = field(node, 'subscript');
        if (value && index?.type === 'slice' && namedChildren(node).length === 2) return this.slice(node, value, index);
        if (!value || !index || index.type === 'slice' || namedChildren(node).length > 2) return this.b.errorNode(node, 'a slice or multiple subscripts');
        const defaulted = value.type === 'identifier' ? this.defaults.get(value.text) : undefined;
        const assigned = node.parent?.type === 'assignment' && field(node.parent, 'left')?.id === node.id;
        if (defaulted && !assigned) return this.defaultRead(node, value, index, defaulted);
        if (value.type === 'identifier' && this.counters.has(value.text) && !assigned) {
          // c[k] of a Counter: 0 where it has no k, nothing inserted.
          if (!isPlainOperand(index)) return this.b.errorNode(node, `a read of the Counter '${value.text}' at a key other than a name or a literal (it is read twice: to check it is there, then to read it)`, 'Name the key first.');
          return this.countOf(value.text, () => this.expression(index), node);
        }
        if (index.type === 'unary_operator' && field(index, 'operator')?.text === '-') {
          // xs[-1] counts from the end in Python only: xs[len(xs) - 1] says so in every target.
          const count = field(index, 'argument');
          if (value.type !== 'identifier' || count?.type !== 'integer') return this.b.errorNode(node, 'a negative index (Python counts it from the end) on something other than a name');
          const fromEnd = this.b.make<A.BinaryExpression>('BinaryExpression', index, { operator: '-', left: this.b.call('len', [this.expression(value)], index), right: this.expression(count) });
          const read = this.b.make<A.IndexExpression>('IndexExpression', node, { object: this.expression(value), index: fromEnd });
          markFromEnd(this.b, read); // a dict's key -1 is not counted from the end
          return read;
        }
        return this.b.make<A.IndexExpression>('IndexExpression', node, { object: this.expression(value), index: this.expression(index) });
      }
      case 'lambda': {
        const parameters: A.Parameter[] = [];
        for (const param of namedChildren(field(node, 'parameters') ?? node)) {
          if (field(node, 'parameters') === undefined) break;
          const made = this.parameter(param);
          if (made) parameters.push(made);
        }
        const outer = this.before;
        this.before = undefined;
        try {
          return this.b.make<A.Lambda>('Lambda', node, { parameters, returnType: null, body: this.expression(field(node, 'body') ?? node) });
        } finally {
          this.before = outer;
        }
      }
      case 'list_comprehension': {
        if (!this.before) return this.b.errorNode(node, 'a list comprehension in a condition or lambda');
        const name = `items${++this.comprehensionCount}`;
        const empty = this.b.make<A.ArrayLiteral>('ArrayLiteral', this.b.spanBetween(node.startIndex, node.startIndex), { elements: [] });
        const declaration = this.b.make<A.VariableDeclaration>('VariableDeclaration', this.b.spanBetween(node.startIndex, node.startIndex), { name, kind: 'const', varType: null, annotations: [], initializer: empty });
        const loop = this.comprehension(node, name);
        if (!loop) return this.b.placeholder(node);
        this.before.push(declaration, ...loop);
        return this.b.identifier(name, node);
      }
      case 'conditional_expression': {
        const [consequent, condition, alternate] = namedChildren(node);
        if (!consequent || !condition || !alternate) return this.b.errorNode(node, 'an expression');
        return this.b.make<A.ConditionalExpression>('ConditionalExpression', node, {
          condition: this.expression(condition),
          consequent: this.expression(consequent),
          alternate: this.expression(alternate),
        });
      }
      default:
        return this.b.errorNode(node, `a ${describe(node)}`);
    }
  }

  /**
   * `q, r = divmod(a, b)` of names or number literals: `q, r = floor(a / b), (a % b + b) % b;`, the
   * quotient and remainder as `//` and `%` are imported (the tuple itself is never a value). A
   * function of the file named divmod stays its call.
   */
  private divmodUnpacked(node: SyntaxNode, left: SyntaxNode, right: SyntaxNode): A.MultipleAssignment | undefined {
    const callee = right.type === 'call' ? field(right, 'function') : undefined;
    if (callee?.type !== 'identifier' || callee.text !== 'divmod' || this.signatures.has('divmod') || this.scope.declared.has('divmod') || this.scope.outer.has('divmod')) return undefined;
    const targets = namedChildren(left);
    const operands = namedChildren(field(right, 'arguments')!);
    const number = (operand: SyntaxNode | undefined): boolean => operand?.type === 'integer' || operand?.type === 'float';
    const plain = (operand: SyntaxNode): boolean => operand.type === 'identifier' || number(operand) || (operand.type === 'unary_operator' && operand.text.startsWith('-') && number(namedChildren(operand)[0]));
    if (targets.length !== 2 || !targets.every(isTarget) || operands.length !== 2 || !operands.every(plain)) return undefined;
    const [a, b] = operands;
    const divide = this.b.make<A.BinaryExpression>('BinaryExpression', right, { operator: '/', left: this.expression(a), right: this.expression(b) });
    const remainder = this.b.make<A.BinaryExpression>('BinaryExpression', right, { operator: '%', left: this.expression(a), right: this.expression(b) });
    const shifted = this.b.make<A.BinaryExpression>('BinaryExpression', right, { operator: '+', left: remainder, right: this.expression(b) });
    const signed = this.b.make<A.BinaryExpression>('BinaryExpression', right, { operator: '%', left: shifted, right: this.expression(b) });
    return this.b.make<A.MultipleAssignment>('MultipleAssignment', node, { annotations: [], targets: targets.map((target) => this.expression(target)), values: [this.b.call('floor', [divide], right), signed] });
  }

  /** A list, or a tuple (a list in Whetstone: the file then shows no list, since Python shows a tuple as (1, 2)). */
  private listLiteral(node: SyntaxNode): A.ArrayLiteral {
    if (node.type !== 'list') this.b.tuplesAsLists = true;
    return this.b.make<A.ArrayLiteral>('ArrayLiteral', node, { elements: namedChildren(node).map((element) => (element.type === 'list_splat' ? this.b.errorNode(element, 'a splat (*)') : this.expression(element))) });
  }

  private arithmetic(operator: string, left: A.Expression, right: A.Expression, at: SyntaxNode): A.Expression {
    if (operator === '%' && !this.signAgnostic(at)) {
      // Python's remainder takes the sign of the divisor: (a % b + b) % b in Whetstone's terms.
      const divisor = field(at, 'right');
      if (divisor?.type === 'integer' || divisor?.type === 'float' || divisor?.type === 'identifier' || (divisor?.type === 'unary_operator' && ['integer', 'float'].includes(namedChildren(divisor)[0]?.type ?? ''))) {
        const inner = this.b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '%', left, right });
        const shifted = this.b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '+', left: inner, right: this.expression(divisor) });
        return this.b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '%', left: shifted, right: this.expression(divisor) });
      }
      return this.b.errorNode(at, "the % operator with a divisor that is not a name or a number (Python's remainder takes the divisor's sign)");
    }
    if (BIT_OPERATORS.has(operator)) {
      const wide = [field(at, 'left'), field(at, 'right')].find((operand) => operand?.type === 'integer' && !fitsInt32(operand.text));
      if (wide) return this.b.errorNode(at, `the ${operator} operator with ${wide.text}`, "Whetstone's bit operators work on 32-bit signed integers; Python's on integers of any size.");
      const count = field(at, 'right');
      if ((operator === '<<' || operator === '>>') && count?.type === 'integer' && !(Number(count.text.replace(/_/g, '')) < 32)) {
        return this.b.errorNode(at, `a shift by ${count.text}`, 'Whetstone shifts by the count modulo 32, as JavaScript does; Python shifts by the whole count.');
      }
    }
    if (operator === '*') {
      // [x] * n (or n * [x]): a list of n elements, each x.
      const [leftNode, rightNode] = [field(at, 'left'), field(at, 'right')];
      const single = (operand: SyntaxNode | undefined): boolean => operand?.type === 'list' && namedChildren(operand).length === 1 && namedChildren(operand)[0].type !== 'list_splat';
      if (single(leftNode) && left.type === 'ArrayLiteral') return this.b.call('repeat', [left.elements[0], right], at);
      if (single(rightNode) && right.type === 'ArrayLiteral') return this.b.call('repeat', [right.elements[0], left], at);
    }
    if (operator === '//') {
      const quotient = this.b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '/', left, right });
      return this.b.call('floor', [quotient], at);
    }
    const binary = this.b.make<A.BinaryExpression>('BinaryExpression', at, { operator: BINARY[operator], left, right });
    if (operator === '+' || operator === '*') markEquality(this.b, binary);
    return binary;
  }

  /** Whether the remainder `node` (a % b) only meets a comparison with 0, or has a non-negative literal dividend: its sign does not matter. */
  private signAgnostic(node: SyntaxNode): boolean {
    const left = field(node, 'left');
    const right = field(node, 'right');
    const positive = (operand: SyntaxNode | undefined): boolean => (operand?.type === 'integer' || operand?.type === 'float') && Number(operand.text.replace(/_/g, '')) > 0;
    if (positive(left) && positive(right)) return true;
    const parent = node.parent;
    if (parent?.type !== 'comparison_operator') return false;
    const operands = namedChildren(parent);
    const operators = parent.children.filter((child) => child && !child.isNamed).map((child) => child!.type);
    return operands.length === 2 && operators.length === 1 && (operators[0] === '==' || operators[0] === '!=') && operands.some((operand) => operand.text === '0');
  }

  /** `a < b <= c` is `a < b and b <= c` (the middle operands must be plain names or literals). */
  private comparison(node: SyntaxNode): A.Expression {
    const operands: SyntaxNode[] = [];
    const operators: string[] = [];
    let pending: string[] = [];
    for (const child of node.children) {
      if (!child) continue;
      if (child.isNamed && child.type !== 'comment') {
        if (operands.length > 0) operators.push(pending.join(' '));
        pending = [];
        operands.push(child);
      } else {
        pending.push(child.type);
      }
    }
    const typeOf = operators.length === 1 ? typeCallArgument(operands[0]) : undefined;
    const membership = operators[0] === 'in' || operators[0] === 'not in';
    if (typeOf && (membership || (['==', '!=', 'is', 'is not'].includes(operators[0]) && operands[1].type === 'identifier'))) {
      // type(x) == T, type(x) is not T, type(x) in (T, U): the class itself, no subclass.
      return classCheck(this.b, (part) => this.expression(part), node, typeOf, operands[1], true, ['!=', 'is not', 'not in'].includes(operators[0]));
    }
    if (operators.length === 1 && (operators[0] === 'in' || operators[0] === 'not in')) {
      // `x in c` is includes(c, x): a text in a text, an element of a list, a key of a dict.
      const container = this.setName(operands[1]) ?? this.expression(operands[1]);
      const found = this.b.call('includes', [container, this.expression(operands[0])], node);
      return operators[0] === 'in' ? found : this.b.make<A.UnaryExpression>('UnaryExpression', node, { operator: '!', operand: found });
    }
    const pairs: A.Expression[] = [];
    for (let i = 0; i < operators.length; i++) {
      const operator = COMPARISON[operators[i]];
      if (!operator) return this.b.errorNode(node, `the ${operators[i]} operator`);
      if (i > 0 && !['identifier', 'integer', 'float', 'string'].includes(operands[i].type)) {
        return this.b.errorNode(node, 'a chained comparison whose middle operand is not a name or literal');
      }
      const pair = this.b.make<A.BinaryExpression>('BinaryExpression', node, { operator, left: this.expression(operands[i]), right: this.expression(operands[i + 1]) });
      if (operators[i] === '==' || operators[i] === '!=') markEquality(this.b, pair);
      pairs.push(pair);
    }
    return pairs.reduce((left, right) => this.b.make<A.BinaryExpression>('BinaryExpression', node, { operator: '&&', left, right }));
  }

  private dictionary(node: SyntaxNode): A.Expression {
    const properties: A.Property[] = [];
    for (const pair of namedChildren(node)) {
      const key = field(pair, 'key');
      const value = field(pair, 'value');
      const keyText = key?.type === 'string' ? (this.plainString(key) ?? '') : '';
      if (pair.type !== 'pair' || !value || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyText)) {
        this.b.unsupported(pair, 'a dict entry whose key is not a name-like string literal');
        continue;
      }
      properties.push(this.b.make<A.Property>('Property', pair, { key: keyText, value: this.expression(value) }));
    }
    return this.b.make<A.ObjectLiteral>('ObjectLiteral', node, { properties });
  }

  private call(node: SyntaxNode): A.Expression {
    const callee = field(node, 'function');
    const argsNode = field(node, 'arguments');
    if (!callee || !argsNode) return this.b.errorNode(node, 'a call');
    if (argsNode.type === 'generator_expression') {
      return (
        this.generatorCall(node, callee, argsNode) ??
        this.collectedCall(node, callee, argsNode) ??
        this.b.errorNode(node, 'a call with a generator expression', 'any(…), all(…), sum(…), min(…), max(…), list(…), sorted(…) and "sep".join(…) of a generator expression are carried.')
      );
    }
    if (this.isMethodCall(node) && this.libraryReadingOf !== node.id) return this.methodCall(node, callee, argsNode);
    const found = callee.type === 'identifier' && callee.text === 'next' ? this.nextFound(node, namedChildren(argsNode)) : undefined;
    if (found) return found;
    const variadic = callee.type === 'identifier' ? this.variadic.carried.get(callee.text) : undefined;
    if (variadic) {
      // f(a, b, c) of `def f(x, *ys)`: f(a, [b, c]).
      const written = namedChildren(argsNode);
      if (written.length < variadic.fixed || written.some((arg) => ['keyword_argument', 'list_splat', 'dictionary_splat'].includes(arg.type))) {
        return this.b.errorNode(node, `a call of ${callee.text}, which has a *args parameter, with * or keyword arguments or fewer arguments than the parameters before it`, 'Write the arguments out, one for each parameter before *args.');
      }
      const all = written.map((arg) => this.expression(arg));
      const gathered = this.b.make<A.ArrayLiteral>('ArrayLiteral', argsNode, { elements: all.slice(variadic.fixed) });
      return this.b.make<A.CallExpression>('CallExpression', node, { callee: this.expression(callee), arguments: [...all.slice(0, variadic.fixed), gathered] });
    }
    const setCall = this.setCall(node, callee, namedChildren(argsNode));
    if (setCall) return setCall;
    const classArgs = callee.type === 'identifier' && callee.text === 'isinstance' ? namedChildren(argsNode) : [];
    if (classArgs.length === 2 && classArgs.every((arg) => !['keyword_argument', 'list_splat', 'dictionary_splat'].includes(arg.type))) {
      return classCheck(this.b, (part) => this.expression(part), node, classArgs[0], classArgs[1], false, false);
    }
    const positional: A.Expression[] = [];
    const keywords: SyntaxNode[] = [];
    for (const arg of namedChildren(argsNode)) {
      if (arg.type === 'keyword_argument') keywords.push(arg);
      else if (arg.type === 'list_splat' || arg.type === 'dictionary_splat') return this.b.errorNode(node, 'a call with * or ** arguments');
      else positional.push(this.setArgument(callee, positional.length, arg) ?? ((positional.length === 0 && this.walkOfBuiltin(callee) && this.builtinAsLambda(arg)) || this.expression(arg)));
    }
    const sortedList = callee.type === 'identifier' && callee.text === 'sorted' && positional.length === 1 ? positional[0] : undefined;
    // xs.sort(key=…) sorts in place and gives None: only as a statement.
    const sortObject = callee.type === 'attribute' && field(callee, 'attribute')?.text === 'sort' && positional.length === 0 && node.parent?.type === 'expression_statement' ? field(callee, 'object') : undefined;
    const keyed =
      keywords.length === 0 ? undefined : sortedList ? this.sortedWithKey(node, () => sortedList, keywords, 'sorted') : sortObject ? this.sortedWithKey(node, () => this.expression(sortObject), keywords, 'sort') : undefined;
    if (keyed) return keyed;
    if (keywords.length > 0 && callee.type === 'identifier' && (callee.text === 'min' || callee.text === 'max') && !this.signatures.has(callee.text)) return this.extremeWithKey(node, callee.text, positional, keywords);
    if (keywords.length > 0) {
      const placed = this.placeKeywords(callee, positional, keywords);
      if (!placed) return this.b.errorNode(node, 'a call with keyword arguments', 'Keyword arguments map when they name parameters of a function of this file, in order.');
    }
    // A class not carried was reported where it is declared: its constructions are left out with it.
    if (callee.type === 'identifier' && this.classes.refused.has(callee.text) && !this.signatures.has(callee.text)) return this.b.placeholder(node);
    if (callee.type === 'identifier' && this.classes.carried.has(callee.text)) {
      return this.b.make<A.CallExpression>('CallExpression', node, { callee: this.b.identifier(constructorName(callee.text), callee), arguments: positional });
    }
    const builtin = this.builtinCall(callee, positional, node);
    if (builtin) return builtin;
    return this.b.make<A.CallExpression>('CallExpression', node, { callee: this.expression(callee), arguments: positional });
  }

  /** A method call as a statement: where its receiver is a list, dict or set, it is read as the statement it would be without the classes (`xs.remove(x)`). */
  private methodCallStatement(call: SyntaxNode, statement: SyntaxNode): A.Statement[] {
    const mark = this.b.diagnostics.length;
    const library = this.setChange(call, statement) ?? this.listChange(call, statement) ?? this.dictPopStatement(call, statement) ?? this.setDefault(call, statement);
    const diagnostics = this.b.diagnostics.splice(mark);
    const made = this.b.make<A.ExpressionStatement>('ExpressionStatement', statement, { annotations: [], expression: this.expression(call) });
    const reading = this.classes.libraryReadings.get(made.expression.id);
    if (library && reading) Object.assign(reading, { statements: library, diagnostics });
    return [made];
  }

  /** `obj.m(…)` of a name some class of the file has a method by: never a library method of that name. */
  private isMethodCall(node: SyntaxNode): boolean {
    const callee = field(node, 'function');
    const object = callee?.type === 'attribute' ? field(callee, 'object') : undefined;
    if (!object || (object.type === 'identifier' && this.importedNames.has(object.text))) return false;
    return this.classes.methodNames.has(field(callee!, 'attribute')?.text ?? '');
  }

  /** `obj.m(a)`, kept as a call of the member until class-method-calls.ts knows obj's class and makes it `C_m(obj, a)`. */
  private methodCall(node: SyntaxNode, callee: SyntaxNode, argsNode: SyntaxNode): A.Expression {
    const args = namedChildren(argsNode);
    if (argsNode.type !== 'argument_list' || args.some((arg) => ['keyword_argument', 'list_splat', 'dictionary_splat'].includes(arg.type))) {
      return this.b.errorNode(node, `the method call ${callee.text}(…) with keyword, * or ** arguments`, 'Pass the arguments of a method in order.');
    }
    const member = this.b.make<A.MemberExpression>('MemberExpression', callee, { object: this.expression(field(callee, 'object')!), property: field(callee, 'attribute')?.text ?? '' });
    const call = this.b.make<A.CallExpression>('CallExpression', node, { callee: member, arguments: args.map((arg) => this.expression(arg)) });
    this.classes.methodCalls.add(call.id);
    // What it is where the receiver turns out to be a list, text or dict (`self.items.pop()`): kept aside with its diagnostics.
    const mark = this.b.diagnostics.length;
    const outerBefore = this.before;
    this.before = outerBefore ? [] : undefined;
    this.libraryReadingOf = node.id;
    try {
      const expression = this.call(node);
      const diagnostics = this.b.diagnostics.splice(mark);
      if (!this.before?.length) this.classes.libraryReadings.set(call.id, { expression, diagnostics });
    } finally {
      this.libraryReadingOf = undefined;
      this.before = outerBefore;
    }
    return call;
  }

  /**
   * `for a, b in …`: a loop over one item a turn that assigns the names at the start of the body,
   * as Python's loop does, so they hold the last values after the loop and `continue` needs no
   * care. `enumerate(xs, start)` counts beside the loop over xs; `zip(xs, ys, …)` walks xs and
   * reads the others at the same count, stopping when one is shorter (each read as it is at that
   * step, as Python's iterators read a list that changes); `d.items()` walks keys(d) and reads
   * d[k]; any other iterable has items of the names' number, checked as `a, b = item` is.
   */
  private unpackingLoop(node: SyntaxNode, left: SyntaxNode, right: SyntaxNode): A.Statement[] {
    const names = namedChildren(left);
    const body = field(node, 'body');
    if (!isUnpacking(left) || names.length < 2 || !names.every((name) => name.type === 'identifier') || !body) {
      this.b.unsupported(node, 'a for loop that unpacks other than plain names', 'Unpack into names (for a, b in …) and take nested values apart in the body.');
      return [];
    }
    const callee = right.type === 'call' ? field(right, 'function') : undefined;
    const args = right.type === 'call' ? namedChildren(field(right, 'arguments') ?? right) : [];
    if (callee?.type === 'identifier' && ['enumerate', 'zip'].includes(callee.text) && new RegExp(`^\\s*(def\\s+${callee.text}\\b|${callee.text}\\s*=)`, 'm').test(this.b.source)) {
      this.b.unsupported(node, `a for loop over ${callee.text}(…) in a file that defines its own ${callee.text}`, `Rename the file's ${callee.text}.`);
      return [];
    }
    const item = this.fresh('item');
    const counter = this.fresh('count');
    const before: A.Statement[] = [];
    const reads: A.Statement[] = [];
    // The hidden names are declared before the loop and read inside its body, where their spans say.
    const top = this.b.spanBetween(node.startIndex, node.startIndex);
    const inside = this.b.spanBetween(body.startIndex, body.startIndex);
    const read = (): A.Identifier => this.b.identifier(item, inside);
    const counted = (): A.Identifier => this.b.identifier(counter, inside);
    const set = (name: SyntaxNode, value: A.Expression): void => void reads.push(this.declareOrAssign(name.text, value, name, null));
    const step = (): A.Statement => this.b.make<A.AssignmentStatement>('AssignmentStatement', inside, { annotations: [], target: counted(), operator: '+=', value: this.b.literal(1, inside) });
    const startCount = (start: A.Expression): A.Statement =>
      this.b.make<A.VariableDeclaration>('VariableDeclaration', top, { name: counter, kind: 'let', varType: null, annotations: [], initializer: start });
    let iterable: A.Expression;
    if (callee?.type === 'identifier' && callee.text === 'enumerate') {
      const start = enumerateStart(args);
      if (names.length !== 2 || start === undefined) {
        this.b.unsupported(node, 'a for loop over enumerate(…) other than enumerate(xs) or enumerate(xs, n) with a whole number n into two names');
        return [];
      }
      before.push(startCount(start === null ? this.b.literal(0, right) : this.expression(start)));
      iterable = this.expression(args[0]);
      set(names[0], counted());
      reads.push(step());
      set(names[1], read());
    } else if (callee?.type === 'identifier' && callee.text === 'zip') {
      if (args.length !== names.length || !args.every(isPlainValue)) {
        this.b.unsupported(node, 'a for loop over zip(…) of other than one list per name, each a name or a slice of one', 'Name the lists first (ys = f(…)), then zip the names.');
        return [];
      }
      before.push(startCount(this.b.literal(0, right)));
      const others = args.slice(1).map((arg) => {
        if (arg.type === 'identifier' && !assignsName(body, arg.text)) return arg.text;
        // A slice, or a name the body assigns: held once, as zip holds each list.
        const holder = this.fresh('zipped');
        before.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', top, { name: holder, kind: 'const', varType: null, annotations: [], initializer: this.expression(arg) }));
        return holder;
      });
      iterable = this.expression(args[0]);
      const shorter = others
        .map(
          (other, at): A.Expression =>
            this.b.make<A.BinaryExpression>('BinaryExpression', args[at + 1], {
              operator: '>=',
              left: counted(),
              right: this.b.call('len', [this.indexed(other, args[at + 1])], args[at + 1]),
            }),
        )
        .reduce((either, next) => this.b.make<A.BinaryExpression>('BinaryExpression', right, { operator: '||', left: either, right: next }));
      const stop = this.b.make<A.Block>('Block', right, { statements: [this.b.make<A.BreakStatement>('BreakStatement', right, { annotations: [] })] });
      reads.push(this.b.make<A.IfStatement>('IfStatement', right, { annotations: [], condition: shorter, consequent: stop, alternate: null }));
      set(names[0], read());
      others.forEach((other, at) =>
        set(names[at + 1], this.b.make<A.IndexExpression>('IndexExpression', names[at + 1], { object: this.b.identifier(other, inside), index: counted() })),
      );
      reads.push(step());
    } else if ((callee?.type === 'attribute' && field(callee, 'attribute')?.text === 'items' && args.length === 0) || sortedItems(right, this.b.source)) {
      // sorted(d.items()) is sorted by key alone: a dict's keys differ, so no two items tie on theirs.
      const sorting = callee?.type === 'identifier';
      const items = sorting ? args[0] : right;
      const dict = field(field(items, 'function') ?? items, 'object');
      const why = dict?.type === 'identifier' && names.length === 2 ? itemsProblem(body, dict.text, names[0].text) : 'dict is not a name or whose items go into more than two names';
      if (why || !dict) {
        this.b.unsupported(node, `a for loop over .items() whose ${why}`, 'Python stops with RuntimeError when a dict changes size while its items are walked; change the dict after the loop.');
        return [];
      }
      iterable = this.b.call('keys', [this.expression(dict)], right);
      if (sorting) iterable = this.b.call('sorted', [iterable], right);
      set(names[0], read());
      set(names[1], this.b.make<A.IndexExpression>('IndexExpression', names[1], { object: this.expression(dict), index: read() }));
    } else {
      if (callee?.type === 'identifier' && ['reversed', 'sorted', 'map', 'filter'].includes(callee.text)) {
        this.b.unsupported(node, `a for loop that unpacks the items of ${callee.text}(…)`, `Name the list first (pairs = ${callee.text}(…)), then walk the name.`);
        return [];
      }
      iterable = this.expression(right);
      // Each item as `a, b = item` reads it: its length checked (Python's ValueError), then each element.
      const walked = read();
      markUnpacked(this.b, walked, 'this for loop');
      const sameLength = this.b.make<A.BinaryExpression>('BinaryExpression', right, { operator: '==', left: this.b.call('len', [walked], right), right: this.b.literal(names.length, right) });
      reads.push(
        this.b.make<A.ExpressionStatement>('ExpressionStatement', left, { annotations: [], expression: this.b.call('assert', [sameLength, this.b.literal(`expected ${names.length} values to unpack`, right)], left) }),
      );
      names.forEach((name, at) => set(name, this.b.make<A.IndexExpression>('IndexExpression', name, { object: read(), index: this.b.literal(at, name) })));
    }
    const block = this.block(body, node);
    block.statements.unshift(...reads);
    return [...before, this.b.make<A.ForStatement>('ForStatement', node, { annotations: [], iterator: item, iterable, body: block })];
  }

  /** A name for a value the import adds, `base` and a number, that the source does not use. */
  private fresh(base: string): string {
    let name = `${base}${++this.comprehensionCount}`;
    while (new RegExp(`\\b${name}\\b`).test(this.b.source)) name = `${base}${++this.comprehensionCount}`;
    return name;
  }

  /** The name of a zip's list after the first, read by its elements 0, 1, …: a list, not a dict, nor a text (Python walks a text by code points). */
  private indexed(name: string, at: SyntaxNode): A.Identifier {
    const read = this.b.identifier(name, at);
    markUnpacked(this.b, read, 'this zip(…)', true);
    return read;
  }

  /** `x[a:b]`, `x[a:]`, `x[:b]`, `x[:]`: slice(x, a, b), negative bounds counting from the end in both. */
  private slice(node: SyntaxNode, value: SyntaxNode, range: SyntaxNode): A.Expression {
    const bounds: (SyntaxNode | undefined)[] = [undefined];
    for (const child of range.children) {
      if (!child) continue;
      if (child.type === ':') bounds.push(undefined);
      else if (child.isNamed && child.type !== 'comment') bounds[bounds.length - 1] = child;
    }
    const [start, end, step] = bounds;
    if (bounds.length > 2 && step) {
      // x[a:b:k]: Python's rules for a bound left out, negative bounds and steps, in stepSlice.
      const bound = (part: SyntaxNode | undefined): A.Expression => (part ? this.expression(part) : this.b.literal(null, range));
      return this.b.call('stepSlice', [this.expression(value), bound(start), bound(end), this.expression(step)], node);
    }
    const args = [this.expression(value), start ? this.expression(start) : this.b.literal(0, range)];
    if (end) args.push(this.expression(end));
    return this.b.call('slice', args, node);
  }

  /**
   * `sorted(xs, key=k, reverse=…)` (or `xs.sort(…)` as a statement): sorted (sort) with a comparison
   * of the keys (keyComparison), k a lambda or `len` or `abs` named. With `reverse=True`, as Python
   * does it: the list reversed, sorted and reversed again (`xs.sort` puts that back into xs by splice).
   * The key runs more often than in Python, so only one without calls other than len and abs; keys
   * compared with `<` as Whetstone compares (numbers, texts: the run at import finds texts that
   * Python orders otherwise, by code points).
   */
  private sortedWithKey(node: SyntaxNode, list: () => A.Expression, keywords: SyntaxNode[], builtin: 'sorted' | 'sort'): A.Expression {
    const values = new Map(keywords.map((keyword) => [field(keyword, 'name')?.text ?? '', field(keyword, 'value')]));
    const reverse = values.get('reverse');
    const other = [...values.keys()].find((name) => name !== 'key' && name !== 'reverse');
    const what = `${builtin === 'sort' ? 'xs.sort' : 'sorted'}(…) with ${keywords.map((keyword) => `${field(keyword, 'name')?.text ?? ''}=`).join(', ')}`;
    if (other !== undefined) return this.b.errorNode(node, what, `Python's ${other}= has no Whetstone form; sorted takes key= and reverse=.`);
    if (reverse && reverse.type !== 'true' && reverse.type !== 'false') return this.b.errorNode(node, what, 'reverse= is carried as True or False written out.');
    const key = values.get('key');
    if (!key && reverse?.type !== 'true') return this.b.call(builtin, [list()], node);
    const compare = this.keyComparison(key ?? reverse ?? node, !key);
    if (typeof compare === 'string') return this.b.errorNode(node, what, compare);
    if (reverse?.type !== 'true') return this.b.call(builtin, [list(), compare], node);
    // Python's reverse=True reverses the list, sorts it and reverses it again: equal keys keep their
    // order, and keys that are not ordered (NaN) stand where Python's leave them.
    if (builtin === 'sorted') return this.b.call('reversed', [this.b.call('sorted', [this.b.call('reversed', [list()], node), compare], node)], node);
    const object = field(field(node, 'function') ?? node, 'object');
    if (object?.type !== 'identifier') return this.b.errorNode(node, what, 'xs.sort(key=…, reverse=True) is carried on a list named by a variable.');
    const name = (): A.Expression => this.b.identifier(object.text, object);
    return this.b.call('splice', [name(), this.b.literal(0, node), this.b.call('len', [name()], node), this.b.call('reversed', [this.b.call('sorted', [this.b.call('reversed', [name()], node), compare], node)], node)], node);
  }

  /**
   * `min(xs, key=k)` and `max(xs, key=k)`: Python keeps the first element and takes each later one
   * whose key is below (above) the kept one's, which reduce does with the same question. An empty
   * list stops the program in both (Python's ValueError, Whetstone's reduce; a try that catches
   * ValueError is refused, as it also catches Python's own errors).
   */
  private extremeWithKey(node: SyntaxNode, name: 'min' | 'max', positional: A.Expression[], keywords: SyntaxNode[]): A.Expression {
    const what = `${name}(…) with ${keywords.map((keyword) => `${field(keyword, 'name')?.text ?? ''}=`).join(', ')}`;
    const key = keywords.length === 1 && field(keywords[0], 'name')?.text === 'key' ? field(keywords[0], 'value') : undefined;
    if (!key || positional.length !== 1) {
      return this.b.errorNode(node, what, "Whetstone's min, max, minOf and maxOf compare numbers by < and take no default: test for an empty list first; key= is carried for one list.");
    }
    const compare = this.keyComparison(key);
    if (typeof compare === 'string') return this.b.errorNode(node, what, compare);
    // Python's max asks k(item) > k(best), that is k(best) < k(item); min k(item) < k(best).
    const taken = new Set(key.descendantsOfType('identifier').map((found) => found?.text));
    const fresh = (base: string): string => {
      let found = base;
      while (taken.has(found)) found += '_';
      return found;
    };
    const [best, item] = [fresh('best'), fresh('item')];
    const [below, above] = name === 'max' ? [best, item] : [item, best];
    const ordered = this.b.make<A.BinaryExpression>('BinaryExpression', key, {
      operator: '<',
      left: this.b.make<A.CallExpression>('CallExpression', key, { callee: compare, arguments: [this.b.identifier(below, key), this.b.identifier(above, key)] }),
      right: this.b.literal(0, key),
    });
    const pick = this.b.make<A.ConditionalExpression>('ConditionalExpression', key, { condition: ordered, consequent: this.b.identifier(item, key), alternate: this.b.identifier(best, key) });
    const parameter = (named: string): A.Parameter => this.b.make<A.Parameter>('Parameter', key, { name: named, paramType: null, defaultValue: null });
    const keep = this.b.make<A.Lambda>('Lambda', key, { parameters: [parameter(best), parameter(item)], returnType: null, body: pick });
    return this.b.call('reduce', [positional[0], keep], node);
  }

  /** The comparison of two elements by a key of Python's (a lambda, len or abs), or why it is not carried. */
  private keyComparison(key: SyntaxNode, elementsThemselves = false): A.Lambda | string {
    const taken = new Set([key, ...key.descendantsOfType('identifier')].map((found) => found?.text));
    const fresh = (base: string): string => {
      let name = base;
      while (taken.has(name)) name += '_';
      return name;
    };
    const [left, right] = [fresh('left'), fresh('right')];
    // Each part of the key: its value for the element of a name.
    let parts: ((name: string) => A.Expression)[];
    if (elementsThemselves) {
      parts = [(name) => this.b.identifier(name, key)];
    } else if (key.type === 'identifier' && ['len', 'abs'].includes(key.text) && !this.signatures.has(key.text)) {
      parts = [(name) => this.b.call(key.text, [this.b.identifier(name, key)], key)];
    } else if (key.type === 'attribute' && (key.text === 'str.lower' || key.text === 'str.upper')) {
      // key=str.lower: each text in lower case (the run at import checks the texts it cases).
      parts = [(name) => this.b.call(key.text.slice(4), [this.b.identifier(name, key)], key)];
    } else if (key.type === 'lambda') {
      const params = namedChildren(field(key, 'parameters') ?? key);
      const body = field(key, 'body');
      if (!field(key, 'parameters') || params.length !== 1 || params[0].type !== 'identifier' || !body) return 'The key is carried as a lambda of one parameter.';
      const calls = [body, ...body.descendantsOfType(['call', 'lambda'])].filter((found) => found?.type === 'call' || found?.type === 'lambda');
      // len, abs, and a text's lower() or upper(): each gives the same key however often it runs.
      const keyCall = (found: SyntaxNode): boolean => {
        const callee = field(found, 'function');
        if (callee?.type === 'identifier') return ['len', 'abs'].includes(callee.text);
        return callee?.type === 'attribute' && ['lower', 'upper'].includes(field(callee, 'attribute')?.text ?? '') && namedChildren(field(found, 'arguments') ?? found).length === 0;
      };
      if (calls.some((found) => found?.type !== 'call' || !keyCall(found))) {
        return 'Python computes the key once per element, the carried comparison at each comparison: a key that calls other than len, abs, lower() and upper() is not carried. Compute the keys into a list first.';
      }
      const elements = body.type === 'tuple' ? namedChildren(body) : [body];
      if (elements.length === 0 || elements.some((element) => element.type === 'tuple' || element.type === 'list_splat')) return 'A tuple key is carried with its elements written out, none a tuple.';
      parts = elements.map((element) => (name: string) => {
        const lambda = this.keyLambda(key, params[0], element);
        return this.b.make<A.CallExpression>('CallExpression', element, { callee: lambda, arguments: [this.b.identifier(name, element)] });
      });
    } else {
      return 'The key is carried as a lambda without calls of the program, len or abs: Python computes it once per element, the carried comparison at each comparison.';
    }
    const [first, second] = [left, right];
    const parameter = (name: string): A.Parameter => this.b.make<A.Parameter>('Parameter', key, { name, paramType: null, defaultValue: null });
    const less = (a: string, b: string): A.Expression => this.b.make<A.BinaryExpression>('BinaryExpression', key, { operator: '<', left: this.b.identifier(a, key), right: this.b.identifier(b, key) });
    // Each part once for each element, compared by a lambda of the two: (fn(keyFirst, keySecond) =>
    // keyFirst < keySecond ? -1 : keyFirst == keySecond ? … : 0)(k(left), k(right)). Python's sort asks
    // only whether one key is below the other (as V8's, the same algorithm, asks whether the result is
    // negative), and Python's tuples compare the first elements that are not equal, as this does.
    // The last part decides alone: below, or not; each one before it where the two are equal.
    let order: A.Expression | undefined;
    for (const [index, part] of [...parts.entries()].reverse()) {
      // Names of their own at each level, so that none hides another.
      const [keyFirst, keySecond] = [fresh(`keyFirst${index === 0 ? '' : index + 1}`), fresh(`keySecond${index === 0 ? '' : index + 1}`)];
      const same = this.b.make<A.BinaryExpression>('BinaryExpression', key, { operator: '==', left: this.b.identifier(keyFirst, key), right: this.b.identifier(keySecond, key) });
      const otherwise: A.Expression = order ? this.b.make<A.ConditionalExpression>('ConditionalExpression', key, { condition: same, consequent: order, alternate: this.b.literal(0, key) }) : this.b.literal(0, key);
      const compared: A.Expression = this.b.make<A.ConditionalExpression>('ConditionalExpression', key, { condition: less(keyFirst, keySecond), consequent: this.b.literal(-1, key), alternate: otherwise });
      const comparison: A.Lambda = this.b.make<A.Lambda>('Lambda', key, { parameters: [parameter(keyFirst), parameter(keySecond)], returnType: null, body: compared });
      order = this.b.make<A.CallExpression>('CallExpression', key, { callee: comparison, arguments: [part(first), part(second)] });
    }
    if (!order) return 'A tuple key is carried with its elements written out.';
    return this.b.make<A.Lambda>('Lambda', key, { parameters: [parameter(left), parameter(right)], returnType: null, body: order });
  }

  /** `fn(v) => e` for one part e of a key lambda of parameter v. */
  private keyLambda(key: SyntaxNode, param: SyntaxNode, body: SyntaxNode): A.Lambda {
    const outer = this.before;
    this.before = undefined;
    try {
      return this.b.make<A.Lambda>('Lambda', key, { parameters: [this.b.make<A.Parameter>('Parameter', param, { name: param.text, paramType: null, defaultValue: null })], returnType: null, body: this.expression(body) });
    } finally {
      this.before = outer;
    }
  }

  /** Appends keyword arguments as positional ones when they fill a known function's next parameters in order. */
  private placeKeywords(callee: SyntaxNode, positional: A.Expression[], keywords: SyntaxNode[]): boolean {
    const names = callee.type === 'identifier' ? this.signatures.get(callee.text) : undefined;
    if (!names) return false;
    const values = new Map(keywords.map((keyword) => [field(keyword, 'name')?.text ?? '', field(keyword, 'value')]));
    const wanted = names.slice(positional.length, positional.length + values.size);
    if (wanted.some((name) => !values.has(name))) return false;
    for (const name of wanted) positional.push(this.expression(values.get(name)!));
    return true;
  }

  private builtinCall(callee: SyntaxNode, args: A.Expression[], node: SyntaxNode): A.Expression | undefined {
    if (callee.type === 'identifier') {
      // min(xs) and max(xs): the smallest and largest element of one list (python-extremes.ts checks what they compare and when they may meet an empty list).
      if ((callee.text === 'min' || callee.text === 'max') && args.length === 1) return this.b.call(callee.text === 'min' ? 'minOf' : 'maxOf', args, node);
      if (SAME_BUILTINS.has(callee.text)) return this.b.call(callee.text, args, node);
      // ord, chr, bin, oct and hex of the file's own (def hex(n): …) stay its calls.
      const ownFunction = this.signatures.has(callee.text) || this.scope.declared.has(callee.text) || this.scope.outer.has(callee.text);
      const strFunction = ownFunction ? undefined : importStrFunction(this.b, callee.text, args, node);
      if (strFunction) return strFunction;
      if ((callee.text === 'float' || callee.text === 'int') && args.length === 1) return importConversion(this.b, callee.text, args, node);
      if (callee.text === 'int' && args.length === 2) return importConversion(this.b, 'int', args, node);
      if (callee.text === 'pow' && args.length === 2) return this.b.call('pow', args, node);
      // bool(x): Python's truth of the value.
      if (callee.text === 'bool' && args.length === 1 && !ownFunction) return this.b.call('pyTruthy', args, node);
      if (callee.text === 'Counter' && this.collections.has('Counter') && !ownFunction) {
        return this.b.errorNode(node, 'Counter(…) other than Counter() or Counter(xs) assigned to a name that holds only Counters', 'A Counter is carried as a map of counts where it is built into a name of its own and used as a map is.');
      }
      if (callee.text === 'defaultdict' && this.collections.has('defaultdict') && !ownFunction) {
        return this.b.errorNode(node, 'defaultdict(…) other than of int, str, bool, list or a lambda of a literal, assigned to a name that holds only defaultdicts', 'A defaultdict is carried as a map where it is built into a name of its own and used as a map is.');
      }
      if (callee.text === 'deque' && this.collections.has('deque') && !ownFunction) {
        return this.b.errorNode(node, 'deque(…) other than deque() or deque(xs) assigned to a name that holds only deques', 'A deque is carried as a list where it is built into a name of its own (no maxlen) and used as a list is.');
      }
      // round(x) rounds halves (2.5) to even, Whetstone's round away from zero. With digits, a half
      // is rarely exact in binary (2.675 is below it), so both agree there.
      // Python's round(x) takes a half to the even whole number; Whetstone's round takes it away from zero.
      if (callee.text === 'round' && args.length === 1) return this.b.call('roundEven', args, node);
      if (callee.text === 'round') return this.b.call('round', args, node);
      if (callee.text === 'list' && args.length === 1 && args[0].type === 'CallExpression') return args[0];
      // list(x) of a name, a literal…: a text's characters until python-text-lists.ts reads the type of x.
      if (callee.text === 'list' && args.length === 1 && namedChildren(field(node, 'arguments') ?? node)[0]?.type !== 'keyword_argument') return this.b.call('charsOf', args, node);
      // sorted(d.items()): a dict's keys differ, so its pairs are sorted by key alone.
      if (callee.text === 'sorted' && args.length === 1 && args[0].type === 'CallExpression' && isItemPairs(this.b, args[0])) {
        args[0].arguments[0] = this.b.call('sorted', [args[0].arguments[0]], node);
        return args[0];
      }
      if (callee.text === 'sorted' && args.length === 1) return this.b.call('sorted', args, node);
      if (callee.text === 'sum' && args.length === 1) return this.b.call('sum', args, node);
      // sum(xs, start) of a number start: start, then each element, added in order.
      if (callee.text === 'sum' && args.length === 2 && isNumberStart(namedChildren(field(node, 'arguments') ?? node)[1])) {
        return this.b.call('sum', [this.b.call('concat', [this.b.make<A.ArrayLiteral>('ArrayLiteral', node, { elements: [args[1]] }), args[0]], node)], node);
      }
      if (callee.text === 'map' || callee.text === 'filter' || callee.text === 'reduce') return this.walkCall(callee.text, args, node);
      if (callee.text === 'reversed' && args.length === 1) {
        // An iterator in Python, a list in Whetstone: the same where it is walked once.
        if (walkedOnce(node)) return this.b.call('reversed', args, node);
        return this.b.errorNode(node, 'reversed(…) used other than in a for loop, list(…) or a join', "Python's reversed gives an iterator, Whetstone's a list; they differ when it is shown or walked twice.");
      }
      return undefined;
    }
    if (callee.type !== 'attribute') return undefined;
    const object = field(callee, 'object');
    const attribute = field(callee, 'attribute')?.text ?? '';
    if (!object) return undefined;
    if (object.type === 'identifier' && object.text === 'math' && MATH_FUNCTIONS[attribute]) return this.b.call(MATH_FUNCTIONS[attribute], args, node);
    if (object.type === 'identifier' && object.text === 'functools' && attribute === 'reduce') return this.walkCall('reduce', args, node);
    if (object.type === 'identifier' && this.counters.has(object.text) && attribute === 'most_common') return this.mostCommon(object, node);
    // q.popleft() and q.appendleft(x) of a deque: the first element taken off, x put before it.
    if (object.type === 'identifier' && this.deques.has(object.text) && attribute === 'popleft' && args.length === 0) return this.b.call('shift', [this.expression(object)], node);
    if (object.type === 'identifier' && this.deques.has(object.text) && attribute === 'appendleft' && args.length === 1) {
      return this.b.call('splice', [this.expression(object), this.b.literal(0, node), this.b.literal(0, node), this.b.make<A.ArrayLiteral>('ArrayLiteral', node, { elements: args })], node);
    }
    if (attribute === 'pop' && isDictPop(node)) return this.dictPop(object, node);
    if (attribute === 'pop' && args.length <= 1) return this.pop(object, args, node);
    // xs.copy(): a new list of the same elements (a dict's copy is refused by the checker, or stops the run at import).
    if (attribute === 'copy' && args.length === 0) return this.b.call('slice', [this.expression(object), this.b.literal(0, node)], node);
    const strMethod = importStrMethod(this.b, attribute, () => this.expression(object), args, namedChildren(field(node, 'arguments') ?? node), node);
    if (strMethod) return strMethod;
    if (attribute === 'append' && args.length === 1) return this.b.call('push', [this.expression(object), ...args], node);
    const written = namedChildren(field(node, 'arguments') ?? node);
    if (attribute === 'get' && (written.length === 2 || written.length === 1) && written[0].type !== 'keyword_argument' && isPlainOperand(object) && isArithmeticOfPlain(written[0]) && written.slice(1).every((value) => isPlainOperand(value) || isListOfPlain(value))) {
      // d.get(k, default): the value at k when d holds it, else default (None without one), each a name or a literal (the key also arithmetic of those) so that reading them twice or not at all changes nothing.
      // A default `[]` (or a list of such) is a new list at each call in both: Python makes it before the call, Whetstone only when it is needed, and nothing else sees the difference.
      const read = this.b.make<A.IndexExpression>('IndexExpression', node, { object: this.expression(object), index: this.expression(written[0]) });
      return this.b.make<A.ConditionalExpression>('ConditionalExpression', node, { condition: this.b.call('includes', [this.expression(object), args[0]], node), consequent: read, alternate: args[1] ?? this.b.literal(null, node) });
    }
    // s.strip(chars), s.lstrip(chars), s.rstrip(chars): the characters of chars taken off the ends.
    if (['strip', 'lstrip', 'rstrip'].includes(attribute) && args.length === 1 && written[0]?.type !== 'none') {
      return this.b.call(attribute === 'strip' ? 'trimChars' : attribute === 'lstrip' ? 'trimStartChars' : 'trimEndChars', [this.expression(object), args[0]], node);
    }
    // "…{:.2f}…".format(x): the template's fields, as an f-string's.
    const template = object.type === 'string' ? this.plainString(object) : undefined;
    if (attribute === 'format' && template !== undefined) return formatTemplate(this.b, template, args, node);
    if (attribute === 'zfill' && args.length === 1) return this.b.call('zeroFill', [this.expression(object), args[0]], node);
    // xs.insert(i, v): before index i, counted from the end when negative, stopped at the ends, as splice does.
    if (attribute === 'insert' && args.length === 2 && node.parent?.type === 'expression_statement') {
      return this.b.call('splice', [this.expression(object), args[0], this.b.literal(0, node), this.b.make<A.ArrayLiteral>('ArrayLiteral', node, { elements: [args[1]] })], node);
    }
    if ((attribute === 'keys' || attribute === 'values') && args.length === 0) return this.b.call(attribute, [this.expression(object)], node);
    if (attribute === 'items' && args.length === 0 && written.length === 0) return this.itemPairs(object, node);
    // s.split(): the parts between runs of whitespace, none empty.
    if (attribute === 'split' && args.length === 0 && written.length === 0) return this.b.call('splitWords', [this.expression(object)], node);
    if (attribute === 'split' && args.length === 1) return this.b.call('split', [this.expression(object), ...args], node);
    if (attribute === 'join' && args.length === 1) return this.b.call('join', [...args, this.expression(object)], node);
    if ((attribute === 'reverse' || attribute === 'sort') && args.length === 0 && node.parent?.type === 'expression_statement') return this.b.call(attribute, [this.expression(object)], node);
    // s.find(sub) and xs.index(v): where it occurs (xs.index raises where indexOf gives -1).
    if ((attribute === 'find' || attribute === 'index') && args.length === 1) return this.b.call('indexOf', [this.expression(object), ...args], node);
    // s.rfind(sub): where it last occurs in a text (lists have no rfind).
    if (attribute === 'rfind' && args.length === 1) return this.b.call('lastIndexOf', [this.expression(object), ...args], node);
    return undefined;
  }

  /**
   * `any(c for x in xs)`, `all(…)`, `sum(e for x in xs)` and `next((x for x in xs if c), None)`:
   * some, every, sum of a map, and find, with the body as a lambda of the loop's name. One for
   * clause over one name; an if clause joins the test with `and` (any, next) or `not … or` (all).
   * The generator and the lambda both read each element in turn, the next only once the last is
   * done; sum adds the values as map makes them, so nothing between them can tell the order.
   */
  private generatorCall(node: SyntaxNode, callee: SyntaxNode, generator: SyntaxNode): A.Expression | undefined {
    const name = callee.type === 'identifier' ? callee.text : '';
    if (!['any', 'all', 'sum'].includes(name)) return undefined;
    const walk = this.generatorParts(generator);
    if (!walk || (name === 'sum' && walk.test)) return undefined;
    const body = this.expression(walk.body);
    const test = walk.test && this.expression(walk.test);
    // The name is declared where the generator starts, before the body that reads it (as the checker reads a declaration).
    const declared = this.b.spanBetween(generator.startIndex, generator.startIndex);
    const lambda = (value: A.Expression): A.Lambda =>
      this.b.make<A.Lambda>('Lambda', generator, { parameters: [this.b.make<A.Parameter>('Parameter', declared, { name: walk.name.text, paramType: null, defaultValue: null })], returnType: null, body: value });
    const iterable = this.expression(walk.iterable);
    const walked = (call: A.CallExpression): A.CallExpression => (markGeneratorWalk(this.b, call), call);
    if (name === 'sum') return this.b.call('sum', [walked(this.b.call('map', [iterable, lambda(body)], generator))], node);
    const and = (operator: '&&' | '||', left: A.Expression, right: A.Expression): A.Expression => this.b.make<A.BinaryExpression>('BinaryExpression', generator, { operator, left, right });
    if (name === 'any') return walked(this.b.call('some', [iterable, lambda(test ? and('&&', test, body) : body)], node));
    const not = (value: A.Expression): A.Expression => this.b.make<A.UnaryExpression>('UnaryExpression', generator, { operator: '!', operand: value });
    return walked(this.b.call('every', [iterable, lambda(test ? and('||', not(test), body) : body)], node));
  }

  /**
   * `"sep".join(e for x in xs if c)`, `sum(…)`, `min(…)`, `max(…)`, `list(…)` and `sorted(…)` of a
   * generator expression: each reads the whole generator before it does anything else, so the
   * elements are collected first into a list, as a list comprehension is (a loop that pushes, just
   * before the statement), and the call takes the list. Refused where Python would run the
   * generator only sometimes (after `and`, `or`, in a conditional) or after a call of the program's
   * own that the loop would now come before.
   */
  private collectedCall(node: SyntaxNode, callee: SyntaxNode, generator: SyntaxNode): A.Expression | undefined {
    const name = callee.type === 'identifier' ? callee.text : callee.type === 'attribute' && field(callee, 'attribute')?.text === 'join' ? 'join' : '';
    const joined = name === 'join' ? field(callee, 'object') : undefined;
    if (!['join', 'sum', 'min', 'max', 'list', 'sorted'].includes(name) || (callee.type === 'identifier' && this.signatures.has(name))) return undefined;
    if (!this.before) return this.b.errorNode(node, 'a generator expression in a condition or lambda', 'Collect its elements into a list in a statement of its own first.');
    if (joined && !isPlainOperand(joined)) return this.b.errorNode(node, 'a join of a generator expression on a separator other than a name or a literal', 'Name the separator first.');
    const problem = sometimesRun(node) ?? this.callBefore(node);
    if (problem) return this.b.errorNode(node, `a generator expression ${problem}`, 'Python runs the generator there and then; collect it into a list in a statement of its own first.');
    const holder = this.fresh('items');
    const start = this.b.spanBetween(generator.startIndex, generator.startIndex);
    const empty = this.b.make<A.ArrayLiteral>('ArrayLiteral', start, { elements: [] });
    const loop = this.comprehension(generator, holder);
    if (!loop) return this.b.placeholder(node);
    this.before.push(this.b.make<A.VariableDeclaration>('VariableDeclaration', start, { name: holder, kind: 'const', varType: null, annotations: [], initializer: empty }), ...loop);
    const items = this.b.identifier(holder, generator);
    if (name === 'list') return items;
    if (name === 'join') return this.b.call('join', [items, this.expression(joined!)], node);
    return this.b.call(name === 'min' ? 'minOf' : name === 'max' ? 'maxOf' : name, [items], node);
  }

  /** How a call of a function of this file comes before `node` in its statement, which a loop put before the statement would now precede. */
  private callBefore(node: SyntaxNode): string | undefined {
    let statement: SyntaxNode | null = node;
    while (statement && statement.type !== 'expression_statement' && statement.type !== 'return_statement') statement = statement.parent;
    const earlier = (statement?.descendantsOfType('call') ?? []).find((call) => {
      if (!call || call.startIndex >= node.startIndex || call.endIndex > node.startIndex) return false;
      const called = field(call, 'function');
      if (called?.type === 'identifier') return !PURE_FUNCTIONS.has(called.text) || this.signatures.has(called.text);
      return !(called?.type === 'attribute' && PURE_METHODS.has(field(called, 'attribute')?.text ?? ''));
    });
    return earlier ? `after the call ${field(earlier, 'function')?.text ?? ''}(…) in the same statement, which its loop would now come before` : undefined;
  }

  /** The parts of `(body for name in iterable [if test])`, or undefined for any other generator or comprehension. */
  private generatorParts(generator: SyntaxNode): { body: SyntaxNode; name: SyntaxNode; iterable: SyntaxNode; test?: SyntaxNode } | undefined {
    const body = field(generator, 'body');
    const clauses = namedChildren(generator).filter((child) => child.type === 'for_in_clause' || child.type === 'if_clause');
    const [loop, condition, ...more] = clauses;
    if (!body || loop?.type !== 'for_in_clause' || more.length > 0 || (condition && condition.type !== 'if_clause') || loop.children.some((child) => child?.type === 'async')) return undefined;
    const name = field(loop, 'left');
    const iterable = field(loop, 'right');
    const test = condition ? namedChildren(condition)[0] : undefined;
    if (name?.type !== 'identifier' || !iterable || (condition && !test)) return undefined;
    return { body, name, iterable, test };
  }

  /** `next((x for x in xs if c), None)`: find(xs, fn(x) => c), the first element that passes or null. */
  private nextFound(node: SyntaxNode, args: SyntaxNode[]): A.Expression | undefined {
    const [generator, fallback] = args;
    if (args.length !== 2 || generator.type !== 'generator_expression' || fallback.type !== 'none') return undefined;
    const walk = this.generatorParts(generator);
    if (!walk?.test || walk.body.type !== 'identifier' || walk.body.text !== walk.name.text) return undefined;
    const parameter = this.b.make<A.Parameter>('Parameter', this.b.spanBetween(generator.startIndex, generator.startIndex), { name: walk.name.text, paramType: null, defaultValue: null });
    const test = this.b.make<A.Lambda>('Lambda', generator, { parameters: [parameter], returnType: null, body: this.expression(walk.test) });
    const call = this.b.call('find', [this.expression(walk.iterable), test], node);
    markGeneratorWalk(this.b, call);
    return call;
  }

  /**
   * `xs.remove(v)` and `xs.extend(ys)` as statements, on a name `xs`: remove takes the first
   * element equal to v out (Python raises ValueError where there is none, as the assert stops the
   * program), extend appends the elements of the list ys, read before the first is appended (so
   * `xs.extend(xs)` doubles it, as in Python).
   */
  private listChange(call: SyntaxNode, statement: SyntaxNode): A.Statement[] | undefined {
    const callee = field(call, 'function');
    const object = callee?.type === 'attribute' ? field(callee, 'object') : undefined;
    const attribute = callee?.type === 'attribute' ? field(callee, 'attribute')?.text : undefined;
    const written = namedChildren(field(call, 'arguments') ?? call);
    if (!object || (attribute !== 'remove' && attribute !== 'extend') || written.length !== 1 || ['keyword_argument', 'list_splat', 'dictionary_splat'].includes(written[0].type)) return undefined;
    if (object.type !== 'identifier') return [this.statementError(call, statement, `xs.${attribute}(…) of something other than a name`, 'Name the list first.')];
    const list = (): A.Expression => this.expression(object);
    const statementOf = (expression: A.Expression): A.ExpressionStatement => this.b.make<A.ExpressionStatement>('ExpressionStatement', statement, { annotations: [], expression });
    if (attribute === 'extend') return [statementOf(this.b.call('splice', [list(), this.b.call('len', [list()], call), this.b.literal(0, call), this.expression(written[0])], call))];
    const at = this.fresh('found');
    const found = this.b.call('indexOf', [list(), this.expression(written[0])], call);
    const hold = this.b.make<A.VariableDeclaration>('VariableDeclaration', call, { name: at, kind: 'const', varType: null, annotations: [], initializer: found });
    const present = this.b.make<A.BinaryExpression>('BinaryExpression', call, { operator: '>=', left: this.b.identifier(at, call), right: this.b.literal(0, call) });
    const check = statementOf(this.b.call('assert', [present, this.b.literal('list.remove(x): x not in list', call)], call));
    return [hold, check, statementOf(this.b.call('splice', [list(), this.b.identifier(at, call), this.b.literal(1, call)], call))];
  }

  /**
   * `del d[k]` of a name `d` and a name or literal `k`: `assert(includes(d, k), …); removeKey(d, k);`
   * (Python raises KeyError for a missing key). That `d` is a dict is checked once the program is whole.
   */
  private deleteKey(node: SyntaxNode): A.Statement[] {
    const targets = namedChildren(node);
    const target = targets.length === 1 ? targets[0] : undefined;
    const object = target?.type === 'subscript' ? field(target, 'value') : undefined;
    const keys = target?.type === 'subscript' ? namedChildren(target).filter((child) => !object || !child.equals(object)) : [];
    if (!target || object?.type !== 'identifier' || keys.length !== 1 || !isPlainOperand(keys[0])) {
      this.b.unsupported(node, 'a del statement other than del d[k] of a dict named d and a key that is a name or a literal');
      return [];
    }
    return this.keyRemoval(object, keys[0], true, node);
  }

  /** The statements that remove key `key` from the dict `object`; `strict`: asserting it is there first, as Python raises KeyError. */
  private keyRemoval(object: SyntaxNode, key: SyntaxNode, strict: boolean, at: SyntaxNode): A.Statement[] {
    const statementOf = (expression: A.Expression): A.Statement => this.b.make<A.ExpressionStatement>('ExpressionStatement', at, { annotations: [], expression });
    const removal = this.b.call('removeKey', [this.expression(object), this.expression(key)], at);
    markDictChange(this.b, removal);
    if (!strict) return [statementOf(removal)];
    const there = this.b.call('includes', [this.expression(object), this.expression(key)], at);
    return [statementOf(this.b.call('assert', [there, this.b.literal(`KeyError: ${key.text}`, at)], at)), statementOf(removal)];
  }

  /** `d.pop(k, default)` and `d.pop("key")` as statements: the key removed (asserted there first without a default). */
  private dictPopStatement(call: SyntaxNode, statement: SyntaxNode): A.Statement[] | undefined {
    const callee = field(call, 'function');
    const object = callee?.type === 'attribute' && field(callee, 'attribute')?.text === 'pop' ? field(callee, 'object') : undefined;
    if (!object || !isDictPop(call)) return undefined;
    const [key, fallback] = namedChildren(field(call, 'arguments') ?? call);
    if (object.type !== 'identifier' || !isPlainOperand(key) || (fallback && !isPlainOperand(fallback))) return undefined;
    return this.keyRemoval(object, key, !fallback, statement);
  }

  /**
   * `d.pop(k, default)` and `d.pop("key")` as values, `d` a name and `k` and `default` names or
   * literals: just before the statement, `const poppedN = includes(d, k) ? d[k] : default;` (an
   * assert that `d` has `k` and `d[k]` without a default) and `removeKey(d, k);`, then `poppedN`.
   */
  private dictPop(object: SyntaxNode, node: SyntaxNode): A.Expression {
    const [key, fallback] = namedChildren(field(node, 'arguments') ?? node);
    const problem = !this.before ? 'in a condition or lambda' : object.type !== 'identifier' || !isPlainOperand(key) || (fallback && !isPlainOperand(fallback)) ? 'of other than a name, with a key or default other than a name or a literal' : (sometimesRun(node) ?? this.callBefore(node));
    if (problem || !this.before) return this.b.errorNode(node, `d.pop(k) ${problem ?? ''}`, 'Pop in a statement of its own, from a dict named by a name, with a key and default that are names or literals.');
    const start = this.b.spanBetween(node.startIndex, node.startIndex);
    const held = this.fresh('popped');
    const entry = this.b.make<A.IndexExpression>('IndexExpression', start, { object: this.expression(object), index: this.expression(key) });
    const there = (): A.Expression => this.b.call('includes', [this.expression(object), this.expression(key)], start);
    const value = fallback ? this.b.make<A.ConditionalExpression>('ConditionalExpression', start, { condition: there(), consequent: entry, alternate: this.expression(fallback) }) : entry;
    const removal = this.keyRemoval(object, key, !fallback, node);
    const check = fallback ? [] : removal.slice(0, 1);
    this.before.push(...check, this.b.make<A.VariableDeclaration>('VariableDeclaration', start, { name: held, kind: 'const', varType: null, annotations: [], initializer: value }), ...removal.slice(check.length));
    return this.b.identifier(held, node);
  }

  /**
   * `d.setdefault(k, v)` and `d.setdefault(k, v).append(x)` as statements, `d` and `k` names or
   * literals and `v` a name, a literal or an empty list or dict: `if !includes(d, k) { d[k] = v; }`,
   * then `push(d[k], x);`. Python evaluates `v` even where `d` has `k`; for these, that changes nothing.
   */
  private setDefault(call: SyntaxNode, statement: SyntaxNode): A.Statement[] | undefined {
    const callee = field(call, 'function');
    const outer = callee?.type === 'attribute' ? field(callee, 'object') : undefined;
    const appended = outer?.type === 'call' && field(callee!, 'attribute')?.text === 'append' ? namedChildren(field(call, 'arguments') ?? call) : undefined;
    const inner = appended ? outer! : call;
    const innerCallee = field(inner, 'function');
    const map = innerCallee?.type === 'attribute' ? field(innerCallee, 'object') : undefined;
    if (!map || field(innerCallee!, 'attribute')?.text !== 'setdefault') return undefined;
    const written = namedChildren(field(inner, 'arguments') ?? inner);
    const emptyCollection = (node: SyntaxNode): boolean => (node.type === 'list' || node.type === 'dictionary') && namedChildren(node).length === 0;
    if (written.length !== 2 || map.type !== 'identifier' || ['keyword_argument', 'list_splat', 'dictionary_splat'].includes(written[0].type) || !(isPlainOperand(written[1]) || emptyCollection(written[1]))) return undefined;
    if (appended && (appended.length !== 1 || ['keyword_argument', 'list_splat', 'dictionary_splat'].includes(appended[0].type))) return undefined;
    // A key other than a name or a literal is read once, into a constant, as Python reads it.
    const held = isPlainOperand(written[0]) ? undefined : this.fresh('key');
    const hold = held ? [this.b.make<A.VariableDeclaration>('VariableDeclaration', inner, { name: held, kind: 'const', varType: null, annotations: [], initializer: this.expression(written[0]) })] : [];
    const key = (): A.Expression => (held ? this.b.identifier(held, inner) : this.expression(written[0]));
    const missing = this.b.make<A.UnaryExpression>('UnaryExpression', inner, { operator: '!', operand: this.b.call('includes', [this.expression(map), key()], inner) });
    const entry = (): A.IndexExpression => this.b.make<A.IndexExpression>('IndexExpression', inner, { object: this.expression(map), index: key() });
    const assign = this.b.make<A.AssignmentStatement>('AssignmentStatement', inner, { annotations: [], operator: '=', target: entry(), value: this.expression(written[1]) });
    const block = this.b.make<A.Block>('Block', inner, { statements: [assign] });
    const guard = this.b.make<A.IfStatement>('IfStatement', statement, { annotations: [], condition: missing, consequent: block, alternate: null });
    if (!appended) return [...hold, guard];
    return [...hold, guard, this.b.make<A.ExpressionStatement>('ExpressionStatement', statement, { annotations: [], expression: this.b.call('push', [entry(), this.expression(appended[0])], call) })];
  }

  private statementError(call: SyntaxNode, statement: SyntaxNode, what: string, hint: string): A.ExpressionStatement {
    return this.b.make<A.ExpressionStatement>('ExpressionStatement', statement, { annotations: [], expression: this.b.errorNode(call, what, hint) });
  }

  /**
   * xs.pop(), xs.pop(0) (shift), xs.pop(-1) and xs.pop(k) of a whole literal k (splice(xs, k, 1)[0]):
   * each raises IndexError on an index the list does not have, where Whetstone's stop the program.
   */
  private pop(object: SyntaxNode, args: A.Expression[], node: SyntaxNode): A.Expression {
    const list = this.expression(object);
    const [index] = args;
    const whole = index?.type === 'Literal' && typeof index.value === 'number' && Number.isInteger(index.value) ? index.value : index?.type === 'UnaryExpression' && index.operator === '-' && index.operand.type === 'Literal' && index.operand.value === 1 ? -1 : undefined;
    if (!index || whole === -1) return this.b.call('pop', [list], node);
    if (whole === 0) return this.b.call('shift', [list], node);
    if (whole !== undefined && whole > 0) return this.b.make<A.IndexExpression>('IndexExpression', node, { object: this.b.call('splice', [list, index, this.b.literal(1, node)], node), index: this.b.literal(0, node) });
    // xs.pop(i) of a name or literal i: the index counted from the end when negative and checked
    // (Python raises IndexError past either end and TypeError for a float) just before the statement.
    const written = namedChildren(field(node, 'arguments') ?? node)[0];
    const problem = !this.before ? 'in a condition or lambda' : object.type !== 'identifier' || !written || !isPlainOperand(written) ? 'of other than a name, with other than a name or a number' : (sometimesRun(node) ?? this.callBefore(node));
    if (problem || !this.before) return this.b.errorNode(node, `xs.pop(i) ${problem ?? ''}`, 'Python counts a negative index from the end and raises past either end: name the list and the index, and pop in a statement of its own.');
    const at = this.fresh('at');
    const start = this.b.spanBetween(node.startIndex, node.startIndex);
    const length = (): A.Expression => this.b.call('len', [this.expression(object)], start);
    const binary = (operator: A.BinaryOperator, left: A.Expression, right: A.Expression): A.Expression => this.b.make<A.BinaryExpression>('BinaryExpression', start, { operator, left, right });
    const counted = this.b.make<A.ConditionalExpression>('ConditionalExpression', start, { condition: binary('<', this.expression(written), this.b.literal(0, start)), consequent: binary('+', this.expression(written), length()), alternate: this.expression(written) });
    const held = (): A.Expression => this.b.identifier(at, start);
    const inside = binary('&&', binary('&&', binary('>=', held(), this.b.literal(0, start)), binary('<', held(), length())), binary('==', this.b.call('floor', [held()], start), held()));
    this.before.push(
      this.b.make<A.VariableDeclaration>('VariableDeclaration', start, { name: at, kind: 'const', varType: null, annotations: [], initializer: counted }),
      this.b.make<A.ExpressionStatement>('ExpressionStatement', start, { annotations: [], expression: this.b.call('assert', [inside, this.b.literal('pop index out of range', start)], start) }),
    );
    return this.b.make<A.IndexExpression>('IndexExpression', node, { object: this.b.call('splice', [list, held(), this.b.literal(1, node)], node), index: this.b.literal(0, node) });
  }

  /**
   * `list(map(f, xs))`, `list(filter(f, xs))` and `functools.reduce(f, xs[, start])`: map, filter
   * and reduce with the list first. f is a lambda or a function of this file, called with the
   * element only (the total and the element for reduce), as Python calls it: one taking more would
   * be passed the index in Whetstone. map and filter give iterators, read lazily; inside list(…)
   * they are read at once, as Whetstone's lists are made.
   */
  private walkCall(name: string, args: A.Expression[], node: SyntaxNode): A.Expression | undefined {
    const takes = name === 'reduce' ? 2 : 1;
    const [callback, list, initial] = args;
    if (!callback || !list || args.length > (name === 'reduce' ? 3 : 2)) return undefined;
    const params = callback.type === 'Lambda' ? callback.parameters.length : callback.type === 'Identifier' ? this.signatures.get(callback.name)?.length : undefined;
    if (params !== takes) {
      return this.b.errorNode(node, `${name}(…) of something other than a lambda or a function of this file of ${takes} parameter${takes === 1 ? '' : 's'}`, `Python calls it with ${takes === 1 ? 'the element' : 'the total and the element'}; Whetstone's ${name} passes the index to a function that takes one more. Write a lambda of ${takes === 1 ? 'one parameter' : 'two parameters'}.`);
    }
    if (name !== 'reduce') {
      const argumentList = node.parent;
      const outer = argumentList?.parent;
      // Each of these reads the whole iterator at once, and does nothing else meanwhile that could tell.
      const reader = outer?.type === 'call' ? field(outer, 'function') : null;
      const readWhole = reader?.type === 'identifier' ? ['list', 'sum', 'sorted', 'min', 'max'].includes(reader.text) && !this.signatures.has(reader.text) : reader?.type === 'attribute' && field(reader, 'attribute')?.text === 'join';
      const inList = argumentList?.type === 'argument_list' && namedChildren(argumentList).length === 1 && readWhole;
      if (!inList) return this.b.errorNode(node, `${name}(…) other than inside list(…), sum(…), sorted(…), min(…), max(…) or a join`, `Python's ${name} gives an iterator, read as it is walked; write list(${name}(…)) to make the list at once, as Whetstone's ${name} does.`);
    }
    const call = this.b.call(name, [list, callback, ...(initial ? [initial] : [])], node);
    // Python's walks take any iterable, as a for loop does: a text by its characters, a dict by its keys.
    markGeneratorWalk(this.b, call);
    return call;
  }

  /** Whether `callee` is Python's map or filter, which may take a built-in as their function. */
  private walkOfBuiltin(callee: SyntaxNode): boolean {
    return callee.type === 'identifier' && (callee.text === 'map' || callee.text === 'filter') && !this.signatures.has(callee.text) && !this.scope.declared.has(callee.text);
  }

  /** `int` in `map(int, xs)`: the built-in as a lambda of one parameter, whose call is read as the file's own call of it. */
  private builtinAsLambda(name: SyntaxNode): A.Lambda | undefined {
    if (name.type !== 'identifier' || !ONE_ARGUMENT_BUILTINS.has(name.text) || this.signatures.has(name.text) || this.scope.declared.has(name.text) || this.scope.outer.has(name.text)) return undefined;
    const item = this.fresh('item');
    const parameter = this.b.make<A.Parameter>('Parameter', this.b.spanBetween(name.startIndex, name.startIndex), { name: item, paramType: null, defaultValue: null });
    const body = this.builtinCall(name, [this.b.identifier(item, name)], name);
    return body && this.b.make<A.Lambda>('Lambda', name, { parameters: [parameter], returnType: null, body });
  }

  /** A string literal's value, or undefined for an f-string or bytes. */
  private plainString(node: SyntaxNode): string | undefined {
    const start = namedChildren(node).find((child) => child.type === 'string_start')?.text ?? '"';
    const prefix = start.replace(/["']+$/, '').toLowerCase();
    if (prefix.includes('f') || prefix.includes('b')) return undefined;
    const body = node.text.slice(start.length, node.text.length - start.replace(/^[A-Za-z]+/, '').length);
    return prefix.includes('r') ? body : decodeEscapes(body);
  }

  private string(node: SyntaxNode): A.Expression {
    if (node.type !== 'string') return this.expression(node);
    const start = namedChildren(node).find((child) => child.type === 'string_start')?.text ?? '"';
    const prefix = start.replace(/["']+$/, '').toLowerCase();
    if (prefix.includes('b')) return this.b.errorNode(node, 'a bytes literal');
    if (!prefix.includes('f')) return this.b.literal(this.plainString(node) ?? '', node);
    // An f-string: its text parts and str() of each interpolation, joined.
    const parts: A.Expression[] = [];
    let text = '';
    for (const child of namedChildren(node)) {
      if (child.type === 'string_content') {
        text += prefix.includes('r') ? child.text : decodeEscapes(child.text.replace(/\{\{/g, '{').replace(/\}\}/g, '}'));
      } else if (child.type === 'interpolation') {
        const spec = field(child, 'format_specifier');
        if (field(child, 'type_conversion') || (spec && namedChildren(spec).length > 0)) return this.b.errorNode(node, 'an f-string with a conversion (!r, !s) or a nested field in its format');
        // {x=} writes the expression's text and its repr before the value.
        if (child.children.some((part) => part?.type === '=')) return this.b.errorNode(node, 'an f-string with = (the expression\'s text and repr written before its value)', 'Write the text out: f"x={x}".');
        if (text !== '') parts.push(this.b.literal(text, child));
        text = '';
        const inner = field(child, 'expression') ?? namedChildren(child)[0];
        if (inner && spec) parts.push(formatValue(this.b, this.expression(inner), spec.text.replace(/^:/, ''), child));
        else if (inner) parts.push(this.b.call('str', [this.expression(inner)], child));
      }
    }
    if (text !== '') parts.push(this.b.literal(text, node));
    if (parts.length === 0) return this.b.literal('', node);
    return parts.reduce((left, right) => this.b.make<A.BinaryExpression>('BinaryExpression', node, { operator: '+', left, right }));
  }
}

/** Where a scope uses a name: its offset, the blocks around it, and whether it is an assignment (a statement of its block). */
interface Occurrence {
  offset: number;
  chain: number[];
  assignment: boolean;
  direct: boolean;
}

function emptyScope(): ScopeNames {
  return { hoisted: new Map(), assignments: new Map(), declared: new Set(), outer: new Set() };
}

function optional(type: string): string {
  return type === 'any' || type.endsWith('?') ? type : `${type}?`;
}

function enclosingDef(node: SyntaxNode): SyntaxNode | undefined {
  for (let at = node.parent; at; at = at.parent) if (at.type === 'function_definition' || at.type === 'lambda') return at;
  return undefined;
}

function isTarget(node: SyntaxNode): boolean {
  return node.type === 'identifier' || node.type === 'attribute' || node.type === 'subscript';
}

function isDocstring(node: SyntaxNode): boolean {
  return node.type === 'expression_statement' && namedChildren(node).length === 1 && namedChildren(node)[0].type === 'string';
}

function unparenthesize(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (current.type === 'parenthesized_expression' && namedChildren(current)[0]) current = namedChildren(current)[0];
  return current;
}

/** `doctest.testmod(…)` or `doctest.run_docstring_examples(…)`. */
function isTestRun(call: SyntaxNode): boolean {
  const callee = field(call, 'function');
  const object = callee?.type === 'attribute' ? field(callee, 'object') : undefined;
  return object?.type === 'identifier' && TEST_MODULES.has(object.text);
}

function describe(node: SyntaxNode): string {
  return node.type.replace(/_/g, ' ');
}

/** The module's statements with `if __name__ == "__main__":` replaced by its body (it runs as a script). */
function expandMain(body: SyntaxNode[]): SyntaxNode[] {
  return body.flatMap((node) => {
    if (node.type !== 'if_statement' || namedChildren(node).some((child) => child.type === 'elif_clause' || child.type === 'else_clause')) return [node];
    const condition = field(node, 'condition')?.text.replace(/\s+/g, '').replace(/'/g, '"');
    if (condition !== '__name__=="__main__"') return [node];
    return namedChildren(field(node, 'consequence') ?? node);
  });
}

/** Whether a Python integer literal is a 32-bit signed integer (the bit operators of Whetstone keep only those bits). */
function fitsInt32(text: string): boolean {
  const value = Number(text.replace(/_/g, ''));
  return Number.isSafeInteger(value) && value >= -(2 ** 31) && value < 2 ** 31;
}

/** `a, b` or `(a, b)` on the left of an assignment. */
/** Where Python runs `node` only sometimes within its statement: the right of `and`/`or`, a branch of a conditional. */
/** A dict's pop: with a default (a list's pop takes one argument) or of a text literal key. */
function isDictPop(call: SyntaxNode): boolean {
  const args = namedChildren(field(call, 'arguments') ?? call);
  if (args.some((arg) => ['keyword_argument', 'list_splat', 'dictionary_splat'].includes(arg.type))) return false;
  return args.length === 2 || (args.length === 1 && args[0].type === 'string');
}

function sometimesRun(node: SyntaxNode): string | undefined {
  for (let child = node, parent = node.parent; parent && parent.type !== 'expression_statement' && parent.type !== 'return_statement'; child = parent, parent = parent.parent) {
    if (parent.type === 'boolean_operator' && field(parent, 'left')?.id !== child.id) return `after ${field(parent, 'operator')?.text ?? 'and'}, which Python runs only sometimes`;
    if (parent.type === 'conditional_expression') return 'inside a conditional expression, which Python runs only sometimes';
    if (parent.type === 'lambda') return 'inside a lambda';
  }
  return undefined;
}

/** Whether `node` is what a call calls (`obj.m` of `obj.m(…)`). */
function isCallee(node: SyntaxNode): boolean {
  return node.parent?.type === 'call' && field(node.parent, 'function')?.id === node.id;
}

/** An integer's digits for a message, shortened in the middle when long. */
function shortInteger(digits: string): string {
  return digits.length > 40 ? `${digits.slice(0, 18)}…${digits.slice(-18)}` : digits;
}

function isUnpacking(node: SyntaxNode): boolean {
  return node.type === 'pattern_list' || node.type === 'tuple_pattern';
}

/** The two names of `dict(zip(ks, vs))`, in a file that defines neither dict nor zip; undefined for anything else. */
function dictOfZip(node: SyntaxNode, source: string): SyntaxNode[] | undefined {
  const argsOf = (call: SyntaxNode, name: string): SyntaxNode[] | undefined => {
    const callee = call.type === 'call' ? field(call, 'function') : undefined;
    return callee?.type === 'identifier' && callee.text === name && !new RegExp(`^\\s*(def\\s+${name}\\b|${name}\\s*=)`, 'm').test(source) ? namedChildren(field(call, 'arguments') ?? call) : undefined;
  };
  const [inner] = argsOf(node, 'dict') ?? [];
  const lists = inner && argsOf(inner, 'zip');
  return lists?.length === 2 && lists.every((list) => list.type === 'identifier') && namedChildren(field(node, 'arguments') ?? node).length === 1 ? lists : undefined;
}

/** Whether `node` is `sorted(d.items())`, in a file (`source`) that does not define its own sorted. */
/**
 * Why the tuple `return a, b` returns may be seen as other than its values: undefined when the
 * return is in a function of the file defined once, and every use of its name is a call unpacked
 * into names (`q, r = f(…)`), so nothing shows, compares or keeps the tuple.
 */
function onlyUnpacked(node: SyntaxNode): string | undefined {
  let fn = node.parent;
  while (fn && fn.type !== 'function_definition' && fn.type !== 'lambda') fn = fn.parent;
  const name = fn?.type === 'function_definition' ? field(fn, 'name') : null;
  if (!fn || !name) return 'other than a def';
  const root = node.tree.rootNode;
  const uses = root.descendantsOfType('identifier').filter((found) => found !== null && found.text === name.text && found.id !== name.id);
  if (root.descendantsOfType('function_definition').filter((other) => field(other!, 'name')?.text === name.text).length > 1) return 'defined more than once';
  const unpacked = (use: SyntaxNode): boolean => {
    const call = use.parent;
    const assignment = call?.parent;
    return call?.type === 'call' && field(call, 'function')?.id === use.id && assignment?.type === 'assignment' && field(assignment, 'right')?.id === call.id && ['pattern_list', 'tuple_pattern'].includes(field(assignment, 'left')?.type ?? '');
  };
  return uses.every(unpacked) ? undefined : 'whose calls do other than unpack it into names (q, r = f(…))';
}

function sortedItems(node: SyntaxNode, source: string): boolean {
  const callee = node.type === 'call' ? field(node, 'function') : undefined;
  const args = node.type === 'call' ? namedChildren(field(node, 'arguments') ?? node) : [];
  if (callee?.type !== 'identifier' || callee.text !== 'sorted' || /^\s*(def\s+sorted\b|sorted\s*=)/m.test(source) || args.length !== 1 || args[0].type !== 'call') return false;
  const inner = field(args[0], 'function');
  return inner?.type === 'attribute' && field(inner, 'attribute')?.text === 'items' && namedChildren(field(args[0], 'arguments') ?? args[0]).length === 0;
}

/** Whether the call `node` is walked once where it stands: a for loop's iterable, list(…)'s argument, or str.join's. */
function walkedOnce(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (parent?.type === 'for_statement') return field(parent, 'right')?.id === node.id;
  if (parent?.type !== 'argument_list' || namedChildren(parent).length !== 1) return false;
  const callee = parent.parent ? field(parent.parent, 'function') : undefined;
  return callee?.type === 'identifier' ? callee.text === 'list' : callee?.type === 'attribute' && field(callee, 'attribute')?.text === 'join';
}

/** The names a function or lambda binds for itself: parameters and assigned names, less those it says are global or nonlocal. */
function ownLocals(node: SyntaxNode): Set<string> {
  const fn = node.type === 'decorated_definition' ? field(node, 'definition') : node;
  if (!fn || (fn.type !== 'function_definition' && fn.type !== 'lambda')) return new Set();
  const locals = new Set<string>();
  for (const param of namedChildren(field(fn, 'parameters') ?? fn)) {
    const name = param.type === 'identifier' ? param : (field(param, 'name') ?? namedChildren(param).find((child) => child.type === 'identifier'));
    if (name?.type === 'identifier') locals.add(name.text);
  }
  for (const bound of fn.descendantsOfType(['assignment', 'augmented_assignment', 'for_statement'])) {
    const left = bound ? field(bound, 'left') : undefined;
    if (left?.type === 'identifier') locals.add(left.text);
  }
  for (const statement of fn.descendantsOfType(['global_statement', 'nonlocal_statement'])) {
    for (const name of namedChildren(statement!)) locals.delete(name.text);
  }
  return locals;
}

/** The start of `enumerate(xs)` (null) or of `enumerate(xs, n)` / `enumerate(xs, start=n)` with n a whole number literal; undefined for other calls. */
function enumerateStart(args: SyntaxNode[]): SyntaxNode | null | undefined {
  if (args.length === 0 || args.length > 2 || ['keyword_argument', 'list_splat', 'dictionary_splat'].includes(args[0].type)) return undefined;
  if (args.length === 1) return null;
  const keyword = args[1].type === 'keyword_argument';
  const written = keyword ? (field(args[1], 'name')?.text === 'start' ? field(args[1], 'value') : undefined) : args[1];
  const number = written?.type === 'unary_operator' && written.text.startsWith('-') ? namedChildren(written)[0] : written;
  return number?.type === 'integer' ? written : undefined;
}

/** A name or a literal (a number, a text without interpolation, True, False, None): evaluated twice or not at all, the same. */
/** A number written out as sum's start (not -0.0, which Whetstone's sum from 0 would make 0). */
function isNumberStart(node: SyntaxNode | undefined): boolean {
  const number = node?.type === 'unary_operator' && field(node, 'operator')?.text === '-' ? field(node, 'argument') : node;
  if (number?.type !== 'integer' && number?.type !== 'float') return false;
  return !(node !== number && Number(number.text.replace(/_/g, '')) === 0);
}

function isPlainOperand(node: SyntaxNode): boolean {
  if (['identifier', 'integer', 'float', 'true', 'false', 'none'].includes(node.type)) return true;
  // A field of a name (`self.tags`): any other attribute read is refused where it is read.
  if (node.type === 'attribute') return field(node, 'object')?.type === 'identifier';
  if (node.type === 'string') return !namedChildren(node).some((child) => child.type === 'interpolation');
  return node.type === 'unary_operator' && ['integer', 'float'].includes(namedChildren(node)[0]?.type ?? '');
}

/** Whether a name is one side of `is None` or `is not None`. */
function isNoneTest(node: SyntaxNode): boolean {
  const comparison = node.parent;
  if (comparison?.type !== 'comparison_operator') return false;
  const operands = namedChildren(comparison);
  const operators = comparison.children.filter((child) => child && !child.isNamed).map((child) => child!.text);
  return operands.length === 2 && operands.some((operand) => operand.type === 'none') && (operators.join(' ') === 'is' || operators.join(' ') === 'is not');
}

/** `[]`, `[0, 0]`: a list literal of plain operands. */
function isListOfPlain(node: SyntaxNode): boolean {
  return node.type === 'list' && namedChildren(node).every(isPlainOperand);
}

/** A plain operand, or arithmetic of plain operands (`v // 10`, `target - n`): read twice, the same, and nothing else happens. */
function isArithmeticOfPlain(node: SyntaxNode): boolean {
  if (isPlainOperand(node)) return true;
  if (node.type === 'parenthesized_expression') return namedChildren(node).length === 1 && isArithmeticOfPlain(namedChildren(node)[0]);
  if (node.type !== 'binary_operator') return false;
  const operator = field(node, 'operator')?.text ?? '';
  return ['+', '-', '*', '/', '//', '%'].includes(operator) && [field(node, 'left'), field(node, 'right')].every((side) => (side ? isArithmeticOfPlain(side) : false));
}

/** A zip argument whose evaluation has no effect and cannot fail: a name, or a slice of a name with whole number or name bounds. */
function isPlainValue(node: SyntaxNode): boolean {
  const simple = (part: SyntaxNode | undefined): boolean =>
    !part ||
    part.type === 'identifier' ||
    part.type === 'integer' ||
    (part.type === 'unary_operator' && simple(namedChildren(part)[0])) ||
    (part.type === 'binary_operator' && ['+', '-'].includes(field(part, 'operator')?.text ?? '') && simple(field(part, 'left')) && simple(field(part, 'right')));
  if (node.type === 'identifier') return true;
  if (node.type !== 'subscript') return false;
  const value = field(node, 'value');
  const slices = namedChildren(node).filter((child) => child.id !== value?.id);
  return value?.type === 'identifier' && slices.length === 1 && slices[0].type === 'slice' && slices[0].text.split(':').length === 2 && namedChildren(slices[0]).every(simple);
}

/** Whether `body` assigns the plain name `name` (an assignment, a for loop's name, del, :=). */
function assignsName(body: SyntaxNode, name: string): boolean {
  for (const found of body.descendantsOfType(['assignment', 'augmented_assignment', 'for_statement', 'delete_statement', 'named_expression'])) {
    const target = found ? (field(found, 'left') ?? field(found, 'name') ?? namedChildren(found)[0]) : undefined;
    if (!target) continue;
    const targets = target.type === 'identifier' ? [target] : target.descendantsOfType('identifier').filter((id) => id?.parent === target || id?.parent?.type === 'pattern_list' || id?.parent?.type === 'tuple_pattern');
    if (targets.some((id) => id?.text === name)) return true;
  }
  return false;
}

/** Python's functions and methods that change nothing and show nothing: a loop moved before them cannot tell. */
const PURE_FUNCTIONS = new Set(['len', 'str', 'repr', 'abs', 'min', 'max', 'sum', 'sorted', 'list', 'range', 'reversed', 'int', 'float', 'ord', 'chr', 'round', 'isinstance', 'any', 'all']);
const PURE_METHODS = new Set(['lower', 'upper', 'strip', 'lstrip', 'rstrip', 'split', 'join', 'replace', 'startswith', 'endswith', 'count', 'find', 'index', 'keys', 'values', 'items', 'get', 'copy']);

const DICT_CHANGES = new Set(['pop', 'popitem', 'clear', 'update', 'setdefault']);
/** Python's functions that read what they are given and change nothing. */
const READING_FUNCTIONS = new Set(['print', 'len', 'str', 'repr', 'sorted', 'list', 'min', 'max', 'sum', 'abs', 'isinstance']);

/**
 * Why `for k, v in d.items()` cannot walk keys(d) reading d[k]: the body may add or remove a key
 * (Python stops with RuntimeError) or assign d (Python's loop keeps the old dict). Setting d[k]
 * at the loop's own key changes no size, so it is allowed.
 */
function itemsProblem(body: SyntaxNode, dict: string, key: string): string | undefined {
  if (assignsName(body, dict) || assignsName(body, key)) return `body assigns ${assignsName(body, dict) ? dict : key}`;
  for (const found of body.descendantsOfType(['subscript', 'call', 'delete_statement'])) {
    if (!found) continue;
    if (found.type === 'delete_statement') return 'body deletes';
    if (found.type === 'call') {
      const callee = field(found, 'function');
      if (callee?.type === 'attribute' && field(callee, 'object')?.text === dict && DICT_CHANGES.has(field(callee, 'attribute')?.text ?? '')) return `body changes the keys of ${dict}`;
      const reading = callee?.type === 'identifier' && READING_FUNCTIONS.has(callee.text);
      if (!reading && namedChildren(field(found, 'arguments') ?? found).some((arg) => arg.text === dict)) return `body passes ${dict} to a function`;
      continue;
    }
    const value = field(found, 'value');
    const written = found.parent && ['assignment', 'augmented_assignment'].includes(found.parent.type) && field(found.parent, 'left')?.id === found.id;
    const index = namedChildren(found).filter((child) => child.id !== value?.id);
    if (written && value?.text === dict && !(index.length === 1 && index[0].text === key)) return `body sets a key of ${dict} other than ${key}`;
  }
  return undefined;
}
