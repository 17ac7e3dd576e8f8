package io.cozystack.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A one-chart catalog whose chart renders a ServiceAccount annotated from its values (a kind
 * helm-controller needs no access to for itself, so the release's permissions stay apart), and the
 * Flux objects that install it the way the operator's do: an ArtifactGenerator cutting the chart
 * out of the catalog's OCIRepository into an ExternalArtifact, and a HelmRelease whose chartRef is
 * that artifact and whose values come from a watched ConfigMap ({@code valuesFrom}).
 */
final class HelloCatalog {
  static final String SOURCE = "e2e-hello";
  static final String NAMESPACE = "e2e-hello";

  /** Objects of the chart's kinds, what helm-controller installs with the ClusterRole below. */
  static final String INSTALLER_ROLE =
      """
      apiVersion: rbac.authorization.k8s.io/v1
      kind: ClusterRole
      metadata: {name: e2e-hello-installer}
      rules:
        - apiGroups: [""]
          resources: [serviceaccounts]
          verbs: [get, list, watch, create, update, patch, delete]
      """;

  private HelloCatalog() {}

  static Path write(Path dir) throws IOException {
    write(
        dir.resolve("charts/hello/Chart.yaml"),
        "apiVersion: v2\nname: hello\nversion: 0.1.0\ndescription: an annotated ServiceAccount\n");
    write(
        dir.resolve("charts/hello/templates/serviceaccount.yaml"),
        """
        apiVersion: v1
        kind: ServiceAccount
        metadata:
          name: hello
          annotations: {greeting: {{ .Values.greeting | quote }}}
        """);
    return dir;
  }

  /**
   * The OCIRepository of the catalog pushed to {@code url}, with credentials for {@code host} in a
   * Secret, as platform.sourceSecret gives them (the test registry asks for none; source-controller
   * reads them all the same).
   */
  static String source(String url, String host) {
    String auth =
        java.util.Base64.getEncoder()
            .encodeToString("e2e:e2e".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return """
        apiVersion: v1
        kind: Secret
        metadata: {name: e2e-hello-registry, namespace: cozy-system}
        type: kubernetes.io/dockerconfigjson
        stringData:
          .dockerconfigjson: '{"auths":{"%3$s":{"auth":"%4$s"}}}'
        ---
        apiVersion: source.toolkit.fluxcd.io/v1
        kind: OCIRepository
        metadata: {name: %1$s, namespace: cozy-system}
        spec:
          url: %2$s
          ref: {tag: 0.1.0}
          insecure: true
          interval: 1m0s
          secretRef: {name: e2e-hello-registry}
        """
        .formatted(SOURCE, url, host, auth);
  }

  /** The ArtifactGenerator in cozy-system, the values ConfigMap and the HelmRelease. */
  static String objects(String greeting) {
    return """
        apiVersion: source.extensions.fluxcd.io/v1beta1
        kind: ArtifactGenerator
        metadata: {name: e2e-hello, namespace: cozy-system}
        spec:
          sources: [{alias: catalog, kind: OCIRepository, name: %1$s, namespace: cozy-system}]
          artifacts:
            - name: e2e-hello
              copy: [{from: "@catalog/charts/hello/**", to: "@artifact/hello/"}]
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: hello-values
          namespace: %2$s
          # As the operator labels cozystack-values: a change reconciles the releases reading it.
          labels: {reconcile.fluxcd.io/watch: Enabled}
        data:
          values.yaml: "greeting: %3$s"
        ---
        apiVersion: helm.toolkit.fluxcd.io/v2
        kind: HelmRelease
        metadata: {name: hello, namespace: %2$s}
        spec:
          interval: 5m0s
          chartRef: {kind: ExternalArtifact, name: e2e-hello, namespace: cozy-system}
          install: {strategy: {name: RetryOnFailure, retryInterval: 10s}}
          upgrade: {strategy: {name: RetryOnFailure, retryInterval: 10s}}
          valuesFrom: [{kind: ConfigMap, name: hello-values}]
        """
        .formatted(SOURCE, NAMESPACE, greeting);
  }

  private static void write(Path file, String content) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }
}
