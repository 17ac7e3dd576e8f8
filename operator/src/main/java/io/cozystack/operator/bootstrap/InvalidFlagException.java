package io.cozystack.operator.bootstrap;

/**
 * A {@code --platform-source-*} flag whose value cannot be used; the message names it and the fix.
 */
public final class InvalidFlagException extends IllegalArgumentException {
  private final String flag;

  InvalidFlagException(String flag, String message) {
    super(message);
    this.flag = flag;
  }

  /** The flag at fault, e.g. {@code --platform-source-ref}. */
  public String flag() {
    return flag;
  }
}
