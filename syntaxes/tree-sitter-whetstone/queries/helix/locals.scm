; Local names for Whetstone in Helix's locals captures: a parameter, a let or const and a for's
; iterator are defined in their function, lambda, loop or block. Functions, types and imports
; are visible in the whole program, so they are left to highlights.scm.

[
  (function_declaration)
  (lambda)
  (for_statement)
  (try_statement)
  (block)
] @local.scope

(parameter
  name: (identifier) @local.definition)

(variable_declaration
  name: (identifier) @local.definition)

(for_statement
  iterator: (identifier) @local.definition)

(try_statement
  name: (identifier) @local.definition)

(identifier) @local.reference
