// Whetstone AST to Python 3 in PEP 8 layout (4-space indent, two blank lines around top-level
// definitions). What differs between the languages and how it is bridged:
// - Scopes: Python scopes by function, Whetstone by block. A block declaration that would hide an
//   outer one of the same function is renamed (x → x_2), and a function that assigns a name of an
//   enclosing function or of the module says nonlocal / global.
// - Functions are hoisted in Whetstone: types and functions are written first, then the
//   top-level statements in order. A lambda with a block body becomes a local def before the
//   statement that uses it (`const f = fn(…) {…}` is simply `def f(…):`).
// - Objects are dicts: a field is `o["x"]` (a member that is called, or of a module, stays an
//   attribute). A default that is not a literal is evaluated per call (`x=None`, then set).
// - Numbers: `/` and `%` go through helpers unless the divisor makes Python's operator agree;
//   print and str show values as Whetstone does (see runtime-python.ts). Whetstone's -0 is the
//   float -0.0: a negation, a product, floor or ceil that could make it of an int goes through a
//   helper; a range whose bounds may not all be ints goes through number_range (Python's range
//   takes ints only; its first value is -0.0 from a start of -0). Whetstone's numbers are
//   doubles, Python's ints exact: an int that `+`, `-` or `*` may make beyond 2^53 becomes its
//   float there (double, multiply), unless its operands are known to stay small (number-facts.ts).
// - Texts compare and sort by their UTF-16 code units (utf16_order), as Whetstone's do.
// - Texts are measured and cut in UTF-16 units (length_of, item_at, slice_of, index_of), and an
//   index outside a list is an error, not counted from the end (item_at, index_in), unless it is
//   known to be a whole number from 0 up (number-facts.ts). A cut inside a character above U+FFFF
//   gives its half (a lone surrogate); a program that can hold one joins texts through concat and
//   paired, which put two halves back together as JavaScript does (mayHoldHalves).
// - @performance(memoize|cache) becomes @functools.cache; other annotations become comments.
import type * as A from '../../core/ast';
import { walk } from '../../core/ast';
import { turnNameCapture } from '../loop-closures';
import { BUILTINS, parseTypeSyntax, stripOptional, type TypeSyntax } from '../../core/semantics';
import { TEXT_KINDS } from '../text-kinds';
import { binaryFragment, CodeWriter, fragment, wrap, type Fragment } from '../writer';
import { alwaysStops, annotationsOf, annotationText, chosenValue, GenerationContext, isMemoAnnotation, isPure, memoizable, numberText, type GenerateOptions, type GenerateResult } from './common';
import { keyedByOtherThanTexts, MAP_SHOWN_BY_NODE } from './map-keys';
import { EXACT_WHOLE_LIMIT, exactWithin, NumberFacts } from './number-facts';
import { pyHelperImports, pyHelperSource, pyHelperUses, type PyHelper, type PyHelperOptions } from './runtime-python';

// Precedence, higher binds tighter (Python's grammar). Comparisons chain in Python, so both
// operands of a comparison that are comparisons themselves get parentheses.
const LAMBDA = 1;
const CONDITIONAL = 2;
const OR = 3;
const AND = 4;
const NOT = 5;
const COMPARE = 6;
const BIT_OR = 7;
const BIT_XOR = 8;
const BIT_AND = 9;
const SHIFT = 10;
const ADD = 11;
const MULTIPLY = 12;
const UNARY = 13;
const POWER = 14;
const AWAIT = 15;
const POSTFIX = 16;
const PRIMARY = 17;
const BINARY: Record<A.BinaryOperator, number> = {
  '||': OR,
  '&&': AND,
  '==': COMPARE,
  '!=': COMPARE,
  '<': COMPARE,
  '<=': COMPARE,
  '>': COMPARE,
  '>=': COMPARE,
  '|': BIT_OR,
  '^': BIT_XOR,
  '&': BIT_AND,
  '<<': SHIFT,
  '>>': SHIFT,
  '+': ADD,
  '-': ADD,
  '*': MULTIPLY,
  '/': MULTIPLY,
  '%': MULTIPLY,
  '**': POWER,
};
/** The Python class of each type a type test takes but number (a bool is an int in Python). */
const PY_TESTED_TYPES: Record<string, string | undefined> = { string: 'str', bool: 'bool', list: 'list' };
const BIT_OPERATORS: ReadonlySet<A.BinaryOperator> = new Set(['&', '|', '^', '<<', '>>']);
const OPERATOR: Partial<Record<A.BinaryOperator, string>> = { '||': 'or', '&&': 'and' };

const KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield print len range min max abs list dict str float int json math functools isinstance round map reversed sorted re bool'.split(
    ' ',
  ),
);

/** A Python function (or the module) while it is written: its block frames and what it assigns of outer ones. */
interface PyScope {
  readonly parent: PyScope | null;
  /** Innermost last: Whetstone name → Python name. */
  readonly frames: Map<string, string>[];
  /** Python names in use in this function. */
  readonly used: Set<string>;
  readonly outerWrites: Map<string, 'global' | 'nonlocal'>;
}

export function generatePython(program: A.Program, options: GenerateOptions = {}): GenerateResult {
  return new PythonGenerator(program, options).run();
}

class PythonGenerator {
  private readonly ctx: GenerationContext;
  private readonly numbers: NumberFacts;
  private readonly stdImports = new Set<string>();
  private scope: PyScope;
  private readonly module: PyScope;
  /** Local defs for block lambdas, written before the statement that uses them. */
  private pending: string[] = [];
  private lambdaCount = 0;
  private readonly snakeNames = new Map<string, string>();
  private readonly moduleImports = new Set<string>();
  private readonly typeNames: string[];
  private readonly typesWritten = new Set<string>();
  private writingType: string | undefined;
  /** Whether the program can hold half of a character above U+FFFF (see mayHoldHalves). */
  private readonly halves: PyHelperOptions;

  constructor(
    private readonly program: A.Program,
    options: GenerateOptions,
  ) {
    this.ctx = new GenerationContext(program);
    this.numbers = new NumberFacts(program, this.ctx.model);
    this.halves = { halves: this.mayHoldHalves() };
    this.module = { parent: null, frames: [new Map()], used: new Set(), outerWrites: new Map() };
    this.scope = this.module;
    this.typeNames = program.children.filter((child): child is A.TypeDeclaration => child.type === 'TypeDeclaration').map((child) => child.name);
    if (options.pythonNames === 'snake_case') this.planSnakeCase();
  }

  run(): GenerateResult {
    // Module-level names that are hoisted in Whetstone: imports, types and functions.
    for (const child of this.program.children) {
      if (child.type === 'FunctionDeclaration' || child.type === 'TypeDeclaration') this.declare(child.name, child.type === 'TypeDeclaration');
      if (child.type === 'ImportDeclaration') {
        const names = child.names.length > 0 ? child.names : [child.module.split('.')[0]];
        for (const name of names) this.declare(name, true);
        if (child.names.length === 0) this.moduleImports.add(child.module.split('.')[0]);
      }
      // Top-level variables are visible in every function (they run later), wherever declared.
      if (child.type === 'VariableDeclaration') this.declare(child.name);
    }
    const types = new CodeWriter('    ');
    const functions = new CodeWriter('    ');
    const statements = new CodeWriter('    ');
    const children = this.program.children;
    for (let index = 0; index < children.length; index++) {
      const child = children[index];
      if (child.type === 'TypeDeclaration') {
        types.blank(2);
        this.typeDeclaration(types, child);
      } else if (child.type === 'FunctionDeclaration') {
        functions.blank(2);
        this.functionDeclaration(functions, child);
      } else if (child.type !== 'ImportDeclaration') {
        if (this.chosen(statements, child, children[index + 1])) index++;
        else this.statement(statements, child);
      }
    }
    const imports = this.program.children.filter((child): child is A.ImportDeclaration => child.type === 'ImportDeclaration');
    const head = new CodeWriter('    ');
    // A helper that calls others is written with them.
    for (let i = 0; i < this.ctx.usedHelpers().length; i++) for (const used of pyHelperUses(this.ctx.usedHelpers()[i] as PyHelper, this.halves)) this.ctx.helper(used);
    const std = [...this.stdImports, ...this.ctx.usedHelpers().flatMap((helper) => pyHelperImports(helper as PyHelper, this.halves))];
    const typing = std.filter((name) => name.startsWith('typing.')).map((name) => name.slice(7));
    for (const name of [...new Set(std.filter((name) => !name.startsWith('typing.')))].sort()) head.line(`import ${name}`);
    if (typing.length > 0) head.line(`from typing import ${[...new Set(typing)].sort().join(', ')}`);
    if (imports.length > 0) head.blank();
    for (const node of imports) {
      head.line(node.names.length > 0 ? `from ${node.module} import ${node.names.join(', ')}` : `import ${node.module}`);
    }
    for (const helper of this.ctx.usedHelpers() as PyHelper[]) {
      head.blank(2);
      head.line(pyHelperSource(helper, (base) => this.ctx.helper(base), this.halves));
    }
    const sections = [head.toString(), types.toString(), functions.toString(), statements.toString()].filter((text) => text !== '');
    return { code: sections.join('\n\n'), diagnostics: this.ctx.diagnostics };
  }

