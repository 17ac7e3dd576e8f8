package io.cozystack.contracts.validation;

/**
 * One problem in a catalog: where (file relative to the catalog root, 1-based line, 0 when the file
 * as a whole), which rule, what is wrong and how to fix it.
 */
public record Finding(String file, int line, String rule, String message, String fix) {

  /** {@code file:line: [rule] message (fix: ...)}. */
  public String describe() {
    return file
        + (line > 0 ? ":" + line : "")
        + ": ["
        + rule
        + "] "
        + message
        + "\n    fix: "
        + fix;
  }
}
