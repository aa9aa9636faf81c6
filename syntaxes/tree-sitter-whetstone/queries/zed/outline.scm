; Zed's outline of a Whetstone file: its types and functions, with their fields.

(type_declaration
  "type" @context
  name: (identifier) @name) @item

(field_declaration
  name: (identifier) @name) @item

(function_declaration
  "async"? @context
  "fn" @context
  name: (identifier) @name) @item