  /**
   * Whether the program can hold half of a character above U+FFFF, a lone surrogate: it cuts a
   * value that may be a text by UTF-16 units (an index, `slice`, `split` by a separator that may be
   * empty), writes a half in a literal, or imports from another module, whose functions may give
   * one. Only then are texts joined through concat and paired, which put two halves back together
   * as JavaScript does (a Python str keeps them two code points, not equal to the character), and
   * a half printed is Node's U+FFFD: every other program is written without that cost.
   */
  private mayHoldHalves(): boolean {
    let halves = false;
    walk(this.program, (node) => {
      if (halves) return;
      if (node.type === 'ImportDeclaration') halves = true;
      else if (node.type === 'Literal') halves = typeof node.value === 'string' && hasHalf(node.value);
      else if (node.type === 'Property') halves = hasHalf(node.key);
      else if (node.type === 'IndexExpression') halves = !this.isDict(node) && !this.ctx.isKind(node.object, 'list');
      else if (node.type === 'CallExpression' && (this.isBuiltin(node.callee, 'slice') || this.isBuiltin(node.callee, 'stepSlice'))) halves = node.arguments[0] !== undefined && !this.ctx.isKind(node.arguments[0], 'list');
      else if (node.type === 'CallExpression' && (this.isBuiltin(node.callee, 'substring') || this.isBuiltin(node.callee, 'charAt'))) halves = true;
      else if (node.type === 'CallExpression' && this.isBuiltin(node.callee, 'split')) halves = !wholeSeparator(node.arguments[1]);
    });
    return halves;
  }

  // ---------------------------------------------------------------------------------------------
  // Names

  private planSnakeCase(): void {
    const declared = new Set<string>();
    const collect = (node: A.Node): void => {
      if (node.type === 'FunctionDeclaration' || node.type === 'VariableDeclaration' || node.type === 'Parameter') declared.add(node.name);
      if (node.type === 'ForStatement') declared.add(node.iterator);
      if (node.type === 'TryStatement') declared.add(node.catchName);
    };
    const walkAll = (node: A.Node): void => {
      collect(node);
      for (const value of Object.values(node) as unknown[]) {
        if (Array.isArray(value)) for (const item of value) if (item && typeof item === 'object' && 'type' in item) walkAll(item as A.Node);
        if (value && typeof value === 'object' && !Array.isArray(value) && 'type' in value) walkAll(value as A.Node);
      }
    };
    walkAll(this.program);
    const taken = new Set(declared);
    for (const name of declared) {
      const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();
      if (snake !== name && !taken.has(snake)) {
        this.snakeNames.set(name, snake);
        taken.add(snake);
      }
    }
  }

  /** The Python spelling of a Whetstone name (keywords and the built-ins generated code uses get a trailing _). */
  private nameOf(name: string): string {
    const base = this.snakeNames.get(name) ?? name;
    return KEYWORDS.has(base) ? `${base}_` : base;
  }

  /** Declares a name in the innermost frame; renamed when it would hide a visible name of this function. */
  private declare(name: string, keep = false): string {
    const frames = this.scope.frames;
    let python = keep ? name : this.nameOf(name);
    const hides = frames.some((frame) => frame.has(name));
    if (hides) {
      const base = python;
      for (let n = 2; this.scope.used.has(python); n++) python = `${base}_${n}`;
    }
    frames[frames.length - 1].set(name, python);
    this.scope.used.add(python);
    return python;
  }

  /** The Python name a Whetstone name refers to here, and how far out it was declared. */
  private resolve(name: string): { python: string; scope: PyScope | null } {
    for (let scope: PyScope | null = this.scope; scope; scope = scope.parent) {
      for (let i = scope.frames.length - 1; i >= 0; i--) {
        const python = scope.frames[i].get(name);
        if (python !== undefined) return { python, scope };
      }
    }
    // A name the program does not declare keeps its spelling (renaming it would only hide it).
    return { python: BUILTINS.has(name) ? this.nameOf(name) : (this.snakeNames.get(name) ?? name), scope: null };
  }

  private withFrame<T>(body: () => T): T {
    this.scope.frames.push(new Map());
    try {
      return body();
    } finally {
      this.scope.frames.pop();
    }
  }

