package io.cozystack.api.values;

import io.cozystack.api.v1alpha1.ClusterValuesSpec;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Collections;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * How consumers name the K2 values they require: {@code _cluster.<key>} or {@code
 * _namespace.<key>}, as charts read them ({@code .Values._cluster.root-host}).
 */
public final class ValuesKeys {
  /** The name of the projected ConfigMap (and of the legacy Secret) in every namespace. */
  public static final String OBJECT_NAME = "cozystack-values";

  /** The data key holding the values document. */
  public static final String DATA_KEY = "values.yaml";

  public static final String CLUSTER = "_cluster";
  public static final String NAMESPACE = "_namespace";

  /**
   * Top-level values keys starting with it are the platform's ({@link #CLUSTER}, {@link
   * #NAMESPACE}), never an application instance's: Flux merges a release's own values over the
   * projected ones, so an instance could otherwise override them.
   */
  public static final String RESERVED_PREFIX = "_";

  /** Whether {@code key}, a top-level values key, is the platform's. */
  public static boolean reserved(String key) {
    return key.startsWith(RESERVED_PREFIX);
  }

  /** A required-value reference. */
  public static final Pattern REFERENCE = Pattern.compile("^_(cluster|namespace)\\.[A-Za-z0-9-]+$");

  /** Consumers' per-object override of the platform-wide transport. */
  public static final String TRANSPORT_ANNOTATION = "values.cozystack.io/transport";

  /** The {@code _cluster} key a ClusterValues spec field is projected under (kebab case). */
  public static String clusterKey(String field) {
    StringBuilder out = new StringBuilder();
    for (char c : field.toCharArray()) {
      if (Character.isUpperCase(c)) {
        out.append('-').append(Character.toLowerCase(c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** ClusterValues spec fields that configure the projection and are not values. */
  public static final Set<String> NOT_VALUES = Set.of("extensions", "transport");

  /** Every typed {@code _cluster} key: the ClusterValues fields, and the detected kube-root-ca. */
  public static final Set<String> CLUSTER_KEYS = clusterKeys();

  /** Every {@code _namespace} key. */
  public static final Set<String> NAMESPACE_KEYS =
      Arrays.stream(NamespaceValues.class.getRecordComponents())
          .map(RecordComponent::getName)
          .collect(Collectors.toUnmodifiableSet());

  private static Set<String> clusterKeys() {
    Set<String> keys = new TreeSet<>();
    for (RecordComponent c : ClusterValuesSpec.class.getRecordComponents()) {
      if (!NOT_VALUES.contains(c.getName())) {
        keys.add(clusterKey(c.getName()));
      }
    }
    keys.add("kube-root-ca");
    return Collections.unmodifiableSet(keys);
  }

  /**
   * Why {@code reference} is not a K2 value a chart can rely on, if it is not: malformed, or a key
   * no one writes. {@code extensions} are the {@code _cluster} keys the catalog knows are added.
   */
  public static Optional<String> problem(String reference, Set<String> extensions) {
    if (!REFERENCE.matcher(reference).matches()) {
      return Optional.of("'" + reference + "' is not _cluster.<key> or _namespace.<key>");
    }
    String key = reference.substring(reference.indexOf('.') + 1);
    boolean known =
        reference.startsWith(CLUSTER + ".")
            ? CLUSTER_KEYS.contains(key) || extensions.contains(key)
            : NAMESPACE_KEYS.contains(key);
    return known
        ? Optional.empty()
        : Optional.of("'" + reference + "' is not a K2 key the platform writes");
  }

  private ValuesKeys() {}
}
