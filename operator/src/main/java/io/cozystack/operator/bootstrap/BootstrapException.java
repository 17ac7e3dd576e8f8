package io.cozystack.operator.bootstrap;

/** The bootstrap could not write an object; the message names it, the cause and the fix. */
public final class BootstrapException extends Exception {
  BootstrapException(String message, Throwable cause) {
    super(message, cause);
  }
}
