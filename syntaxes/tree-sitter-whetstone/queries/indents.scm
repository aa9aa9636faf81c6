; Indentation for Whetstone (nvim-treesitter's indent captures): what is inside braces, brackets
; and parentheses is indented one level; the closing bracket goes back to the opening line's.

[
  (block)
  (type_declaration)
  (object_literal)
  (list_literal)
  (parameter_list)
  (argument_list)
  (parenthesized_expression)
] @indent.begin

[
  "}"
  "]"
  ")"
] @indent.branch @indent.end

(comment) @indent.auto
