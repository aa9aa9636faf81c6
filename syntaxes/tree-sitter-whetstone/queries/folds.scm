; Folding for Whetstone: bodies, declared types and the literals and lists that span lines.

[
  (block)
  (type_declaration)
  (object_literal)
  (list_literal)
  (parameter_list)
  (argument_list)
  (comment)
] @fold
