/*
 * External scanner of the Whetstone grammar: one token, the `fn` that starts a lambda.
 *
 * A lambda's `fn` is followed by `(`; a function declaration's `fn` by its name. Telling them
 * apart in the lexer means that `fn name(` can never start an expression, so when a block is
 * left unclosed before the next function declaration the parser sees an unexpected `fn` and
 * recovers by closing the block (a MISSING "}") instead of reading the declaration as a broken
 * lambda inside the unclosed function.
 *
 * The scanner keeps no state.
 */
#include "tree_sitter/parser.h"

#include <stdbool.h>

enum TokenType {
  LAMBDA_FN,
};

void *tree_sitter_whetstone_external_scanner_create(void) { return NULL; }

void tree_sitter_whetstone_external_scanner_destroy(void *payload) { (void)payload; }

unsigned tree_sitter_whetstone_external_scanner_serialize(void *payload, char *buffer) {
  (void)payload;
  (void)buffer;
  return 0;
}

void tree_sitter_whetstone_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  (void)payload;
  (void)buffer;
  (void)length;
}

/* The characters of Unicode's White_Space property, which the grammar's `/\s/` extra skips. */
static bool is_space(int32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == ' ' || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000;
}

static bool is_word_char(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Skips whitespace and comments after `fn`; false if the text cannot be what precedes `(`. */
static bool skip_trivia(TSLexer *lexer) {
  for (;;) {
    if (lexer->eof(lexer)) return false;
    int32_t c = lexer->lookahead;
    if (is_space(c)) {
      lexer->advance(lexer, false);
    } else if (c == '/') {
      lexer->advance(lexer, false);
      if (lexer->lookahead == '/') {
        while (!lexer->eof(lexer) && lexer->lookahead != '\n') lexer->advance(lexer, false);
      } else if (lexer->lookahead == '*') {
        lexer->advance(lexer, false);
        bool star = false;
        for (;;) {
          if (lexer->eof(lexer)) return false;
          int32_t d = lexer->lookahead;
          lexer->advance(lexer, false);
          if (star && d == '/') break;
          star = d == '*';
        }
      } else {
        return false;
      }
    } else {
      return true;
    }
  }
}

bool tree_sitter_whetstone_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  (void)payload;
  if (!valid_symbols[LAMBDA_FN]) return false;
  while (is_space(lexer->lookahead)) lexer->advance(lexer, true);
  if (lexer->lookahead != 'f') return false;
  lexer->advance(lexer, false);
  if (lexer->lookahead != 'n') return false;
  lexer->advance(lexer, false);
  if (is_word_char(lexer->lookahead)) return false;
  lexer->mark_end(lexer);
  if (!skip_trivia(lexer) || lexer->lookahead != '(') return false;
  lexer->result_symbol = LAMBDA_FN;
  return true;
}
