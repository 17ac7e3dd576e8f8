package io.cozystack.e2e;

import io.cozystack.api.v1alpha1.ClusterValues;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;

/**
 * The platform values tests need before anything that reads cozystack-values can be rendered: the
 * ClusterValues, and system namespaces the projection covers.
 */
final class PlatformValues {
  static final String FIELD_MANAGER = "cozy-e2e-values";

  private PlatformValues() {}

  /** Applies ClusterValues 'cozystack' with {@code spec} (YAML flow map), as its own manager. */
  static ClusterValues apply(KubernetesClient client, String spec) {
    ClusterValues values =
        Serialization.unmarshal(
            "apiVersion: cozystack.io/v1alpha1\nkind: ClusterValues\nmetadata: {name: cozystack}\n"
                + "spec: "
                + spec,
            ClusterValues.class);
    return client.resource(values).fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply();
  }

  /** The minimal platform values, with the ConfigMap transport. */
  static void ensure(KubernetesClient client) {
    apply(client, "{rootHost: example.org, transport: ConfigMap}");
  }

  /** Makes {@code namespace} a system namespace, which the projection gives the cluster values. */
  static void system(KubernetesClient client, String namespace) {
    client
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(namespace)
                .addToLabels("cozystack.io/system", "true")
                .endMetadata()
                .build())
        .fieldManager(FIELD_MANAGER)
        .serverSideApply();
  }
}
