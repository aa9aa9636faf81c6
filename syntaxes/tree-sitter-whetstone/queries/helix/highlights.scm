; Syntax highlighting for Whetstone in Helix's scope names (its themes key numbers as
; constant.numeric, fields as variable.other.member, and so on). The same patterns as
; ../highlights.scm, which Neovim and Zed read; keep the two in step (a test compares them).
; No token is captured twice, so the order of the patterns does not matter.

; Comments, literals

(comment) @comment

(string) @string

(number) @constant.numeric

[
  (true)
  (false)
] @constant.builtin.boolean

(null) @constant.builtin

; Keywords

"use" @keyword.control.import

"type" @keyword.storage.type

"fn" @keyword.function

"async" @keyword.storage.modifier

"await" @keyword.control

[
  "let"
  "const"
] @keyword.storage.type

"return" @keyword.control.return

[
  "if"
  "else"
] @keyword.control.conditional

[
  "while"
  "for"
  "in"
  "break"
  "continue"
] @keyword.control.repeat

[
  "throw"
  "try"
  "catch"
] @keyword.control.exception

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
  key: (identifier) @variable.other.member)

(annotation_argument
  value: (identifier) @constant)

; Imports

(import_declaration
  path: (identifier) @namespace)

(import_declaration
  name: (identifier) @function)

; Types

(type_declaration
  name: (identifier) @type)

(field_declaration
  name: (identifier) @variable.other.member)

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
  function: (identifier) @function)
  (#not-any-of? @function
    "print" "len" "push" "keys" "values" "range" "min" "max" "abs" "floor" "ceil" "round" "str" "num" "assert"))

(call_expression
  function: (member_expression
    property: (identifier) @function.method))

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
  key: (identifier) @variable.other.member)

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
