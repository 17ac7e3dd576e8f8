package io.cozystack.operator.values;

import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.api.values.ValuesKeys;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.Arrays;

/** The transport a consumer uses: its own annotation if it has a valid one, else the platform's. */
public final class ValuesTransports {
  private ValuesTransports() {}

  /** The problem with a consumer's transport annotation, if it has an invalid one. */
  public static java.util.Optional<String> problem(ObjectMeta consumer) {
    String wanted =
        consumer.getAnnotations() == null
            ? null
            : consumer.getAnnotations().get(ValuesKeys.TRANSPORT_ANNOTATION);
    if (wanted == null
        || Arrays.stream(ValuesTransport.values()).anyMatch(t -> t.name().equals(wanted))) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        "annotation "
            + ValuesKeys.TRANSPORT_ANNOTATION
            + " is '"
            + wanted
            + "'; it must be ConfigMap or Secret (or absent, to follow ClusterValues spec.transport)");
  }

  public static ValuesTransport of(ObjectMeta consumer, ValuesTransport platform) {
    String wanted =
        consumer.getAnnotations() == null
            ? null
            : consumer.getAnnotations().get(ValuesKeys.TRANSPORT_ANNOTATION);
    return Arrays.stream(ValuesTransport.values())
        .filter(t -> t.name().equals(wanted))
        .findFirst()
        .orElse(platform == null ? ValuesTransport.ConfigMap : platform);
  }
}
