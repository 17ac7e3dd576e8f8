package io.cozystack.api.values;

import java.util.regex.Pattern;

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

  /** A required-value reference. */
  public static final Pattern REFERENCE = Pattern.compile("^_(cluster|namespace)\\.[A-Za-z0-9-]+$");

  /** Consumers' per-object override of the platform-wide transport. */
  public static final String TRANSPORT_ANNOTATION = "values.cozystack.io/transport";

  private ValuesKeys() {}
}
