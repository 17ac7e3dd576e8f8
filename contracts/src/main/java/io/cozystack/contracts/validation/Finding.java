package io.cozystack.contracts.validation;

/**
 * One problem in a catalog: where (file relative to the catalog root, 1-based line, 0 when the file
 * as a whole), which rule, what is wrong and how to fix it, and how bad: an {@code error} fails the
 * run; a {@code warning} (something the validator could not judge) fails it only under {@code
 * --strict}.
 */
public record Finding(
    String file, int line, String rule, String message, String fix, String severity) {
  public static final String ERROR = "error";
  public static final String WARNING = "warning";

  public Finding(String file, int line, String rule, String message, String fix) {
    this(file, line, rule, message, fix, ERROR);
  }

  static Finding warning(String file, int line, String rule, String message, String fix) {
    return new Finding(file, line, rule, message, fix, WARNING);
  }

  public boolean isError() {
    return !WARNING.equals(severity);
  }

  /** {@code file:line: [rule] message (fix: ...)}, a warning marked as one. */
  public String describe() {
    return file
        + (line > 0 ? ":" + line : "")
        + ": ["
        + rule
        + "] "
        + (isError() ? "" : "warning: ")
        + message
        + "\n    fix: "
        + fix;
  }
}
