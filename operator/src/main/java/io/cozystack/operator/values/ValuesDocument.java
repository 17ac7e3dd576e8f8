package io.cozystack.operator.values;

import io.cozystack.api.values.NamespaceValues;
import io.cozystack.api.values.ValuesKeys;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The {@code values.yaml} of one namespace, in the shape charts read today ({@code _cluster} and,
 * in tenant namespaces, {@code _namespace}), with the SHA-256 of its text.
 */
public record ValuesDocument(String yaml, String hash, Map<String, Object> values) {

  public static ValuesDocument of(Map<String, Object> cluster, NamespaceValues namespace) {
    Map<String, Object> values = new TreeMap<>();
    values.put(ValuesKeys.CLUSTER, cluster);
    if (namespace != null) {
      Map<String, Object> ns =
          new TreeMap<>(Serialization.jsonMapper().convertValue(namespace, Map.class));
      values.put(ValuesKeys.NAMESPACE, ns);
    }
    String yaml = Serialization.asYaml(values);
    return new ValuesDocument(yaml, sha256(yaml), values);
  }

  /**
   * The value a reference like {@code _namespace.host} names, as text; empty when the key is
   * absent.
   */
  public Optional<String> lookup(String reference) {
    int dot = reference.indexOf('.');
    Object section = values.get(reference.substring(0, dot));
    if (!(section instanceof Map<?, ?> map)) {
      return Optional.empty();
    }
    Object value = map.get(reference.substring(dot + 1));
    return value == null ? Optional.empty() : Optional.of(String.valueOf(value));
  }

  static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
