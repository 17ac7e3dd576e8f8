package io.cozystack.e2e;

import static io.cozystack.e2e.HostileCase.refused;
import static io.cozystack.e2e.HostileCase.reported;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Hostile ApplicationDefinitions, instances and Tenants. Instances are of the two definitions the
 * suite serves: {@link #CLOSED} (a schema with types, an enum and bounds) and {@link #OPEN} (one
 * that keeps every key).
 */
final class HostileApplications {
  static final String APPS = "apps.cozystack.io/v1alpha1";

  static final String CLOSED =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: ApplicationDefinition
      metadata: {name: hxdb}
      spec:
        application:
          kind: HxDb
          plural: hxdbs
          singular: hxdb
          openAPISchema: '{"type":"object","properties":{"size":{"type":"string","enum":["small","large"],"default":"small"},"replicas":{"type":"integer","minimum":1,"maximum":9,"default":1},"users":{"type":"object","additionalProperties":{"type":"object","properties":{"password":{"type":"string"}}}}}}'
        release:
          prefix: hxdb-
          chartRef: {kind: ExternalArtifact, name: hxdb, namespace: cozy-system}
      """;

  static final String OPEN =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: ApplicationDefinition
      metadata: {name: hxopen}
      spec:
        application:
          kind: HxOpen
          plural: hxopens
          singular: hxopen
          openAPISchema: '{"type":"object","x-kubernetes-preserve-unknown-fields":true}'
        release:
          prefix: hxopen-
          chartRef: {kind: ExternalArtifact, name: hxopen, namespace: cozy-system}
      """;

