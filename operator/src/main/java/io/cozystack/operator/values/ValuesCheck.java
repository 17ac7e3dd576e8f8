package io.cozystack.operator.values;

import io.cozystack.api.v1alpha1.ValuesTransport;

/**
 * Whether a consumer may render its HelmRelease: its namespace carries current values by the
 * transport it uses and every value it requires is set.
 */
public record ValuesCheck(State state, ValuesTransport transport, String message) {
  public enum State {
    READY,
    WAITING,
    MISSING
  }

  static ValuesCheck ready(ValuesTransport transport) {
    return new ValuesCheck(State.READY, transport, null);
  }

  static ValuesCheck waiting(String message) {
    return new ValuesCheck(State.WAITING, null, message);
  }

  static ValuesCheck missing(String message) {
    return new ValuesCheck(State.MISSING, null, message);
  }

  public boolean ready() {
    return state == State.READY;
  }
}
