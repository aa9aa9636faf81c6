/**
 * The tree-sitter grammar of Whetstone (WHETSTONE.md section 2).
 * Node and field names here are read by server/src/core/convert.ts, which builds the AST agents see.
 */
/* global module, grammar, seq, choice, repeat, repeat1, optional, field, alias, token, prec, reserved */
/* eslint @typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_" }] */

const PREC = {
  or: 1,
  and: 2,
  equality: 3,
  compare: 4,
  bitwise_or: 5,
  bitwise_xor: 6,
  bitwise_and: 7,
  shift: 8,
  additive: 9,
  multiplicative: 10,
  unary: 11,
  // `-a ** b` is `-(a ** b)` as in Python; the right operand may be prefixed (`2 ** -1`).
  power: 12,
  postfix: 13,
};

const commaSep1 = (rule) => seq(rule, repeat(seq(',', rule)));
// Lists in brackets may end with a comma, as in TypeScript.
const commaList = (rule) => optional(seq(commaSep1(rule), optional(',')));

module.exports = grammar({
  name: 'whetstone',

  extras: ($) => [/\s/, $.comment],

  word: ($) => $.identifier,

  // The `fn` of a lambda is told from the `fn` of a declaration by the `(` that follows it
  // (src/scanner.c), so `fn name(` never starts an expression: a block left unclosed before the
  // next function ends with a MISSING "}" instead of swallowing that function as a broken lambda.
  externals: ($) => [$._lambda_fn],

  // Keywords are never identifiers, not even during error recovery: a half-typed `let x =` must
  // not swallow the `let` of the next line as a name, and `type T {` or `async fn` inside an
  // unclosed block is seen as a keyword, so the block is closed. The exception is a name after
  // `.` or before `:` in a field, property or annotation argument (`node.type`, `{ in: 1 }`),
  // as in TypeScript.
  reserved: {
    global: (_) => [
      'use', 'type', 'fn', 'async', 'await', 'let', 'const', 'return', 'if', 'else', 'while', 'for', 'in',
      'break', 'continue', 'true', 'false', 'null', 'and', 'or', 'not', 'throw', 'try', 'catch',
    ],
    properties: (_) => [],
  },

  supertypes: ($) => [$._expression, $._statement],

  rules: {
    program: ($) =>
      repeat(
        choice(
          $.import_declaration,
          $.type_declaration,
          $.function_declaration,
          $._statement,
          $.annotated_declaration,
          $.annotated_statement,
        ),
      ),

    comment: (_) =>
      token(choice(seq('//', /[^\r\n]*/), seq('/*', /[^*]*\*+([^/*][^*]*\*+)*/, '/'))),

    identifier: (_) => /[A-Za-z_][A-Za-z0-9_]*/,

    // use math.{round, clamp};   use http;
    import_declaration: ($) =>
      seq(
        'use',
        // The module path's segments are flat children so that `.` then `{` needs no lookahead.
        field('path', $.identifier),
        repeat(seq('.', field('path', $.identifier))),
        optional(seq('.', '{', commaSep1(field('name', $.identifier)), optional(','), '}')),
        ';',
      ),

    // Annotations before a declaration or statement. The shared `_annotations` keeps the two
    // annotated forms apart only by what follows the annotations.
    _annotations: ($) => repeat1(field('annotation', $.annotation)),

    annotated_declaration: ($) =>
      seq($._annotations, field('item', choice($.type_declaration, $.function_declaration))),

    annotated_statement: ($) => seq($._annotations, field('item', $._statement)),

    // `@cache (x);` reads as an annotation with arguments: the parenthesis binds to the annotation.
    annotation: ($) =>
      prec.right(
        seq(
          '@',
          field('kind', $.identifier),
          optional(seq('(', optional(seq(commaSep1($._annotation_argument), optional(','))), ')')),
        ),
      ),

    // A strategy may contain hyphens (`@style(inline-variable)`); it is still an identifier node.
    _annotation_argument: ($) =>
      choice(
        field('strategy', choice($.identifier, alias($._hyphenated_name, $.identifier))),
        field('argument', $.annotation_argument),
      ),

    _hyphenated_name: (_) => token(/[A-Za-z_][A-Za-z0-9_]*(-[A-Za-z0-9_]+)+/),

    annotation_argument: ($) =>
      seq(field('key', reserved('properties', $.identifier)), ':', field('value', $._annotation_value)),

    _annotation_value: ($) => choice($.number, $.string, $.true, $.false, $.null, $.identifier, $.negative_number),

    negative_number: ($) => seq('-', $.number),

    type_declaration: ($) =>
      seq('type', field('name', $.identifier), '{', commaList(field('field', $.field_declaration)), '}'),

    field_declaration: ($) => seq(field('name', reserved('properties', $.identifier)), ':', field('type', $.type)),

    function_declaration: ($) =>
      seq(
        optional(field('async', 'async')),
        'fn',
        field('name', $.identifier),
        field('parameters', $.parameter_list),
        optional(seq(':', field('return_type', $.type))),
        field('body', $.block),
      ),

    parameter_list: ($) => seq('(', commaList(field('parameter', $.parameter)), ')'),

    parameter: ($) =>
      seq(
        field('name', $.identifier),
        optional(seq(':', field('type', $.type))),
        optional(seq('=', field('default', $._expression))),
      ),

    type: ($) =>
      prec.right(
        seq(
          choice(
            seq(field('name', $.identifier), optional(seq('<', commaSep1(field('argument', $.type)), '>'))),
            seq('(', field('inner', $.type), ')'),
          ),
          optional(field('optional', '?')),
        ),
      ),

    block: ($) => seq('{', repeat(choice($._statement, $.annotated_statement)), '}'),

    _statement: ($) =>
      choice(
        $.variable_declaration,
        $.return_statement,
        $.if_statement,
        $.while_statement,
        $.for_statement,
        $.break_statement,
        $.continue_statement,
        $.throw_statement,
        $.try_statement,
        $.assignment_statement,
        $.multiple_assignment_statement,
        $.expression_statement,
      ),

    variable_declaration: ($) =>
      choice(
        seq(
          field('kind', 'let'),
          field('name', $.identifier),
          optional(seq(':', field('type', $.type))),
          optional(seq('=', field('value', $._expression))),
          ';',
        ),
        seq(
          field('kind', 'const'),
          field('name', $.identifier),
          optional(seq(':', field('type', $.type))),
          '=',
          field('value', $._expression),
          ';',
        ),
      ),

    return_statement: ($) => seq('return', optional(field('value', $._expression)), ';'),

    if_statement: ($) =>
      prec.right(
        seq(
          'if',
          field('condition', $._expression),
          field('consequence', $.block),
          optional(seq('else', field('alternative', choice($.if_statement, $.block)))),
        ),
      ),

    while_statement: ($) => seq('while', field('condition', $._expression), field('body', $.block)),

    for_statement: ($) =>
      seq('for', field('iterator', $.identifier), 'in', field('iterable', $._expression), field('body', $.block)),

    break_statement: (_) => seq('break', ';'),

    continue_statement: (_) => seq('continue', ';'),

    // `throw "empty stack";`: the value is the message (the checker asks for a string).
    throw_statement: ($) => seq('throw', field('value', $._expression), ';'),

    // `try { … } catch (e) { … }`: `e` is the message of a Whetstone throw in the body.
    try_statement: ($) =>
      seq('try', field('body', $.block), 'catch', '(', field('name', $.identifier), ')', field('handler', $.block)),

    assignment_statement: ($) =>
      seq(
        field('target', $._expression),
        field('operator', choice('=', '+=', '-=', '*=', '/=')),
        field('value', $._expression),
        ';',
      ),

    // `a, b = b, a;`: every value is evaluated before any target is assigned.
    multiple_assignment_statement: ($) =>
      seq(
        field('target', $._expression),
        repeat1(seq(',', field('target', $._expression))),
        '=',
        field('value', $._expression),
        repeat1(seq(',', field('value', $._expression))),
        ';',
      ),

    expression_statement: ($) => seq(field('expression', $._expression), ';'),

    _expression: ($) =>
      choice(
        $.conditional_expression,
        $.binary_expression,
        $.type_test,
        $.unary_expression,
        $.call_expression,
        $.member_expression,
        $.index_expression,
        $.parenthesized_expression,
        $.identifier,
        $.number,
        $.string,
        $.true,
        $.false,
        $.null,
        $.list_literal,
        $.object_literal,
        $.lambda,
      ),

    binary_expression: ($) => {
      const table = [
        [PREC.or, choice('or', '||')],
        [PREC.and, choice('and', '&&')],
        [PREC.equality, choice('==', '!=')],
        [PREC.compare, choice('<', '<=', '>', '>=')],
        [PREC.bitwise_or, '|'],
        [PREC.bitwise_xor, '^'],
        [PREC.bitwise_and, '&'],
        [PREC.shift, choice('<<', '>>')],
        [PREC.additive, choice('+', '-')],
        [PREC.multiplicative, choice('*', '/', '%')],
      ];
      return choice(
        ...table.map(([precedence, operator]) =>
          prec.left(
            precedence,
            seq(field('left', $._expression), field('operator', operator), field('right', $._expression)),
          ),
        ),
        prec.right(
          PREC.power,
          seq(field('left', $._expression), field('operator', '**'), field('right', $._expression)),
        ),
      );
    },

    // `x is number`: a type test, at the level of the comparisons. The type is one name without
    // arguments (so `x is list < y` needs no lookahead); the checker takes the names a value can be
    // told by when the program runs. `is` stays a name elsewhere (`let is = 1;`).
    type_test: ($) =>
      prec.left(
        PREC.compare,
        seq(field('operand', $._expression), 'is', field('type', alias($.identifier, $.tested_type))),
      ),

    // `c ? a : b` binds loosest of the operators and nests to the right (`a ? b : c ? d : e`).
    conditional_expression: ($) =>
      prec.right(
        seq(
          field('condition', $._expression),
          '?',
          field('consequence', $._expression),
          ':',
          field('alternative', $._expression),
        ),
      ),

    unary_expression: ($) =>
      prec(PREC.unary, seq(field('operator', choice('-', '!', 'not', 'await')), field('operand', $._expression))),

    call_expression: ($) =>
      prec(PREC.postfix, seq(field('function', $._expression), field('arguments', $.argument_list))),

    argument_list: ($) => seq('(', commaList(field('argument', $._expression)), ')'),

    member_expression: ($) =>
      prec(
        PREC.postfix,
        seq(field('object', $._expression), '.', field('property', reserved('properties', $.identifier))),
      ),

    index_expression: ($) =>
      prec(PREC.postfix, seq(field('object', $._expression), '[', field('index', $._expression), ']')),

    parenthesized_expression: ($) => seq('(', field('expression', $._expression), ')'),

    number: (_) => token(/\d+(\.\d+)?([eE][+-]?\d+)?/),

    string: (_) => token(seq('"', repeat(choice(/[^"\\\r\n]+/, /\\(["\\/bfnrt]|u[0-9a-fA-F]{4})/)), '"')),

    true: (_) => 'true',
    false: (_) => 'false',
    null: (_) => 'null',

    list_literal: ($) => seq('[', commaList(field('element', $._expression)), ']'),

    object_literal: ($) => seq('{', commaList(field('property', $.property)), '}'),

    property: ($) => seq(field('key', reserved('properties', $.identifier)), ':', field('value', $._expression)),

    lambda: ($) =>
      prec.right(
        seq(
          alias($._lambda_fn, 'fn'),
          field('parameters', $.parameter_list),
          optional(seq(':', field('return_type', $.type))),
          choice(field('body', $.block), seq('=>', field('body', $._expression))),
        ),
      ),
  },
});
