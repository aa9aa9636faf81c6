; Scopes, definitions and references for Whetstone (nvim-treesitter's local captures, which
; Helix reads too). Functions, types and imports are visible in the whole program; parameters in
; their function or lambda; a for's iterator in its loop; let and const in their block.

; Scopes

(program) @local.scope

(function_declaration) @local.scope

(lambda) @local.scope

(for_statement) @local.scope

(try_statement) @local.scope

(block) @local.scope

; Definitions

; A function's name belongs to the scope around the function, not to its own.
((function_declaration
  name: (identifier) @local.definition.function)
  (#set! definition.function.scope "parent"))

(type_declaration
  name: (identifier) @local.definition.type)

(field_declaration
  name: (identifier) @local.definition.field)

(import_declaration
  name: (identifier) @local.definition.import)

; `use net.http;` binds its last segment, `http`.
(import_declaration
  path: (identifier) @local.definition.import
  .
  ";")

(parameter
  name: (identifier) @local.definition.parameter)

(variable_declaration
  name: (identifier) @local.definition.var)

(for_statement
  iterator: (identifier) @local.definition.var)

(try_statement
  name: (identifier) @local.definition.parameter)

; References: a name used as a value, and a declared type's name where a type is written.

(identifier) @local.reference
