package io.cozystack.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A one-kind catalog whose kind runs untrusted code and so is placed on the tenant's ComputePlane:
 * Notebook ({@code placement: ComputePlane}), whose chart renders a ConfigMap, with the
 * PackageSource that publishes its chart and installs its definition. It is a third-party catalog:
 * not trusted, so it installs its definition with the rights it declares, and its notebooks land in
 * the tenant's ComputePlane cluster, where the catalog's rights on the management cluster do not
 * reach.
 */
final class NotebookCatalog {
  static final String PACKAGE = "e2e.notebook-application";
  static final String SOURCE = "sources/notebook-application.yaml";
  static final String KIND = "Notebook";

  private NotebookCatalog() {}

  static Path write(Path dir) throws IOException {
    write(
        dir.resolve("charts/notebook/Chart.yaml"),
        "apiVersion: v2\nname: notebook\nversion: 0.1.0\ndescription: a notebook\n");
    write(
        dir.resolve("charts/notebook/templates/configmap.yaml"),
        """
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: {{ .Release.Name }}}
        data:
          kernel: {{ .Values.kernel | quote }}
        """);
    write(
        dir.resolve("charts/notebook-rd/Chart.yaml"),
        "apiVersion: v2\nname: notebook-rd\nversion: 0.1.0\ndescription: Notebook definition\n");
    write(
        dir.resolve("charts/notebook-rd/templates/definition.yaml"),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: ApplicationDefinition
        metadata: {name: notebook}
        spec:
          placement: ComputePlane
          application:
            kind: Notebook
            plural: notebooks
            singular: notebook
            openAPISchema: '{"type":"object","properties":{"kernel":{"type":"string","default":"python3"}}}'
          release:
            prefix: notebook-
            chartRef:
              kind: ExternalArtifact
              name: e2e-notebook-application-default-notebook
              namespace: cozy-system
        """);
    write(
        dir.resolve(SOURCE),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: %s}
        spec:
          sourceRef: {kind: OCIRepository, name: e2e-notebook, namespace: cozy-system, path: /}
          catalog:
            name: e2e.notebooks
            version: 0.1.0
            minPlatformVersion: 0.1.0
            contractVersion: 2
            rights:
              clusterScoped:
                - {apiGroup: cozystack.io, kind: ApplicationDefinition}
          variants:
            - name: default
              components:
                - name: notebook
                  path: charts/notebook
                - name: notebook-rd
                  path: charts/notebook-rd
                  install: {namespace: cozy-system, releaseName: notebook-rd}
        """
            .formatted(PACKAGE));
    return dir;
  }

  private static void write(Path file, String content) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }
}
