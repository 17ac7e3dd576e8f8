package io.cozystack.operator;

import io.fabric8.kubernetes.client.KubernetesClientException;

/** Turns a failed reconcile into one line a person can act on, for status and logs. */
public final class ReconcileErrors {
  private ReconcileErrors() {}

  public static String describe(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof KubernetesClientException kce
          && kce.getStatus() != null
          && kce.getStatus().getMessage() != null) {
        return kce.getStatus().getMessage() + " (HTTP " + kce.getCode() + ")";
      }
    }
    return ApiServerCheck.rootMessage(e);
  }
}
