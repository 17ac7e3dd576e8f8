package io.cozystack.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A one-chart catalog whose chart cannot render (a nil pointer in its template), with the
 * PackageSource that installs it: what helm-controller reports for a broken chart must reach the
 * Package.
 */
final class BrokenCatalog {
  static final String PACKAGE = "e2e.broken-application";
  static final String SOURCE = "sources/broken-application.yaml";

  private BrokenCatalog() {}

  static Path write(Path dir) throws IOException {
    write(
        dir.resolve("charts/broken/Chart.yaml"),
        "apiVersion: v2\nname: broken\nversion: 0.1.0\ndescription: cannot render\n");
    write(
        dir.resolve("charts/broken/templates/configmap.yaml"),
        """
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: broken}
        data:
          value: {{ .Values.missing.key | quote }}
        """);
    write(
        dir.resolve(SOURCE),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata:
          name: %s
          annotations: {operator.cozystack.io/skip-cozystack-values: "true"}
        spec:
          sourceRef: {kind: OCIRepository, name: e2e-broken, namespace: cozy-system, path: /}
          catalog:
            name: e2e.broken
            version: 0.1.0
            minPlatformVersion: 0.1.0
            contractVersion: 1
            rights:
              namespaces: [e2e-broken]
              namespaced:
                - {apiGroup: "", kind: ConfigMap}
          variants:
            - name: default
              components:
                - name: broken
                  path: charts/broken
                  install: {namespace: e2e-broken, releaseName: broken}
        """
            .formatted(PACKAGE));
    return dir;
  }

  private static void write(Path file, String content) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }
}
