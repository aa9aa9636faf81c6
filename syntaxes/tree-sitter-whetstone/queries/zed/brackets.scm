; Matching brackets for Whetstone in Zed.

("(" @open
  ")" @close)

("[" @open
  "]" @close)

("{" @open
  "}" @close)