  /** Writes a def's body in a scope of its own; returns its text and the nonlocal/global lines. */
  private functionBody(parameters: readonly A.Parameter[], statements: () => void): { globals: string[] } {
    const outer = this.scope;
    this.scope = { parent: outer, frames: [new Map()], used: new Set(), outerWrites: new Map() };
    try {
      for (const param of parameters) this.declare(param.name);
      statements();
      const lines: string[] = [];
      const globals = [...this.scope.outerWrites].filter(([, kind]) => kind === 'global').map(([name]) => name);
      const nonlocals = [...this.scope.outerWrites].filter(([, kind]) => kind === 'nonlocal').map(([name]) => name);
      if (globals.length > 0) lines.push(`global ${globals.join(', ')}`);
      if (nonlocals.length > 0) lines.push(`nonlocal ${nonlocals.join(', ')}`);
      return { globals: lines };
    } finally {
      this.scope = outer;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Types

  private type(text: string | null): string {
    if (text === null) return 'Any';
    const syntax = parseTypeSyntax(text);
    return syntax ? this.typeSyntax(syntax) : 'Any';
  }

  private typeSyntax(syntax: TypeSyntax): string {
    let base: string;
    if (syntax.form === 'group') {
      base = this.typeSyntax(syntax.inner);
    } else {
      const args = syntax.args.map((arg) => this.typeSyntax(arg));
      switch (syntax.name) {
        case 'number':
          base = 'float';
          break;
        case 'string':
          base = 'str';
          break;
        case 'bool':
          base = 'bool';
          break;
        case 'void':
        case 'null':
          base = 'None';
          break;
        case 'any':
          this.stdImports.add('typing.Any');
          base = 'Any';
          break;
        case 'list':
          base = `list[${args[0] ?? 'Any'}]`;
          break;
        case 'map':
          base = `dict[${args[0] ?? 'str'}, ${args[1] ?? 'Any'}]`;
          break;
        default:
          base = syntax.name;
      }
    }
    return syntax.optional ? `${base} | None` : base;
  }

  private typeDeclaration(w: CodeWriter, node: A.TypeDeclaration): void {
    this.comments(w, node.annotations);
    this.stdImports.add('typing.TypedDict');
    w.line(`class ${node.name}(TypedDict):`);
    this.writingType = node.name;
    w.indented(() => {
      if (node.fields.length === 0) w.line('pass');
      for (const field of node.fields) w.line(`${field.name}: ${this.quotedType(field.fieldType)}`);
    });
    this.writingType = undefined;
    this.typesWritten.add(node.name);
  }

  /**
   * A type in a signature or class body. Types are written before functions, so a signature never
   * needs quotes; a field that names its own type or one declared after it is quoted.
   */
  private quotedType(text: string | null): string {
    const type = this.type(text);
    if (this.writingType === undefined) return type;
    const later = this.typeNames.filter((name) => !this.typesWritten.has(name) || name === this.writingType);
    return later.some((name) => new RegExp(`\\b${name}\\b`).test(type)) ? JSON.stringify(type) : type;
  }

  // ---------------------------------------------------------------------------------------------
  // Functions

  private comments(w: CodeWriter, annotations: readonly A.Annotation[]): void {
    for (const annotation of annotations) w.line(`# ${annotationText(annotation)}`);
  }

  private functionDeclaration(w: CodeWriter, node: A.FunctionDeclaration): void {
    const memo = node.annotations.find(isMemoAnnotation);
    const applied = memo !== undefined && memoizable(node);
    this.comments(w, node.annotations.filter((annotation) => !(applied && annotation === memo)));
    if (applied) {
      this.stdImports.add('functools');
      w.line('@functools.cache');
    }
    const returns = node.returnType !== null ? ` -> ${this.quotedType(node.returnType)}` : '';
    this.def(w, `${node.async ? 'async ' : ''}def ${this.resolve(node.name).python}`, node.parameters, returns, node.body.statements);
  }

  /** A def: header, global/nonlocal lines, per-call defaults, body (or pass). */
  private def(w: CodeWriter, head: string, parameters: readonly A.Parameter[], returns: string, statements: readonly A.Statement[]): void {
    const body = new CodeWriter('    ');
    const perCallDefaults: A.Parameter[] = [];
    let params = '';
    const { globals } = this.functionBody(
      parameters,
      () => {
        params = parameters
          .map((param) => {
            const name = this.resolve(param.name).python;
            const type = param.paramType !== null ? `: ${this.quotedType(param.paramType)}` : '';
            if (!param.defaultValue) return `${name}${type}`;
            const literal = param.defaultValue.type === 'Literal';
            if (!literal) perCallDefaults.push(param);
            const value = literal ? this.expression(param.defaultValue).text : 'None';
            return type === '' ? `${name}=${value}` : `${name}${type} = ${value}`;
          })
          .join(', ');
        for (const param of perCallDefaults) {
          const name = this.resolve(param.name).python;
          body.line(`if ${name} is None:`);
          body.indented(() => body.line(`${name} = ${this.expression(param.defaultValue!).text}`));
        }
        this.statements(body, statements);
      },
    );
    w.line(`${head}(${params})${returns}:`);
    w.indented(() => {
      for (const line of globals) w.line(line);
      const text = body.toString().trimEnd();
      w.line(text === '' ? 'pass' : text);
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Statements

  private statements(w: CodeWriter, statements: readonly A.Statement[]): void {
    for (let index = 0; index < statements.length; index++) {
      if (this.chosen(w, statements[index], statements[index + 1])) index++;
      else this.statement(w, statements[index]);
    }
  }

  /** Writes `x = a if c else b` for a declaration and the if/else that chooses its value; false when they are not that. */
  private chosen(w: CodeWriter, first: A.Node, second: A.Node | undefined): boolean {
    const chosen = chosenValue(first, second);
    if (!chosen) return false;
    const condition = wrap(this.expression(chosen.condition), OR);
    const value = `${wrap(this.expression(chosen.whenTrue), OR)} if ${condition} else ${wrap(this.expression(chosen.whenFalse), CONDITIONAL)}`;
    const topLevel = this.scope === this.module && this.scope.frames.length === 1;
    const name = topLevel ? this.resolve(chosen.declaration.name).python : this.declare(chosen.declaration.name);
    const type = chosen.declaration.varType !== null ? `: ${this.quotedType(chosen.declaration.varType)}` : '';
    this.emit(w, `${name}${type} = ${value}`);
    return true;
  }

  private block(w: CodeWriter, block: A.Block): void {
    w.indented(() =>
      this.withFrame(() => {
        const before = w.length;
        this.statements(w, block.statements);
        if (w.length === before) w.line('pass');
      }),
    );
  }

  /** Writes `line` after the local defs its expressions needed. */
  private emit(w: CodeWriter, line: string): void {
    for (const def of this.pending) {
      w.line(def);
    }
    this.pending = [];
    w.line(line);
  }

  private statement(w: CodeWriter, node: A.Statement): void {
    this.comments(w, annotationsOf(node));
    switch (node.type) {
      case 'VariableDeclaration': {
        if (node.initializer?.type === 'Lambda') {
          // `const f = fn(…) { … }` is a def (PEP 8 prefers a def to a lambda bound to a name).
          const lambda = node.initializer;
          const topLevel = this.scope === this.module && this.scope.frames.length === 1;
          const name = topLevel ? this.resolve(node.name).python : this.declare(node.name);
          const body: A.Statement[] =
            lambda.body.type === 'Block' ? lambda.body.statements : [{ type: 'ReturnStatement', id: `${lambda.id}:return`, span: lambda.body.span, annotations: [], value: lambda.body }];
          if (topLevel) w.blank(2);
          this.def(w, `def ${name}`, lambda.parameters, lambda.returnType !== null ? ` -> ${this.quotedType(lambda.returnType)}` : '', body);
          if (topLevel) w.blank(2);
          return;
        }
        const value = node.initializer ? this.expression(node.initializer).text : 'None';
        const topLevel = this.scope === this.module && this.scope.frames.length === 1;
        const name = topLevel ? this.resolve(node.name).python : this.declare(node.name);
        const type = node.varType !== null && node.initializer ? `: ${this.quotedType(node.varType)}` : '';
        this.emit(w, `${name}${type} = ${value}`);
        return;
      }
      case 'AssignmentStatement':
        this.assignment(w, node);
        return;
      case 'MultipleAssignment': {
        // Python evaluates the whole right side before assigning, as Whetstone does.
        const values = node.values.map((value) => this.expression(value).text).join(', ');
        this.emit(w, `${node.targets.map((target) => this.target(target)).join(', ')} = ${values}`);
        return;
      }
      case 'ReturnStatement':
        this.emit(w, node.value ? `return ${this.expression(node.value).text}` : 'return');
        return;
      case 'IfStatement':
        this.ifStatement(w, node, 'if');
        return;
      case 'WhileStatement':
        this.reportTurnCapture(node);
        this.emit(w, `while ${this.expression(node.condition).text}:`);
        this.block(w, node.body);
        return;
      case 'ForStatement': {
        this.reportTurnCapture(node);
        const iterable = this.iterable(node.iterable);
        this.withFrame(() => {
          const iterator = this.declare(node.iterator);
          this.emit(w, `for ${iterator} in ${iterable}:`);
          this.block(w, node.body);
        });
        return;
      }
      case 'BreakStatement':
        w.line('break');
        return;
      case 'ContinueStatement':
        w.line('continue');
        return;
      case 'ThrowStatement':
        this.emit(w, `raise ${this.ctx.helper('WhetstoneError')}(${this.expression(node.value).text})`);
        return;
      case 'TryStatement':
        this.tryStatement(w, node);
        return;
      case 'ExpressionStatement': {
        const stop = alwaysStops(node.expression, (callee) => this.isBuiltin(callee, 'assert'));
        if (stop) {
          this.emit(w, `raise AssertionError(${stop.message ? this.expression(stop.message).text : '"assertion failed"'})`);
          return;
        }
        this.emit(w, this.expression(node.expression).text);
        return;
      }
      case 'ErrorNode':
        this.ctx.unfaithful(node, 'Python', `source that did not parse (${node.text.slice(0, 60)})`);
        w.line(`# not carried: ${node.text.split('\n')[0]}`);
        return;
    }
  }

  /**
   * `try: … except WhetstoneError as caught: e = str(caught) …`: the except takes only Whetstone's
   * throws (a failed assert and Python's own errors go on), and the handler knows the message by
   * the catch name.
   */
  private tryStatement(w: CodeWriter, node: A.TryStatement): void {
    const errorClass = this.ctx.helper('WhetstoneError');
    const caught = this.ctx.freshName('caught');
    this.emit(w, 'try:');
    this.block(w, node.body);
    w.line(`except ${errorClass} as ${caught}:`);
    w.indented(() =>
      this.withFrame(() => {
        const name = this.declare(node.catchName);
        w.line(`${name} = str(${caught})`);
        this.statements(w, node.handler.statements);
      }),
    );
  }

  private assignment(w: CodeWriter, node: A.AssignmentStatement): void {
    if (node.operator === '+=' && this.joinsTexts(node.target, node.value)) {
      this.appendText(w, node.target, node.value);
      return;
    }
    // `s = s + t` grows s as `s += t` does.
    const value = node.value;
    if (node.operator === '=' && node.target.type === 'Identifier' && value.type === 'BinaryExpression' && value.operator === '+' && value.left.type === 'Identifier' && value.left.name === node.target.name && this.joinsTexts(value.left, value.right)) {
      this.appendText(w, node.target, value.right);
      return;
    }
    const target = this.target(node.target);
    if (node.operator === '/=' && !this.plainDivisor(node.value)) {
      this.emit(w, `${target} = ${this.ctx.helper('divide')}(${target}, ${this.expression(node.value).text})`);
      return;
    }
    if (node.operator === '*=' && !this.plainProduct(node.target, node.value)) {
      this.emit(w, `${target} = ${this.ctx.helper('multiply')}(${target}, ${this.expression(node.value).text})`);
      return;
    }
    const operator = node.operator === '+=' ? '+' : node.operator === '-=' ? '-' : node.operator === '*=' ? '*' : undefined;
    if (operator && this.mayPassExactWholes(operator, node.target, node.value)) {
      const value = binaryFragment(operator, fragment(target, POSTFIX), this.expression(node.value), BINARY[operator]);
      this.emit(w, `${target} = ${this.ctx.helper('double')}(${value.text})`);
      return;
    }
    this.emit(w, `${target} ${node.operator} ${this.expression(node.value).text}`);
  }

  /**
   * `target += value` of texts in a program that can hold halves: concat, which joins a first half
   * at the end of the target and a second half at the start of the value into their character.
   * A text a name holds keeps Python's `+=` unless it ends with a first half: `+=` grows a text
   * in place when nothing else holds it, where a call copies the whole text every time.
   */
  private appendText(w: CodeWriter, targetNode: A.Expression, value: A.Expression): void {
    const target = this.target(targetNode);
    const added = this.expression(value).text;
    const concat = this.ctx.helper('concat');
    if (targetNode.type === 'Identifier' && this.ctx.isKind(targetNode, 'string')) {
      this.emit(w, `if "\\ud800" <= ${target}[-1:] < "\\udc00":`);
      w.indented(() => w.line(`${target} = ${concat}(${target}, ${added})`));
      w.line('else:');
      w.indented(() => w.line(`${target} += ${added}`));
      return;
    }
    const joined = `${concat}(${target}, ${added})`;
    this.emit(w, `${target} = ${this.mayPassExactWholes('+', targetNode, value) ? `${this.ctx.helper('double')}(${joined})` : joined}`);
  }

  /**
   * Whether `a + b` may join a first half of a character above U+FFFF at the end of `a` and a
   * second half at the start of `b`, in a program that can hold halves: neither side is known to
   * be a number, and neither is known to end (`a`) or start (`b`) otherwise.
   */
  private joinsTexts(left: A.Expression, right: A.Expression): boolean {
    if (!this.halves.halves || this.ctx.isKind(left, 'number', 'bool') || this.ctx.isKind(right, 'number', 'bool')) return false;
    return this.mayHaveHalfAt(left, 'end') && this.mayHaveHalfAt(right, 'start');
  }

  /**
   * Whether a text may start with a second half or end with a first half of a character above
   * U+FFFF: not a literal that does not, `str` of a number (its digits), or texts joined whose
   * part at that end does not (nor the part beyond it, where the first may be empty).
   */
  private mayHaveHalfAt(node: A.Expression, at: 'start' | 'end'): boolean {
    if (node.type === 'Literal') return typeof node.value === 'string' && (at === 'end' ? /[\ud800-\udbff]$/ : /^[\udc00-\udfff]/).test(node.value);
    if (this.numberShown(node)) return false;
    if (node.type !== 'BinaryExpression' || node.operator !== '+') return true;
    const [near, far] = at === 'end' ? [node.right, node.left] : [node.left, node.right];
    const empty = !(near.type === 'Literal' && near.value !== '') && !this.numberShown(near);
    return this.mayHaveHalfAt(near, at) || (empty && this.mayHaveHalfAt(far, at));
  }

  /** `str(x)` of a number or bool: its digits or true/false, never empty. */
  private numberShown(node: A.Expression): boolean {
    return node.type === 'CallExpression' && this.isBuiltin(node.callee, 'str') && node.arguments.length === 1 && this.ctx.isKind(node.arguments[0], 'number', 'bool');
  }

  /** An assignment target; a name of an enclosing function or the module is declared nonlocal / global. */
  private target(node: A.Expression): string {
    if (node.type === 'IndexExpression') return this.index(node, true).text;
    if (node.type !== 'Identifier') return this.expression(node).text;
    const { python, scope } = this.resolve(node.name);
    if (scope && scope !== this.scope) this.scope.outerWrites.set(python, scope === this.module ? 'global' : 'nonlocal');
    return python;
  }

  private ifStatement(w: CodeWriter, node: A.IfStatement, keyword: 'if' | 'elif'): void {
    this.emit(w, `${keyword} ${this.expression(node.condition).text}:`);
    this.block(w, node.consequent);
    const alternate = node.alternate;
    if (alternate?.type === 'IfStatement' && alternate.annotations.length === 0) {
      this.ifStatement(w, alternate, 'elif');
    } else if (alternate) {
      w.line('else:');
      if (alternate.type === 'Block') this.block(w, alternate);
      else w.indented(() => this.withFrame(() => this.statement(w, alternate)));
    }
  }

  /**
   * Whetstone's range as Python's: Python's own where every bound is known to be an int here;
   * otherwise number_range, which counts as JavaScript does where a bound has a fraction, is NaN or
   * infinite (Python's range takes ints only), and gives -0.0 first from a start of -0.0.
   */
  private range(args: readonly A.Expression[], texts: readonly string[] = args.map((arg) => this.expression(arg).text)): string {
    if (args.every((arg) => this.numbers.pythonInt(arg))) return `range(${texts.join(', ')})`;
    return `${this.ctx.helper('number_range')}(${texts.join(', ')})`;
  }

  /** What a for loop walks: range(…) stays a range (no list is made). */
  private iterable(node: A.Expression): string {
    if (node.type === 'CallExpression' && this.isBuiltin(node.callee, 'range')) return this.range(node.arguments);
    return this.expression(node).text;
  }

  // ---------------------------------------------------------------------------------------------
  // Expressions

  private isBuiltin(callee: A.Expression, name?: string): boolean {
    if (callee.type !== 'Identifier' || (name !== undefined && callee.name !== name) || !BUILTINS.has(callee.name)) return false;
    const symbol = this.ctx.model.symbolOf(callee.id);
    return !symbol || symbol.kind === 'builtin';
  }

  /** Whether `x / d` and `x % d` mean in Python what they mean in Whetstone: d a nonzero number literal. */
  private plainDivisor(node: A.Expression): boolean {
    return node.type === 'Literal' && typeof node.value === 'number' && node.value !== 0;
  }

  expression(node: A.Expression): Fragment {
    switch (node.type) {
      case 'Identifier':
        return fragment(this.resolve(node.name).python, PRIMARY);
      case 'Literal':
        return this.literal(node);
      case 'BinaryExpression':
        return this.binary(node);
      case 'ConditionalExpression': {
        const [condition, consequent, alternate] = [node.condition, node.consequent, node.alternate].map((part) => this.expression(part));
        return fragment(`${wrap(consequent, OR)} if ${wrap(condition, OR)} else ${wrap(alternate, CONDITIONAL)}`, CONDITIONAL);
      }
      case 'TypeTest':
        return this.typeTest(node);
      case 'UnaryExpression': {
        const operand = this.expression(node.operand);
        if (node.operator === 'await') return fragment(`await ${wrap(operand, AWAIT)}`, AWAIT);
        if (node.operator === '!') return fragment(`not ${wrap(operand, NOT)}`, NOT);
        // The negation of the int 0 is -0 in Whetstone, which a Python int cannot hold: negate makes it -0.0.
        const literal = node.operand.type === 'Literal' && typeof node.operand.value === 'number' ? node.operand.value : undefined;
        if (literal === 0) return fragment(Object.is(literal, -0) ? '0' : '-0.0', UNARY);
        if (literal === undefined) return fragment(`${this.ctx.helper('negate')}(${operand.text})`, POSTFIX);
        const text = wrap(operand, UNARY);
        return fragment(`-${text.startsWith('-') ? `(${text})` : text}`, UNARY);
      }
      case 'CallExpression':
        return this.call(node);
      case 'MemberExpression':
        return this.member(node, false);
      case 'IndexExpression':
        return this.index(node, false);
      case 'ArrayLiteral':
        return fragment(`[${node.elements.map((element) => this.expression(element).text).join(', ')}]`, PRIMARY);
      case 'ObjectLiteral':
        return fragment(`{${node.properties.map((property) => `${JSON.stringify(property.key)}: ${this.expression(property.value).text}`).join(', ')}}`, PRIMARY);
      case 'Lambda':
        return this.lambda(node);
      case 'ErrorNode':
        this.ctx.unfaithful(node, 'Python', `source that did not parse (${node.text.slice(0, 60)})`);
        return fragment('None', PRIMARY);
    }
  }

  /**
   * `x is T`. A Whetstone number is a Python int or float, never a bool, though Python's bool is an
   * int (`isinstance(True, int)`), so a number is `type(x) in (int, float)`; the rest are
   * `isinstance`. The operand is evaluated once.
   */
  private typeTest(node: A.TypeTest): Fragment {
    const operand = this.expression(node.operand);
    if (node.testedType === 'number') return fragment(`type(${operand.text}) in (int, float)`, COMPARE);
    const pythonType = PY_TESTED_TYPES[node.testedType];
    if (pythonType === undefined) {
      this.ctx.unfaithful(node, 'Python', `a type test of '${node.testedType}', which no value can be told by when the program runs`);
      return fragment('False', PRIMARY);
    }
    return fragment(`isinstance(${operand.text}, ${pythonType})`, POSTFIX);
  }

  private literal(node: A.Literal): Fragment {
    const { value } = node;
    if (value === null) return fragment('None', PRIMARY);
    if (typeof value === 'boolean') return fragment(value ? 'True' : 'False', PRIMARY);
    if (typeof value === 'string') return fragment(JSON.stringify(value), PRIMARY);
    if (Number.isNaN(value) || !Number.isFinite(value)) {
      this.stdImports.add('math');
      return fragment(Number.isNaN(value) ? 'math.nan' : value > 0 ? 'math.inf' : '-math.inf', Number.isNaN(value) || value > 0 ? POSTFIX : UNARY);
    }
    // A Python int has no -0: Whetstone's -0 is the float -0.0.
    if (Object.is(value, -0)) return fragment('-0.0', UNARY);
    // Beyond 2^53 a whole number is the double Whetstone holds, a float: an int would be exact.
    const text = numberText(value);
    const float = Math.abs(value) > EXACT_WHOLE_LIMIT && /^-?\d+$/.test(text) ? `${text}.0` : text;
    return fragment(float, value < 0 ? UNARY : PRIMARY);
  }

  private binary(node: A.BinaryExpression): Fragment {
    const left = this.expression(node.left);
    const right = this.expression(node.right);
    const precedence = BINARY[node.operator];
    if (node.operator === '/' && !this.plainDivisor(node.right)) return fragment(`${this.ctx.helper('divide')}(${left.text}, ${right.text})`, POSTFIX);
    if (node.operator === '%' && !this.plainRemainder(node)) return fragment(`${this.ctx.helper('remainder')}(${left.text}, ${right.text})`, POSTFIX);
    if (node.operator === '**') {
      this.reportRoundedPower(node, node.left, node.right);
      if (!plainPower(node)) return fragment(`${this.ctx.helper('power')}(${left.text}, ${right.text})`, POSTFIX);
      return fragment(`${wrap(left, AWAIT)} ** ${wrap(right, UNARY)}`, POWER);
    }
    if (node.operator === '*' && !this.plainProduct(node.left, node.right)) return fragment(`${this.ctx.helper('multiply')}(${left.text}, ${right.text})`, POSTFIX);
    if (node.operator === '+' && this.joinsTexts(node.left, node.right)) {
      // Two halves of a character above U+FFFF, at the end of one text and the start of the other, join into it.
      const joined = `${this.ctx.helper('concat')}(${left.text}, ${right.text})`;
      return fragment(this.mayPassExactWholes('+', node.left, node.right) ? `${this.ctx.helper('double')}(${joined})` : joined, POSTFIX);
    }
    if ((node.operator === '+' || node.operator === '-' || node.operator === '*') && this.mayPassExactWholes(node.operator, node.left, node.right)) {
      return fragment(`${this.ctx.helper('double')}(${binaryFragment(node.operator, left, right, precedence).text})`, POSTFIX);
    }
    if (BIT_OPERATORS.has(node.operator)) return this.bitwise(node, left, right);
    if (precedence === COMPARE) {
      let operator: string = node.operator;
      if (this.ordersTexts(node)) {
        // Python orders texts by code points, Whetstone by UTF-16 code units.
        const order = this.ctx.helper('utf16_order');
        return fragment(`${order}(${left.text}) ${operator} ${order}(${right.text})`, COMPARE);
      }
      const againstNull = [node.left, node.right].some((side) => side.type === 'Literal' && side.value === null);
      const byIdentity = [node.left, node.right].every((side) => this.ctx.isKind(side, 'list', 'object', 'named', 'map'));
      if ((againstNull || byIdentity) && (operator === '==' || operator === '!=')) operator = operator === '==' ? 'is' : 'is not';
      // Comparisons chain in Python: an operand that is a comparison keeps its parentheses.
      return fragment(`${wrap(left, COMPARE + 1)} ${operator} ${wrap(right, COMPARE + 1)}`, COMPARE);
    }
    return binaryFragment(OPERATOR[node.operator] ?? node.operator, left, right, precedence);
  }

  /**
   * Whetstone's bit operators are JavaScript's: on the operands as 32-bit signed integers, the
   * shift count taken modulo 32. Python's work on integers of any size (and refuse floats), so the
   * operands go through the int32 helper unless they are 32-bit already, and `<<` is wrapped.
   */
  private bitwise(node: A.BinaryExpression, left: Fragment, right: Fragment): Fragment {
    const int32 = (operand: A.Expression, text: Fragment): string => (isInt32(operand) ? wrap(text, BINARY[node.operator] + 1) : `${this.ctx.helper('int32')}(${text.text})`);
    const count = (): string => {
      const value = node.right.type === 'Literal' ? node.right.value : undefined;
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 32 ? right.text : `(${int32(node.right, right)} & 31)`;
    };
    if (node.operator === '<<') return fragment(`${this.ctx.helper('int32')}(${int32(node.left, left)} << ${count()})`, POSTFIX);
    if (node.operator === '>>') return fragment(`${int32(node.left, left)} >> ${count()}`, SHIFT);
    const precedence = BINARY[node.operator];
    return fragment(`${int32(node.left, left)} ${node.operator} ${int32(node.right, right)}`, precedence);
  }

  /**
   * Whether `<`, `<=`, `>` or `>=` may compare texts (the checker's types: neither side a number),
   * where Python's order (code points) is not Whetstone's (UTF-16 code units). Against a text
   * literal of characters below U+D800 the two orders agree, so `c >= "a"` stays as it is.
   */
  private ordersTexts(node: A.BinaryExpression): boolean {
    if (!['<', '<=', '>', '>='].includes(node.operator)) return false;
    const sides = [node.left, node.right];
    if (sides.some((side) => this.ctx.isKind(side, 'number', 'bool'))) return false;
    return !sides.some((side) => side.type === 'Literal' && typeof side.value === 'string' && !/[\ud800-\uffff]/.test(side.value));
  }

  /**
   * Whether Python's `a * b` is Whetstone's: it is not when the int 0 meets a negative int, whose
   * product is -0 (Python's is the int 0, which has no sign). It is when either side is a number
   * literal above zero (the product's sign is the other side's, which Python keeps) or neither can
   * be below zero.
   */
  private plainProduct(left: A.Expression, right: A.Expression): boolean {
    const positive = (side: A.Expression): boolean => side.type === 'Literal' && typeof side.value === 'number' && side.value > 0;
    return positive(left) || positive(right) || (this.numbers.fromZero(left) && this.numbers.fromZero(right));
  }

  /**
   * A power that may be rounded (not a whole number within 2^53) is reported: Python's math.pow
   * is the C library's and Node's Math.pow V8's own, and they round about one such power in ten
   * differently in the last bit, which the printed number shows.
   */
  private reportRoundedPower(node: A.Node, base: A.Expression, exponent: A.Expression): void {
    if (this.numbers.exactPower(base, exponent)) return;
    this.ctx.unfaithful(node, 'Python', "a power that may not be a whole number below 2^53: Python's math.pow and Node's Math.pow may round it differently in its last digit");
  }

  /**
   * Whether `a op b` may make a Python int beyond 2^53, where Whetstone's double rounds: not for
   * texts joined, a float operand (Python's arithmetic on it is a double's), or operands whose
   * bounds keep the result within 2^53 (a counter plus one, a length less one).
   */
  private mayPassExactWholes(operator: '+' | '-' | '*', left: A.Expression, right: A.Expression): boolean {
    if (this.ctx.isKind(left, 'string') || this.ctx.isKind(right, 'string')) return false;
    if (this.numbers.pythonFloat(left) || this.numbers.pythonFloat(right)) return false;
    return !exactWithin(this.numbers.resultMagnitude(operator, left, right));
  }

  /** `a % d` with a positive literal d is Python's % when only compared with 0 (the sign does not matter then). */
  private plainRemainder(node: A.BinaryExpression): boolean {
    if (!(node.right.type === 'Literal' && typeof node.right.value === 'number' && node.right.value > 0)) return false;
    if (node.left.type === 'Literal' && typeof node.left.value === 'number' && node.left.value >= 0) return true;
    const parent = this.ctx.model.nodeById(this.parentIdOf(node) ?? '');
    return (
      parent?.type === 'BinaryExpression' &&
      (parent.operator === '==' || parent.operator === '!=') &&
      [parent.left, parent.right].some((side) => side.type === 'Literal' && side.value === 0)
    );
  }

  /** A list the checker knows holds only numbers. */
  private isNumberList(node: A.Expression): boolean {
    if (node.type === 'ArrayLiteral') return node.elements.every((element) => this.ctx.isKind(element, 'number'));
    const type = this.ctx.typeOf(node);
    return type?.kind === 'list' && stripOptional(type.element).kind === 'number';
  }

  private parents: Map<string, string> | undefined;
  private parentIdOf(node: A.Node): string | undefined {
    if (!this.parents) {
      const parents = new Map<string, string>();
      const visit = (current: A.Node): void => {
        for (const value of Object.values(current) as unknown[]) {
          const children = Array.isArray(value) ? value : [value];
          for (const child of children) {
            if (child && typeof child === 'object' && 'type' in child && 'id' in child) {
              parents.set((child as A.Node).id, current.id);
              visit(child as A.Node);
            }
          }
        }
      };
      visit(this.program);
      this.parents = parents;
    }
    return this.parents.get(node.id);
  }

  /**
   * `xs[i]`. Reading a map is `m.get(k)`, which is None for a missing key as in Whetstone (m[k]
   * raises). A list or text goes through item_at (index_in for a write): an index outside 0 …
   * len - 1 is an error in Whetstone, where Python counts a negative one from the end, refuses a
   * whole float and counts a text in code points rather than UTF-16 units. A list at an index
   * known to be a whole number from 0 up needs no helper: Python's IndexError past the end is the
   * error.
   */
  private index(node: A.IndexExpression, asTarget: boolean): Fragment {
    const objectFragment = this.expression(node.object);
    const object = wrap(objectFragment, POSTFIX);
    const index = this.mapKey(node.object, node.index, this.expression(node.index).text);
    // Reading a missing key is null in Whetstone (and undefined in JavaScript), a KeyError for
    // dict[k]: a map, a record or object, or anything indexed by a string is a dict here.
    if (this.isDict(node)) return fragment(asTarget ? `${object}[${index}]` : `${object}.get(${index})`, POSTFIX);
    if (this.ctx.isKind(node.object, 'list') && this.numbers.wholeFromZero(node.index)) return fragment(`${object}[${index}]`, POSTFIX);
    if (!asTarget) return fragment(`${this.ctx.helper('item_at')}(${objectFragment.text}, ${index})`, POSTFIX);
    // The list is named twice (written in, and measured), so it must be the same list both times.
    if (isPure(node.object)) return fragment(`${object}[${this.ctx.helper('index_in')}(${objectFragment.text}, ${index})]`, POSTFIX);
    this.ctx.unfaithful(node, 'Python', 'an element written in a list that a call gives (its index is not checked)');
    return fragment(`${object}[${index}]`, POSTFIX);
  }

  /**
   * A key of a map keyed by numbers or any values (map-keys.ts) as JavaScript's Map compares it:
   * through map_key when it may be -0.0 or a NaN, which a dict keeps apart or never finds.
   */
  private mapKey(map: A.Expression, key: A.Expression, text: string): string {
    if (!keyedByOtherThanTexts(this.ctx.typeOf(map)) || this.ctx.isKind(key, 'string', 'bool')) return text;
    if (key.type === 'Literal' && (typeof key.value === 'string' || (typeof key.value === 'number' && key.value !== 0))) return text;
    return `${this.ctx.helper('map_key')}(${text})`;
  }

  /** Whether `xs[i]` reads a dict: a map, a record or object, or anything indexed by a string. */
  private isDict(node: A.IndexExpression): boolean {
    return this.ctx.isKind(node.object, 'map', 'object', 'named') || (this.ctx.isKind(node.index, 'string') && !this.ctx.isKind(node.object, 'list', 'string'));
  }

  private member(node: A.MemberExpression, called: boolean): Fragment {
    const object = this.expression(node.object);
    const attribute = called || this.ctx.isKind(node.object, 'module') || (node.object.type === 'Identifier' && this.moduleImports.has(node.object.name));
    if (attribute) return fragment(`${wrap(object, POSTFIX)}.${node.property}`, POSTFIX);
    return fragment(`${wrap(object, POSTFIX)}[${JSON.stringify(node.property)}]`, POSTFIX);
  }

  /** A function made in the loop that may run after its turn and reads a name of the turn (loop-closures.ts). */
  private reportTurnCapture(loop: A.WhileStatement | A.ForStatement): void {
    const found = turnNameCapture(loop);
    if (found) this.ctx.unfaithful(found.lambda, 'Python', `a function made in a loop that reads ${found.name}: Whetstone gives each turn its own ${found.name}, a Python closure sees the variable's last value when it runs after its turn`);
  }

  private lambda(node: A.Lambda): Fragment {
    if (node.body.type === 'Block') {
      // A block body cannot be a Python lambda: it becomes a local def before the statement.
      const name = this.declare(`_lambda${++this.lambdaCount}`, true);
      const def = new CodeWriter('    ');
      const saved = this.pending;
      this.pending = [];
      this.def(def, `def ${name}`, node.parameters, '', node.body.statements);
      this.pending = [...saved, def.toString().trimEnd()];
      return fragment(name, PRIMARY);
    }
    let text = '';
    this.functionBody(
      node.parameters,
      () => {
        const params = node.parameters
          .map((param) => (param.defaultValue ? `${this.resolve(param.name).python}=${this.expression(param.defaultValue).text}` : this.resolve(param.name).python))
          .join(', ');
        const body = this.expression(node.body as A.Expression);
        text = `lambda${params === '' ? '' : ` ${params}`}: ${wrap(body, LAMBDA)}`;
      },
    );
    return fragment(text, LAMBDA);
  }

  /** The text built-ins: str's methods where they mean the same, a helper where Python's differ. */
  private textCall(name: string, args: Fragment[]): Fragment | undefined {
    const all = args.map((arg) => arg.text).join(', ');
    const receiver = args[0] ? wrap(args[0], POSTFIX) : '';
    const rest = args.slice(1).map((arg) => arg.text).join(', ');
    switch (name) {
      case 'upper':
      case 'lower':
        // Python's Unicode tables may be older than Node's.
        return fragment(`${this.ctx.helper(`${name}_text`)}(${all})`, POSTFIX);
      case 'trim':
        return fragment(`${this.ctx.helper('trim_text')}(${all})`, POSTFIX);
      case 'trimStart':
      case 'trimEnd':
        return fragment(`${this.ctx.helper('trim_text')}(${all}, "${name === 'trimStart' ? 'start' : 'end'}")`, POSTFIX);
      case 'startsWith':
      case 'endsWith':
        return fragment(`${receiver}.${name.toLowerCase()}(${rest})`, POSTFIX);
      case 'replace':
        // str.replace puts the new text before each code point for an empty old one, as Whetstone's does.
        return fragment(`${receiver}.replace(${rest})`, POSTFIX);
      case 'countOf':
        return fragment(`${receiver}.count(${rest})`, POSTFIX);
      case 'substring':
        return fragment(`${this.ctx.helper('substring_of')}(${all})`, POSTFIX);
      case 'padStart':
      case 'padEnd':
        return fragment(`${this.ctx.helper('pad_text')}(${all}${name === 'padEnd' ? `${args.length === 2 ? ', " "' : ''}, "end"` : ''})`, POSTFIX);
      case 'charCodeAt':
        return fragment(`${this.ctx.helper('char_code_at')}(${all})`, POSTFIX);
      case 'charAt':
        return fragment(`${this.ctx.helper('char_at')}(${all})`, POSTFIX);
      case 'fromCharCode':
        return fragment(`${this.ctx.helper('from_char_code')}(${all})`, POSTFIX);
      case 'trimChars':
        return fragment(`${receiver}.strip(${rest})`, POSTFIX);
      case 'trimStartChars':
      case 'trimEndChars':
        return fragment(`${receiver}.${name === 'trimStartChars' ? 'lstrip' : 'rstrip'}(${rest})`, POSTFIX);
      case 'splitWords':
        return fragment(`${receiver}.split()`, POSTFIX);
      case 'charsOf':
        return fragment(`list(${all})`, POSTFIX);
      case 'zeroFill':
        return fragment(`${this.ctx.helper('zero_fill')}(${all})`, POSTFIX);
      case 'repeatText':
        return fragment(`${this.ctx.helper('repeat_text')}(${all})`, POSTFIX);
      case 'replaceFirst':
        // str.replace puts the new text before the text for an empty old one, as replaceFirst does.
        return fragment(`${receiver}.replace(${rest}, 1)`, POSTFIX);
      case 'toFixed':
        this.ctx.helper('show'); // the infinities, NaN and sizes from 1e21 are shown through it
        return fragment(`${this.ctx.helper('fixed_digits')}(${all})`, POSTFIX);
      case 'formatFixed': {
        // Python's own format where the digits are a whole literal; float() as an int beyond 2^53 is kept a double.
        const digits = /^\d+$/.test(args[1]?.text ?? '') ? Number(args[1].text) : NaN;
        if (digits <= 100) return fragment(`format(float(${args[0].text}), ".${digits}f")`, POSTFIX);
        return fragment(`${this.ctx.helper('format_fixed')}(${all})`, POSTFIX);
      }
      case 'sign':
        return fragment(`${this.ctx.helper('sign_of')}(${all})`, POSTFIX);
      case 'radixText':
        return fragment(`${this.ctx.helper('radix_text')}(${all})`, POSTFIX);
      case 'jsTruthy':
        return fragment(`${this.ctx.helper('js_truthy')}(${all})`, POSTFIX);
      case 'pyEquals':
        return fragment(`(${args.map((arg) => arg.text).join(' == ')})`, POSTFIX);
      case 'pyTruthy':
        return fragment(`bool(${all})`, POSTFIX);
      case 'pyInt':
        return fragment(`${this.ctx.helper('py_int')}(${all})`, POSTFIX);
      case 'gcd':
      case 'isqrt':
      case 'factorial':
        return fragment(`${this.ctx.helper(`${name}_of`)}(${all})`, POSTFIX);
      case 'roundEven':
        // Python's round(x) is this rounding, and raises for NaN and the infinities.
        return fragment(`round(${all})`, POSTFIX);
      case 'parseInteger':
        return fragment(`${this.ctx.helper('parse_integer')}(${all})`, POSTFIX);
      case 'isInteger':
        // float() of an int beyond a double's range would raise; generated numbers stay within it.
        return fragment(`float(${all}).is_integer()`, POSTFIX);
      default: {
        // isAlpha … isUpper: str's tests, with Node's tables for the characters Unicode gave after Python's.
        const method = TEXT_KINDS.get(name);
        return method && args.length === 1 ? fragment(`${this.ctx.helper('text_kind')}(${all}, "${method}")`, POSTFIX) : undefined;
      }
    }
  }

  private call(node: A.CallExpression): Fragment {
    const args = node.arguments.map((arg) => this.expression(arg));
    const list = args.map((arg) => arg.text).join(', ');
    if (this.isBuiltin(node.callee)) {
      const name = (node.callee as A.Identifier).name;
      const [first] = node.arguments;
      const text = this.textCall(name, args);
      if (text) return text;
      const listCall = this.listCall(name, node, args);
      if (listCall) return listCall;
      switch (name) {
        case 'print': {
          // Node writes a half of a character above U+FFFF as U+FFFD, where Python's UTF-8 raises.
          if (this.halves.halves) this.ctx.helper('halves_written');
          // A map read at a key it does not hold is None, which show writes as null.
          const raw = (arg: A.Expression): boolean => this.ctx.isKind(arg, 'string') && !(arg.type === 'IndexExpression' && this.ctx.isKind(arg.object, 'map'));
          return fragment(`print(${node.arguments.map((arg, index) => (raw(arg) ? args[index].text : `${this.ctx.helper('show')}(${args[index].text})`)).join(', ')})`, POSTFIX);
        }
        case 'push':
          if (args.length === 2) return fragment(`${wrap(args[0], POSTFIX)}.append(${args[1].text})`, POSTFIX);
          break;
        case 'includes':
          if (first && node.arguments[1] && keyedByOtherThanTexts(this.ctx.typeOf(first))) return fragment(`${this.mapKey(first, node.arguments[1], args[1].text)} in ${wrap(args[0], COMPARE + 1)}`, COMPARE);
          return fragment(`${this.ctx.helper('contains')}(${list})`, POSTFIX);
        case 'split': {
          // str.split refuses an empty separator, where Whetstone's gives the characters.
          if (args.length === 2 && wholeSeparator(node.arguments[1])) return fragment(`${wrap(args[0], POSTFIX)}.split(${args[1].text})`, POSTFIX);
          return fragment(`${this.ctx.helper('split_text')}(${list})`, POSTFIX);
        }
        case 'join': {
          if (args.length !== 2 || !first) break;
          // str.join takes strings only; numbers (and anything unknown) are shown as str shows them.
          const items = this.ctx.typeOf(first);
          const strings = items?.kind === 'list' && items.element.kind === 'string';
          const joined = `${wrap(args[1], POSTFIX)}.join(${strings ? args[0].text : `map(${this.ctx.helper('show')}, ${args[0].text})`})`;
          // Two halves of a character above U+FFFF side by side join into it, as in JavaScript.
          return fragment(this.halves.halves ? `${this.ctx.helper('paired')}(${joined})` : joined, POSTFIX);
        }
        case 'reversed':
          return fragment(`list(reversed(${list}))`, POSTFIX);
        case 'reverse':
          if (args.length === 1) return fragment(`${wrap(args[0], POSTFIX)}.reverse()`, POSTFIX);
          break;
        case 'repeat':
          return fragment(`${this.ctx.helper('repeat_list')}(${list})`, POSTFIX);
        case 'sort':
        case 'sorted': {
          if (args.length === 0) break;
          // Python's sort takes a key; a comparison goes through functools.cmp_to_key.
          let order = '';
          if (args.length > 1) {
            this.stdImports.add('functools');
            order = `key=functools.cmp_to_key(${args[1].text})`;
          } else if (!this.isNumberList(node.arguments[0])) {
            // Texts in Whetstone's order, by UTF-16 code units (Python's compares code points).
            order = `key=${this.ctx.helper('utf16_order')}`;
          }
          if (name === 'sort') return fragment(`${wrap(args[0], POSTFIX)}.sort(${order})`, POSTFIX);
          return fragment(`sorted(${[args[0].text, order].filter((part) => part !== '').join(', ')})`, POSTFIX);
        }
        case 'indexOf':
          // str.find counts code points; index_of gives the UTF-16 offset, as in Whetstone.
          return fragment(`${this.ctx.helper('index_of')}(${list})`, POSTFIX);
        case 'lastIndexOf':
          return fragment(`${this.ctx.helper('last_index_of')}(${list})`, POSTFIX);
        case 'fill':
          return fragment(`${this.ctx.helper('fill_list')}(${list})`, POSTFIX);
        case 'len':
          // Python's len counts a text's code points; Whetstone's counts UTF-16 units.
          if (first && (this.ctx.isKind(first, 'list', 'map', 'object', 'named') || bmpLiteral(first))) return fragment(`len(${list})`, POSTFIX);
          return fragment(`${this.ctx.helper('length_of')}(${list})`, POSTFIX);
        case 'slice':
          return fragment(`${this.ctx.helper('slice_of')}(${list})`, POSTFIX);
        case 'countItems':
          return fragment(`${this.ctx.helper('count_items')}(${list})`, POSTFIX);
        case 'stepSlice':
          return fragment(`${this.ctx.helper('step_slice')}(${list})`, POSTFIX);
        case 'splice':
          return fragment(`${this.ctx.helper('splice_list')}(${list})`, POSTFIX);
        case 'removeKey':
          if (args.length === 2 && first && node.arguments[1]) return fragment(`${wrap(args[0], POSTFIX)}.pop(${this.mapKey(first, node.arguments[1], args[1].text)}, None)`, POSTFIX);
          break;
        case 'keys':
        case 'values':
          return fragment(`list(${wrap(args[0], POSTFIX)}.${name}())`, POSTFIX);
        case 'jsKeys':
        case 'jsValues':
          return fragment(`${this.ctx.helper('js_keys')}(${args[0].text}${name === 'jsValues' ? ', True' : ''})`, POSTFIX);
        case 'range':
          return fragment(`list(${this.range(node.arguments, args.map((arg) => arg.text))})`, POSTFIX);
        case 'floor':
        case 'ceil': {
          // floor(-0) and ceil of a number from -1 to 0 below zero are -0, which math's int cannot be;
          // beyond 2^53 math's int would be exact, where the double is whole already.
          const plain =
            first !== undefined && (name === 'floor' ? this.numbers.neverNegativeZero(first) : this.numbers.fromZero(first)) && exactWithin(this.numbers.magnitude(first));
          if (!plain) return fragment(`${this.ctx.helper(`${name}_of`)}(${list})`, POSTFIX);
          this.stdImports.add('math');
          return fragment(`math.${name}(${list})`, POSTFIX);
        }
        case 'round':
          return fragment(`${this.ctx.helper('round_half_away')}(${list})`, POSTFIX);
        case 'sqrt':
          return fragment(`${this.ctx.helper('square_root')}(${list})`, POSTFIX);
        case 'pow':
          if (node.arguments.length === 2) this.reportRoundedPower(node, node.arguments[0], node.arguments[1]);
          return fragment(`${this.ctx.helper('power')}(${list})`, POSTFIX);
        case 'str':
          if (first && this.ctx.isKind(first, 'string')) return args[0];
          return fragment(`${this.ctx.helper('show')}(${list})`, POSTFIX);
        case 'num':
          return fragment(`${this.ctx.helper('to_number')}(${list})`, POSTFIX);
        case 'pystr':
          this.ctx.helper('show'); // python_text shows numbers through it
          return fragment(`${this.ctx.helper('python_text')}(${list})`, POSTFIX);
        case 'jsstr':
          if (first && keyedByOtherThanTexts(this.ctx.typeOf(first))) this.ctx.unfaithful(node, 'Python', MAP_SHOWN_BY_NODE);
          this.ctx.helper('show'); // node_text shows numbers through it
          return fragment(`${this.ctx.helper('node_text')}(${list})`, POSTFIX);
        case 'int':
          return fragment(`${this.ctx.helper('to_int')}(${list})`, POSTFIX);
        case 'min':
        case 'max':
          // Python's min and max skip a NaN that is not first and take the first of 0 and -0.0.
          return fragment(`${this.ctx.helper(name === 'min' ? 'minimum' : 'maximum')}(${list})`, POSTFIX);
        case 'minOf':
        case 'maxOf':
          // The helpers give JavaScript's NaN and -0; the infinity first is the answer for an empty list, where Python's min raises.
          return fragment(`${this.ctx.helper(name === 'minOf' ? 'minimum' : 'maximum')}(float("${name === 'minOf' ? 'inf' : '-inf'}"), *${wrap(args[0], POSTFIX)})`, POSTFIX);
        case 'assert':
          return fragment(`${this.ctx.helper('assert_that')}(${list})`, POSTFIX);
        default:
          // abs means the same in Python.
          return fragment(`${name}(${list})`, POSTFIX);
      }
    }
    const callee = node.callee.type === 'MemberExpression' ? this.member(node.callee, true) : this.expression(node.callee);
    return fragment(`${wrap(callee, POSTFIX)}(${list})`, POSTFIX);
  }

  /**
   * pop and shift (list.pop raises on an empty list, as Whetstone stops), concat, sum, and the list
   * walks, through helpers that walk as JavaScript's Array methods do: over the starting length,
   * stopping where the list has become shorter (Python's iterators would also visit what the
   * callback pushes). The callback gets the index when it takes one more parameter.
   */
  private listCall(name: string, node: A.CallExpression, args: Fragment[]): Fragment | undefined {
    const [list, callback] = node.arguments;
    if (!list) return undefined;
    switch (name) {
      case 'pop':
        return fragment(`${wrap(args[0], POSTFIX)}.pop()`, POSTFIX);
      case 'shift':
        return fragment(`${wrap(args[0], POSTFIX)}.pop(0)`, POSTFIX);
      case 'concat':
        if (args.length !== 2) return undefined;
        if (!this.ctx.isKind(node.arguments[1], 'list')) return fragment(`${this.ctx.helper('concat_list')}(${args[0].text}, ${args[1].text})`, POSTFIX);
        return fragment(`[*${wrap(args[0], POSTFIX)}, *${wrap(args[1], POSTFIX)}]`, PRIMARY);
      case 'sum':
        return fragment(`${this.ctx.helper('sum_of')}(${args[0].text})`, POSTFIX);
      case 'flat':
        return fragment(`${this.ctx.helper('flat_list')}(${args[0].text})`, POSTFIX);
    }
    const helper = PY_LIST_WALKS[name];
    if (!helper || !callback) return undefined;
    const params = callback.type === 'Lambda' ? callback.parameters.length : this.ctx.typeOf(callback)?.kind === 'function' ? (this.ctx.typeOf(callback) as { params: readonly unknown[] }).params.length : 1;
    const indexed = params > (name === 'reduce' ? 2 : 1);
    const rest = args.slice(2).map((arg) => arg.text);
    return fragment(`${this.ctx.helper(helper)}(${[args[0].text, args[1].text, ...(indexed || rest.length > 0 ? [indexed ? 'True' : 'False'] : []), ...rest].join(', ')})`, POSTFIX);
  }
}

/** Whether a text holds half of a character above U+FFFF: a lone surrogate. */
function hasHalf(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** A separator that is a literal text, not empty and with no half of a character: str.split splits by it as Whetstone does. */
function wholeSeparator(node: A.Expression | undefined): boolean {
  return node?.type === 'Literal' && typeof node.value === 'string' && node.value !== '' && !hasHalf(node.value);
}

/** The helper of each list walk. */
const PY_LIST_WALKS: Readonly<Record<string, PyHelper>> = { map: 'map_list', filter: 'filter_list', reduce: 'reduce_list', some: 'some_of', every: 'every_of', find: 'find_in', forEach: 'for_each', findIndex: 'find_index' };

/** A text literal without a character above U+FFFF: Python's len counts its UTF-16 units. */
function bmpLiteral(node: A.Expression): boolean {
  return node.type === 'Literal' && typeof node.value === 'string' && [...node.value].every((char) => char.length === 1);
}

/** An operand that is a 32-bit signed integer in Python already: such a literal, or a bit operation's result. */
function isInt32(node: A.Expression): boolean {
  if (node.type === 'Literal') return typeof node.value === 'number' && Number.isInteger(node.value) && !Object.is(node.value, -0) && node.value >= -(2 ** 31) && node.value < 2 ** 31;
  return node.type === 'BinaryExpression' && BIT_OPERATORS.has(node.operator);
}

/** `a ** b` of two whole literals whose result is exact in a double: Python's ** gives the same number. */
function plainPower(node: A.BinaryExpression): boolean {
  const [a, b] = [node.left, node.right].map((side) => (side.type === 'Literal' && typeof side.value === 'number' && Number.isInteger(side.value) ? side.value : undefined));
  return a !== undefined && b !== undefined && b >= 0 && Math.abs(a) ** b <= Number.MAX_SAFE_INTEGER;
}
