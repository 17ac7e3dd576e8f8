package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every CRD in crds/ is accepted and served by the real API server, beside Flux's CRDs. */
@ExtendWith(KubernetesExtension.class)
class CrdsIT {
  @Kube static KubernetesClient client;

  @Test
  void everyProjectCrdIsEstablished() throws Exception {
    List<CustomResourceDefinition> committed = CrdInstaller.projectCrds();
    assertThat(committed).hasSize(io.cozystack.api.ApiTypes.ALL.size());
    for (CustomResourceDefinition crd : committed) {
      CustomResourceDefinition served =
          client
              .apiextensions()
              .v1()
              .customResourceDefinitions()
              .withName(crd.getMetadata().getName())
              .get();
      assertThat(served).as(crd.getMetadata().getName()).isNotNull();
      assertThat(CrdInstaller.established(served)).as(crd.getMetadata().getName()).isTrue();
      assertThat(served.getSpec().getScope()).isEqualTo(crd.getSpec().getScope());
      assertThat(served.getSpec().getNames().getShortNames())
          .isEqualTo(crd.getSpec().getNames().getShortNames());
    }
  }

  @Test
  void fluxCrdsFromFluxModulesAreInstalled() {
    List<String> names =
        client.apiextensions().v1().customResourceDefinitions().list().getItems().stream()
            .map(crd -> crd.getMetadata().getName())
            .toList();
    assertThat(names)
        .contains(
            "helmreleases.helm.toolkit.fluxcd.io",
            "externalartifacts.source.toolkit.fluxcd.io",
            "ocirepositories.source.toolkit.fluxcd.io",
            "gitrepositories.source.toolkit.fluxcd.io",
            "artifactgenerators.source.extensions.fluxcd.io");
  }
}
