package io.cozystack.catalog.services.backups.cnpg;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;

/**
 * The target application's HelmRelease, suspended while its Cluster is purged (so Flux does not
 * re-create the old one) and resumed after. A missing release is nothing to suspend.
 */
final class TargetRelease {
  private final KubernetesClient client;
  private final String namespace;
  private final String name;

  TargetRelease(KubernetesClient client, String namespace, String name) {
    this.client = client;
    this.namespace = namespace;
    this.name = name;
  }

  void suspend() {
    set(true);
  }

  void resume() {
    set(false);
  }

  private void set(boolean suspended) {
    try {
      var release =
          client
              .genericKubernetesResources(CnpgKinds.HELM_RELEASE)
              .inNamespace(namespace)
              .withName(name);
      var live = release.get();
      if (live == null || suspendedNow(live) == suspended) {
        return;
      }
      release.patch(
          PatchContext.of(PatchType.JSON_MERGE), "{\"spec\":{\"suspend\":" + suspended + "}}");
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw e;
      }
    }
  }

  private static boolean suspendedNow(io.fabric8.kubernetes.api.model.GenericKubernetesResource r) {
    Object spec = r.getAdditionalProperties().get("spec");
    return spec instanceof java.util.Map<?, ?> s && Boolean.TRUE.equals(s.get("suspend"));
  }
}