  private static final String DEFINITION =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: ApplicationDefinition
      metadata: {name: hxmut}
      spec:
        application: {kind: HxMut, plural: hxmuts, singular: hxmut, openAPISchema: '{"type":"object"}'}
        release:
          prefix: hxmut-
          chartRef: {kind: ExternalArtifact, name: hxmut, namespace: cozy-system}
        dashboard: {category: PaaS, singular: Mut, plural: Muts}
      """;

  private static final String INSTANCE =
      """
      apiVersion: apps.cozystack.io/v1alpha1
      kind: HxDb
      metadata: {name: db, namespace: "{{ns}}"}
      spec: {size: small, replicas: 2, users: {app: {password: secret}}}
      """;

  private HostileApplications() {}

  static List<HostileCase> all() {
    List<HostileCase> cases = new ArrayList<>();
    cases.addAll(definitionMutations());
    cases.addAll(instanceMutations());
    cases.addAll(definitions());
    cases.addAll(instances());
    return cases;
  }

  private static List<HostileCase> definitionMutations() {
    return HostileMutations.of("ApplicationDefinition", DEFINITION)
        .set("spec.release.prefix", "acme.web-", "Web-")
        .remove("spec.release.chartRef")
        .set("spec.release.chartRef.kind", "GitRepository")
        .set("spec.release.chartRef.name", "")
        .set("spec.release.chartRef.namespace", "n".repeat(64))
        .remove("spec.application.openAPISchema")
        .set("spec.application.openAPISchema", Map.of("type", "object"))
        .set("spec.placement", "Elsewhere")
        .set("spec.release.waitStrategy", "eventually")
        .set("spec.release.requiredValues", List.of("_secrets.token"))
        .set("spec.dashboard.tabs", List.of("terminal"))
        .remove("spec.dashboard.category")
        .cases();
  }

  private static List<HostileCase> instanceMutations() {
    return HostileMutations.of("HxDb", INSTANCE)
        .set("spec._cluster", Map.of("root-host", "evil.org"))
        .set("spec._namespace", Map.of("host", "evil.org"))
        .set("spec.size", "huge", 3)
        .set("spec.replicas", 0, 10, "two")
        .set("spec.users", "app")
        .set("spec.users.app.password", 42)
        .set("spec.backdoor", true)
        .cases();
  }

  private static List<HostileCase> definitions() {
    return List.of(
        refused(
            "definition named beyond 63 characters",
            DEFINITION.replace("name: hxmut}", "name: " + "a".repeat(64) + "}"),
            "name has at most 63 characters"),
        reported(
            "property of type foo",
            definition("hx-foo", "HxFoo", prop("{\"type\":\"foo\"}")),
            "CRDRefused"),
        reported(
            "default of the wrong type",
            definition("hx-default", "HxDefault", prop("{\"type\":\"integer\",\"default\":\"x\"}")),
            "CRDRefused"),
        reported(
            "CEL that does not compile",
            definition(
                "hx-cel",
                "HxCel",
                "{\\\"type\\\":\\\"object\\\",\\\"x-kubernetes-validations\\\":[{\\\"rule\\\":\\\"self.a ==\\\"}]}"),
            "CRDRefused"),
        reported(
            "list map without keys",
            definition(
                "hx-listmap",
                "HxListMap",
                prop(
                    "{\"type\":\"array\",\"x-kubernetes-list-type\":\"map\",\"items\":{\"type\":\"object\"}}")),
            "CRDRefused"),
        reported(
            "schema that is not JSON",
            definition("hx-notjson", "HxNotJson", "{not json"),
            "InvalidDefinition"),
        reported(
            "schema declaring _cluster",
            definition(
                "hx-reserved",
                "HxReserved",
                "{\\\"type\\\":\\\"object\\\",\\\"properties\\\":{\\\"_cluster\\\":{\\\"type\\\":\\\"object\\\"}}}"),
            "InvalidDefinition"),
        reported(
            "kind shadowing Pod",
            definitionNamed("hx-pod", "Pod", "pods", "pod", "pod-"),
            "InvalidDefinition"),
        reported(
            "plural shadowing namespaces",
            definitionNamed("hx-ns", "HxNs", "namespaces", "hxns", "hxns-"),
            "InvalidDefinition"),
        reported(
            "release prefix leaving instances no room",
            definitionNamed("hx-long", "HxLong", "hxlongs", "hxlong", "p".repeat(60)),
            "InvalidDefinition"),
        reported(
            "release labels Kubernetes refuses on every release",
            definitionNamed("hx-labels", "HxLabels", "hxlabels", "hxlabel", "hxlabel-")
                .replace(
                    "    prefix: hxlabel-", "    prefix: hxlabel-\n    labels: {\"bad key!\": x}"),
            "InvalidDefinition"),
        reported(
            "kind another definition serves",
            definitionNamed("hx-thief", "HxDb", "hxthieves", "hxthief", "hxthief-"),
            "KindConflict"),
        reported(
            "plural another definition serves",
            definitionNamed("hx-plural-thief", "HxPluralThief", "hxdbs", "hxpt", "hxpt-"),
            "KindConflict"));
  }

  private static List<HostileCase> instances() {
    return List.of(
        refused(
            "instance whose release name would pass Helm's 53 characters",
            INSTANCE.replace("name: db,", "name: " + "d".repeat(60) + ","),
            "name must be at most 48 characters"),
        refused(
            "undeclared _ key in an open schema",
            """
            apiVersion: apps.cozystack.io/v1alpha1
            kind: HxOpen
            metadata: {name: sneaky, namespace: "{{ns}}"}
            spec: {_secrets: {token: stolen}, size: 1}
            """,
            "spec._secrets: top-level keys starting with _ carry the platform values"),
        reported(
            "instance in a namespace without platform values",
            instance("HxDb", "lonely", "hx-valueless"),
            "ValuesMissing"),
        reported(
            "instance in kube-system", instance("HxDb", "sys", "kube-system"), "ValuesMissing"),
        reported("instance in default", instance("HxDb", "dflt", "default"), "ValuesMissing"),
        reported(
            "Tenant outside the tenant tree",
            """
            apiVersion: apps.cozystack.io/v1alpha1
            kind: Tenant
            metadata: {name: hxtenant, namespace: kube-system}
            spec: {}
            """,
            "ValuesMissing"),
        refused(
            "Tenant with an upper-case name",
            """
            apiVersion: apps.cozystack.io/v1alpha1
            kind: Tenant
            metadata: {name: Acme, namespace: "{{ns}}"}
            spec: {}
            """,
            "metadata.name"));
  }

  private static String prop(String schema) {
    return ("{\"type\":\"object\",\"properties\":{\"size\":" + schema + "}}").replace("\"", "\\\"");
  }

  private static String definition(String name, String kind, String schema) {
    String lower = kind.toLowerCase(java.util.Locale.ROOT);
    return definitionNamed(name, kind, lower + "s", lower, lower + "-")
        .replace("'{\"type\":\"object\"}'", "\"" + schema + "\"");
  }

  private static String definitionNamed(
      String name, String kind, String plural, String singular, String prefix) {
    return """
        apiVersion: cozystack.io/v1alpha1
        kind: ApplicationDefinition
        metadata: {name: %s}
        spec:
          application: {kind: %s, plural: %s, singular: %s, openAPISchema: '{"type":"object"}'}
          release:
            prefix: %s
            chartRef: {kind: ExternalArtifact, name: %s, namespace: cozy-system}
        """
        .formatted(name, kind, plural, singular, prefix, name);
  }

  private static String instance(String kind, String name, String namespace) {
    return """
        apiVersion: apps.cozystack.io/v1alpha1
        kind: %s
        metadata: {name: %s, namespace: %s}
        spec: {}
        """
        .formatted(kind, name, namespace);
  }
}
