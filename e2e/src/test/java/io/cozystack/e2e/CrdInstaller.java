package io.cozystack.e2e;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Installs the project's CRDs (crds/) with server-side apply and waits until they are served. */
final class CrdInstaller {
  static final String FIELD_MANAGER = "cozy-e2e";

  private CrdInstaller() {}

  static List<CustomResourceDefinition> projectCrds() throws IOException {
    return load(ControlPlane.repoRoot().resolve("crds"));
  }

  static void installAll(KubernetesClient client) throws IOException {
    for (CustomResourceDefinition crd : projectCrds()) {
      client.resource(crd).fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply();
    }
    for (CustomResourceDefinition crd : projectCrds()) {
      client
          .apiextensions()
          .v1()
          .customResourceDefinitions()
          .withName(crd.getMetadata().getName())
          .waitUntilCondition(CrdInstaller::established, 60, TimeUnit.SECONDS);
    }
  }

  static boolean established(CustomResourceDefinition crd) {
    return crd != null
        && crd.getStatus() != null
        && crd.getStatus().getConditions() != null
        && crd.getStatus().getConditions().stream()
            .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  private static List<CustomResourceDefinition> load(Path dir) throws IOException {
    List<CustomResourceDefinition> crds = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
        crds.add(
            io.fabric8.kubernetes.client.utils.Serialization.unmarshal(
                Files.readString(file), CustomResourceDefinition.class));
      }
    }
    return crds;
  }
}
