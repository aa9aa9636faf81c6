; Indentation for Whetstone in Zed's indent captures: what is inside braces, brackets and
; parentheses is indented one level, up to the closing bracket.

(_
  "{"
  "}" @end) @indent

(_
  "["
  "]" @end) @indent

(_
  "("
  ")" @end) @indent
