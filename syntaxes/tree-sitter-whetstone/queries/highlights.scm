; Syntax highlighting for Whetstone, in the capture names of nvim-treesitter, which Zed shares
; (editors fall back from a dotted name to its prefix: @keyword.return to @keyword).
; No token is captured twice: Helix keeps the first pattern that matches, Neovim and Zed the
; last, so an overlap would colour differently in each.

; Comments, literals

(comment) @comment

(string) @string

(number) @number

[
  (true)
  (false)
] @boolean

(null) @constant.builtin

; Keywords

"use" @keyword.import

"type" @keyword.type

"fn" @keyword.function

[
  "async"
  "await"
] @keyword.coroutine

[
  "let"
  "const"
] @keyword

"return" @keyword.return

[
  "if"
  "else"
] @keyword.conditional

[
  "while"
  "for"
  "in"
  "break"
  "continue"
] @keyword.repeat

[
  "throw"
  "try"
  "catch"
] @keyword.exception

[
  "and"
  "or"
  "not"
] @keyword.operator

; `x is number`: the word and the type it tests
(type_test
  "is" @keyword.operator
  type: (tested_type) @type.builtin)

; Annotations: `@kind(strategy, key: value)`

(annotation
  "@" @attribute
  kind: (identifier) @attribute)

(annotation
  strategy: (identifier) @constant)

(annotation_argument
  key: (identifier) @property)

(annotation_argument
  value: (identifier) @constant)

; Imports

(import_declaration
  path: (identifier) @module)

(import_declaration
  name: (identifier) @function)

; Types

(type_declaration
  name: (identifier) @type.definition)

(field_declaration
  name: (identifier) @property)

((type
  name: (identifier) @type.builtin)
  (#any-of? @type.builtin "number" "string" "bool" "void" "any" "list" "map"))

((type
  name: (identifier) @type)
  (#not-any-of? @type "number" "string" "bool" "void" "any" "list" "map"))

; Functions

(function_declaration
  name: (identifier) @function)

((call_expression
  function: (identifier) @function.builtin)
  (#any-of? @function.builtin
    "print" "len" "push" "keys" "values" "range" "min" "max" "abs" "floor" "ceil" "round" "str" "num" "assert"))

((call_expression
  function: (identifier) @function.call)
  (#not-any-of? @function.call
    "print" "len" "push" "keys" "values" "range" "min" "max" "abs" "floor" "ceil" "round" "str" "num" "assert"))

(call_expression
  function: (member_expression
    property: (identifier) @function.method.call))

; Names that are declared

(parameter
  name: (identifier) @variable.parameter)

(variable_declaration
  kind: "let"
  name: (identifier) @variable)

(variable_declaration
  kind: "const"
  name: (identifier) @constant)

(for_statement
  iterator: (identifier) @variable)

(try_statement
  name: (identifier) @variable.parameter)

(property
  key: (identifier) @property)

; Operators and punctuation

[
  "="
  "+="
  "-="
  "*="
  "/="
  "=="
  "!="
  "<="
  ">="
  "+"
  "-"
  "*"
  "/"
  "%"
  "**"
  "&"
  "|"
  "^"
  "<<"
  ">>"
  "!"
  "&&"
  "||"
  "=>"
] @operator

; `<` and `>` compare in an expression and bracket a type's arguments.
(binary_expression
  operator: [
    "<"
    ">"
  ] @operator)

(type
  [
    "<"
    ">"
  ] @punctuation.bracket)

(type
  "?" @operator)

; The `:` of `c ? a : b` stays a delimiter, as everywhere else.
(conditional_expression
  "?" @operator)

[
  "("
  ")"
  "["
  "]"
  "{"
  "}"
] @punctuation.bracket

[
  ","
  ";"
  "."
  ":"
] @punctuation.delimiter
