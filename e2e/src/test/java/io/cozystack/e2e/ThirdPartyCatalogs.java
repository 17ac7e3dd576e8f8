package io.cozystack.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Two catalogs from outside the platform, as their publishers would push them: {@code acme-apps}
 * behaves (an application kind, a Package installing a ConfigMap and a CRD of its own group, all
 * declared), {@code evil-apps} does not: a ClusterRoleBinding to cluster-admin, a chart that reads
 * a Secret in cozy-system, a CRD in acme's group, a RoleBinding to cluster-admin (RoleBindings it
 * declares, and holds), a Package installing into kube-system (declared, but a namespace no
 * untrusted catalog is granted), and a PackageSource that reads the platform's source to pass as
 * the platform. Each has a catalog chart (its PackageSources and a Package for each), installed by
 * a PackageSource and Package a platform operator applies ({@link #installer}).
 */
final class ThirdPartyCatalogs {
  static final String ACME = "acme-apps";
  static final String EVIL = "evil-apps";
  static final String ACME_PACKAGE = "acme.site-application";
  static final String EVIL_PACKAGE = "evil.tools";
  static final String FORGED_PACKAGE = "evil.forged";
  static final String SYSTEM_PACKAGE = "evil.system";
  static final String SECRET = "cozy-trust-secret";
  static final String EVIL_CRD = "widgets.web.acme.example.com";
  static final String ACME_CRD = "sites.web.acme.example.com";

  private ThirdPartyCatalogs() {}

  /** The PackageSource and Package that install a catalog's charts/catalog from its source. */
  static String installer(String source) {
    String name = source.replaceFirst("-", ".") + "-catalog";
    return """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata:
          name: %1$s
          annotations: {operator.cozystack.io/skip-cozystack-values: "true"}
        spec:
          sourceRef: {kind: OCIRepository, name: %2$s, namespace: cozy-system, path: /}
          variants:
            - name: default
              components:
                - name: catalog
                  path: charts/catalog
                  install: {namespace: cozy-system, releaseName: %2$s-catalog}
        ---
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: %1$s}
        spec: {variant: default}
        """
        .formatted(name, source);
  }

  static String installerPackage(String source) {
    return source.replaceFirst("-", ".") + "-catalog";
  }

  static Path acme(Path dir) throws IOException {
    catalogChart(dir, "acme");
    write(
        dir.resolve("charts/catalog/sources/site-application.yaml"),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata:
          name: %s
          annotations: {operator.cozystack.io/skip-cozystack-values: "true"}
        spec:
          sourceRef: {kind: OCIRepository, name: %s, namespace: cozy-system, path: /}
          catalog:
            name: acme.apps
            version: 1.0.0
            minPlatformVersion: 0.1.0
            contractVersion: 1
            rights:
              namespaces: [acme-system]
              clusterScoped:
                - {apiGroup: cozystack.io, kind: ApplicationDefinition}
              namespaced:
                - {apiGroup: "", kind: ConfigMap}
              customResourceGroups: [web.acme.example.com]
          variants:
            - name: default
              components:
                - name: site
                  path: charts/site
                - name: site-rd
                  path: charts/site-rd
                  install: {namespace: cozy-system, releaseName: acme-site-rd}
                - name: operator
                  path: charts/operator
                  install: {namespace: acme-system, releaseName: acme-operator}
        """
            .formatted(ACME_PACKAGE, ACME));
    chart(dir, "site", "page.yaml", configMap("{{ .Release.Name }}-page", "{{ .Values.title }}"));
    write(dir.resolve("charts/site/values.yaml"), "title: hello\n");
    chart(
        dir,
        "site-rd",
        "cozyrds.yaml",
        "{{ range $path, $_ := .Files.Glob \"cozyrds/*.yaml\" }}\n---\n{{ $.Files.Get $path }}\n{{ end }}\n");
    write(
        dir.resolve("charts/site-rd/cozyrds/site.yaml"),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: ApplicationDefinition
        metadata: {name: acme-site}
        spec:
          application:
            kind: AcmeSite
            singular: acmesite
            plural: acmesites
            openAPISchema: '{"type":"object","properties":{"title":{"type":"string","default":"hello"}}}'
          release:
            prefix: acme-site-
            chartRef: {kind: ExternalArtifact, name: acme-site-application-default-site, namespace: cozy-system}
        """);
    chart(dir, "operator", "config.yaml", configMap("acme-operator-config", "on"));
    write(dir.resolve("charts/operator/templates/crd.yaml"), crd("sites", "Site"));
    return dir;
  }

  static Path evil(Path dir) throws IOException {
    catalogChart(dir, "evil");
    write(
        dir.resolve("charts/catalog/sources/tools.yaml"),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata:
          name: %s
          annotations: {operator.cozystack.io/skip-cozystack-values: "true"}
        spec:
          sourceRef: {kind: OCIRepository, name: %s, namespace: cozy-system, path: /}
          catalog:
            name: evil.tools
            version: 1.0.0
            minPlatformVersion: 0.1.0
            contractVersion: 1
            rights:
              namespaces: [evil-system]
              clusterScoped:
                - {apiGroup: rbac.authorization.k8s.io, kind: ClusterRoleBinding}
              namespaced:
                - {apiGroup: "", kind: ConfigMap}
                - {apiGroup: rbac.authorization.k8s.io, kind: RoleBinding}
              customResourceGroups: [tools.evil.example.com]
          variants:
            - name: default
              components:
                - name: takeover
                  path: charts/takeover
                  install: {namespace: evil-system, releaseName: takeover, disableWait: true}
                - name: peek
                  path: charts/peek
                  install: {namespace: evil-system, releaseName: peek, disableWait: true}
                - name: squat
                  path: charts/squat
                  install: {namespace: evil-system, releaseName: squat, disableWait: true}
                - name: grant
                  path: charts/grant
                  install: {namespace: evil-system, releaseName: grant, disableWait: true}
        """
            .formatted(EVIL_PACKAGE, EVIL));
    write(
        dir.resolve("charts/catalog/sources/system.yaml"),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata:
          name: %s
          annotations: {operator.cozystack.io/skip-cozystack-values: "true"}
        spec:
          sourceRef: {kind: OCIRepository, name: %s, namespace: cozy-system, path: /}
          catalog:
            name: evil.tools
            version: 1.0.0
            minPlatformVersion: 0.1.0
            contractVersion: 1
            rights:
              namespaces: [evil-system, kube-system]
              namespaced:
                - {apiGroup: "", kind: ConfigMap}
                - {apiGroup: "", kind: Secret}
          variants:
            - name: default
              components:
                - name: settle
                  path: charts/settle
                  install: {namespace: kube-system, releaseName: settle, disableWait: true}
        """
            .formatted(SYSTEM_PACKAGE, EVIL));
    chart(dir, "settle", "marker.yaml", configMap("evil-settled", "here"));
    write(
        dir.resolve("charts/catalog/sources/forged.yaml"),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata:
          name: %s
          annotations: {operator.cozystack.io/skip-cozystack-values: "true"}
        spec:
          sourceRef: {kind: OCIRepository, name: cozystack-platform, namespace: cozy-system, path: /}
          variants:
            - name: default
              components:
                - name: tenant-rd
                  path: charts/tenant-rd
                  install: {namespace: evil-system, releaseName: forged}
        """
            .formatted(FORGED_PACKAGE));
    chart(
        dir,
        "takeover",
        "binding.yaml",
        """
        apiVersion: rbac.authorization.k8s.io/v1
        kind: ClusterRoleBinding
        metadata: {name: evil-takeover}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}
        subjects:
          - {kind: ServiceAccount, name: default, namespace: evil-system}
        """);
    chart(
        dir,
        "peek",
        "stolen.yaml",
        configMap(
            "peek",
            "{{ (lookup \"v1\" \"Secret\" \"cozy-system\" \"" + SECRET + "\").data | toJson }}"));
    chart(dir, "squat", "crd.yaml", crd("widgets", "Widget"));
    chart(
        dir,
        "grant",
        "binding.yaml",
        """
        apiVersion: rbac.authorization.k8s.io/v1
        kind: RoleBinding
        metadata: {name: evil-admin}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}
        subjects:
          - {kind: ServiceAccount, name: default, namespace: evil-system}
        """);
    return dir;
  }

  private static String configMap(String name, String value) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: %s}
        data:
          value: %s
        """
        .formatted(name, "'" + value + "'");
  }

  private static String crd(String plural, String kind) {
    return """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: %1$s.web.acme.example.com}
        spec:
          group: web.acme.example.com
          scope: Namespaced
          names: {plural: %1$s, singular: %2$s, kind: %3$s}
          versions:
            - name: v1
              served: true
              storage: true
              schema:
                openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
        """
        .formatted(plural, kind.toLowerCase(java.util.Locale.ROOT), kind);
  }

  /** charts/catalog: every PackageSource under sources/ and a Package for each. */
  private static void catalogChart(Path dir, String publisher) throws IOException {
    write(
        dir.resolve("charts/catalog/Chart.yaml"),
        "apiVersion: v2\nname: " + publisher + "-catalog\nversion: 1.0.0\n");
    write(
        dir.resolve("charts/catalog/templates/sources.yaml"),
        """
        {{- range $path, $_ := .Files.Glob "sources/*.yaml" }}
        {{- $source := $.Files.Get $path | fromYaml }}
        ---
        {{ $.Files.Get $path }}
        ---
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata:
          name: {{ $source.metadata.name }}
        spec:
          variant: default
        {{- end }}
        """);
  }

  private static void chart(Path dir, String name, String template, String content)
      throws IOException {
    write(
        dir.resolve("charts/" + name + "/Chart.yaml"),
        "apiVersion: v2\nname: " + name + "\nversion: 1.0.0\n");
    write(dir.resolve("charts/" + name + "/templates/" + template), content);
  }

  private static void write(Path file, String content) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }
}
