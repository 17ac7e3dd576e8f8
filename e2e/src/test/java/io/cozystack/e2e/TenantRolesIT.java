package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.marcnuri.helm.Helm;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.TenantAccess;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A tenant tree under tenant-root (a tenant, its children kid and sib, kid's child gk) installed by
 * the real Helm from the tenant chart; the operator serving the definitions of four catalogs' kinds
 * (Tenant, Postgres, ComputePlane, VMInstance) and writing each kind's tenant roles, which the
 * control plane's kube-controller-manager aggregates into the levels cozy:tenant:view, use, admin
 * and super-admin of the operator chart. Every check goes through the API server's RBAC:
 * SubjectAccessReviews for the groups of each level and real requests with ServiceAccount tokens
 * from the TokenRequest API. A test catalog's -rd chart, installed and uninstalled by Helm, shows a
 * kind's rights coming and going with its release.
 */
@ExtendWith(KubernetesExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TenantRolesIT {
  static final Path ROOT = ControlPlane.repoRoot();
  static final String APPS = "apps.cozystack.io";
  static final String NAME = "acme" + GizmoCatalog.letters(5);
  static final String ACME = "tenant-" + NAME;
  static final String KID = ACME + "-kid";
  static final String SIB = ACME + "-sib";
  static final String GK = KID + "-gk";
  static final Duration AGGREGATED = Duration.ofSeconds(60);
  static final List<String> DEFINITIONS =
      List.of(
          "catalogs/platform/charts/tenant-rd/cozyrds/tenant.yaml",
          "catalogs/services/charts/postgres-rd/cozyrds/postgres.yaml",
          "catalogs/virtualization/charts/computeplane-rd/cozyrds/computeplane.yaml",
          "catalogs/virtualization/charts/vm-instance-rd/cozyrds/vm-instance.yaml");

  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;

  @BeforeAll
  static void serveTheKindsAndInstallATenantTree() throws Exception {
    Manifests.applyFile(client, ROOT.resolve("charts/cozy-operator/templates/tenant-role.yaml"));
    PlatformValues.ensure(client);
    Manifests.namespace(client, "tenant-root");
    Manifests.namespace(client, "cozy-system");
    operator = InProcessOperator.start(kubeconfig);
    for (String definition : DEFINITIONS) {
      Manifests.applyFile(client, ROOT.resolve(definition));
    }
    tenant(NAME, "tenant-root", Map.of());
    tenant("kid", ACME, Map.of("resourceQuotas", Map.of("cpu", "4", "memory", "8Gi", "pods", 30)));
    tenant("sib", ACME, Map.of());
    tenant("gk", KID, Map.of());
    await("the level roles gather every served kind's roles")
        .atMost(AGGREGATED)
        .until(
            () ->
                allowed(group(KID, "super-admin"), KID, "create", APPS, "computeplanes")
                    && allowed(group(KID, "view"), KID, "list", APPS, "vminstances")
                    && allowed(group(KID, "admin"), KID, "create", APPS, "postgreses")
                    && allowed(group(KID, "super-admin"), KID, "create", APPS, "tenants"));
  }

  @AfterAll
  static void stop() throws Exception {
    if (operator != null) {
      operator.close();
    }
    // The chart's tenant roles were applied by hand; ChartInstallIT installs the chart itself.
    Manifests.deleteFile(client, ROOT.resolve("charts/cozy-operator/templates/tenant-role.yaml"));
  }

  @Test
  @Order(1)
  void eachLevelMaySeeWhatItsRoleSaysAndNoMore() {
    for (String level : List.of("view", "use", "admin", "super-admin")) {
      Subject s = group(KID, level);
      assertThat(allowed(s, KID, "list", APPS, "postgreses")).as(level + " lists").isTrue();
      assertThat(allowed(s, KID, "get", APPS, "tenants")).as(level + " sees tenants").isTrue();
      assertThat(allowed(s, KID, "watch", "", "pods")).as(level + " watches pods").isTrue();
      assertThat(allowed(s, KID, "get", "", "secrets")).as(level + " reads no Secret").isFalse();
      assertThat(allowed(s, KID, "list", "", "secrets")).as(level + " lists no Secret").isFalse();
      assertThat(allowed(s, SIB, "list", APPS, "postgreses")).as(level + ", sibling").isFalse();
      assertThat(allowed(s, ACME, "list", APPS, "postgreses")).as(level + ", parent").isFalse();
      assertThat(allowed(s, GK, "list", APPS, "postgreses")).as(level + ", child").isTrue();
    }
  }

  @Test
  @Order(2)
  void eachLevelAddsExactlyItsRights() {
    Subject view = group(KID, "view");
    Subject use = group(KID, "use");
    Subject admin = group(KID, "admin");
    Subject superAdmin = group(KID, "super-admin");
    String console = "virtualmachineinstances/console";

    assertThat(allowed(view, KID, "get", "subresources.kubevirt.io", console)).isFalse();
    assertThat(allowed(use, KID, "get", "subresources.kubevirt.io", console)).isTrue();
    assertThat(allowed(use, KID, "create", APPS, "postgreses")).isFalse();
    assertThat(allowed(use, KID, "delete", "", "pods")).isFalse();
    assertThat(allowed(admin, KID, "create", APPS, "postgreses")).isTrue();
    assertThat(allowed(admin, KID, "delete", APPS, "vminstances")).isTrue();
    assertThat(allowed(admin, KID, "delete", "", "pods")).isTrue();
    assertThat(allowed(admin, KID, "create", APPS, "tenants")).isFalse();
    assertThat(allowed(admin, KID, "create", APPS, "computeplanes")).isFalse();
    assertThat(allowed(superAdmin, KID, "create", APPS, "tenants")).isTrue();
    assertThat(allowed(superAdmin, KID, "patch", APPS, "computeplanes")).isTrue();
    assertThat(allowed(superAdmin, KID, "create", "", "secrets")).isFalse();
    assertThat(allowed(superAdmin, KID, "create", "rbac.authorization.k8s.io", "rolebindings"))
        .as("no level grants RBAC")
        .isFalse();
    assertThat(allowed(group(ACME, "admin"), GK, "create", APPS, "postgreses"))
        .as("a grandparent's admins administer its grandchildren")
        .isTrue();
    assertThat(allowed(group(SIB, "super-admin"), KID, "get", APPS, "tenants"))
        .as("a sibling's super-admins see nothing of it")
        .isFalse();
  }

  @Test
  @Order(3)
  void serviceAccountsReachTheirSubtreeAndNothingElseWithRealTokens() throws Exception {
    try (KubernetesClient kid = asServiceAccount(KID)) {
      assertThat(kid.pods().inNamespace(KID).list().getItems()).isEmpty();
      assertThat(kid.pods().inNamespace(GK).list().getItems()).as("its child").isEmpty();
      assertForbidden(() -> kid.secrets().inNamespace(KID).list());
      assertForbidden(() -> kid.pods().inNamespace(SIB).list());
      assertForbidden(() -> kid.pods().inNamespace(ACME).list());
    }
    try (KubernetesClient acme = asServiceAccount(ACME)) {
      assertThat(acme.pods().inNamespace(GK).list().getItems()).as("its grandchild").isEmpty();
      assertThat(acme.resourceQuotas().inNamespace(KID).withName("tenant-quota").get())
          .as("a parent sees its child's quota")
          .isNotNull();
      assertForbidden(() -> acme.secrets().inNamespace(KID).list());
    }
    assertThat(allowed(serviceAccount(ACME), KID, "create", APPS, "tenants"))
        .as("a parent's ServiceAccount orders tenants under its child")
        .isTrue();
  }

  @Test
  @Order(4)
  void theTreeIsStoredAsTheChartSays() {
    assertThat(client.namespaces().withName(GK).get().getMetadata().getLabels())
        .containsEntry("tenant.cozystack.io/tenant-root", "")
        .containsEntry("tenant.cozystack.io/" + ACME, "")
        .containsEntry("tenant.cozystack.io/" + KID, "")
        .containsEntry("tenant.cozystack.io/" + GK, "")
        .containsEntry("namespace.cozystack.io/host", "gk.kid." + NAME + ".example.org");
    assertThat(client.namespaces().withName(GK).get().getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(o -> assertThat(o.getName()).isEqualTo(KID));
    Map<String, String> hard = new java.util.TreeMap<>();
    client
        .resourceQuotas()
        .inNamespace(KID)
        .withName("tenant-quota")
        .get()
        .getSpec()
        .getHard()
        .forEach((k, v) -> hard.put(k, v.toString()));
    assertThat(hard)
        .as("limits as given, requests by the allocation ratios (cpu 10, memory 1)")
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "limits.cpu", "4",
                "requests.cpu", "400m",
                "limits.memory", "8Gi",
                "requests.memory", "8589934592",
                "pods", "30"));
    assertThat(client.limitRanges().inNamespace(KID).withName("tenant-range-limits").get())
        .isNotNull();
    NetworkPolicy isolation =
        client.network().v1().networkPolicies().inNamespace(GK).withName("tenant-isolation").get();
    assertThat(
            isolation.getSpec().getIngress().get(0).getFrom().stream()
                .map(peer -> peer.getNamespaceSelector())
                .filter(selector -> selector != null && selector.getMatchExpressions() != null)
                .flatMap(selector -> selector.getMatchExpressions().stream())
                .flatMap(expression -> expression.getValues().stream())
                .toList())
        .as("only its ancestors' namespaces reach it from outside, never a sibling")
        .containsExactly("tenant-root", ACME, KID);
  }

  @Test
  @Order(5)
  void aCatalogsRdReleaseBringsItsKindsRightsAndTakesThemAway() throws Exception {
    String release = "gizmo-" + NAME + "-rd";
    new Helm(GizmoCatalog.rdChart(Files.createTempDirectory("gizmo-rd"), NAME))
        .install()
        .withName(release)
        .withNamespace("cozy-system")
        .withKubeConfig(kubeconfig)
        .call();
    String plural = GizmoCatalog.singular(NAME) + "s";

    await(plural + " join the level roles")
        .atMost(AGGREGATED)
        .until(
            () ->
                allowed(group(KID, "view"), KID, "list", APPS, plural)
                    && allowed(group(KID, "admin"), KID, "create", APPS, plural));
    assertThat(allowed(group(KID, "use"), KID, "create", APPS, plural)).isFalse();

    client
        .resources(ApplicationDefinition.class)
        .withName(GizmoCatalog.singular(NAME))
        .edit(
            ad -> {
              ad.getMetadata().getAnnotations().put(TenantAccess.WRITE_LEVEL, "super-admin");
              return ad;
            });
    await("the write right moves to super-admin")
        .atMost(AGGREGATED)
        .until(
            () ->
                !allowed(group(KID, "admin"), KID, "create", APPS, plural)
                    && allowed(group(KID, "super-admin"), KID, "create", APPS, plural));
    assertThat(client.rbac().clusterRoles().withName("cozy:tenant:admin:" + plural).get())
        .as("the role of the old write level is deleted")
        .isNull();

    Helm.uninstall(release).withNamespace("cozy-system").withKubeConfig(kubeconfig).call();

    await(plural + " leave the level roles")
        .atMost(AGGREGATED)
        .until(() -> !allowed(group(KID, "view"), KID, "list", APPS, plural));
    assertThat(allowed(group(KID, "super-admin"), KID, "create", APPS, plural)).isFalse();
    assertThat(client.rbac().clusterRoles().withName("cozy:tenant:view:" + plural).get())
        .as("the kind's roles are deleted with its definition")
        .isNull();
    assertThat(allowed(group(KID, "admin"), KID, "create", APPS, "postgreses"))
        .as("other catalogs' kinds keep theirs")
        .isTrue();
  }

  record Subject(String user, List<String> groups) {}

  static Subject group(String tenantNamespace, String level) {
    return new Subject("someone", List.of(tenantNamespace + "-" + level));
  }

  static Subject serviceAccount(String tenantNamespace) {
    return new Subject(
        "system:serviceaccount:" + tenantNamespace + ":" + tenantNamespace,
        List.of("system:serviceaccounts", "system:serviceaccounts:" + tenantNamespace));
  }

  /** The API server's verdict on the request, by SubjectAccessReview. */
  static boolean allowed(Subject s, String ns, String verb, String group, String resource) {
    String[] parts = resource.split("/", 2);
    SubjectAccessReview review =
        new SubjectAccessReviewBuilder()
            .withNewSpec()
            .withUser(s.user())
            .withGroups(s.groups())
            .withNewResourceAttributes()
            .withNamespace(ns)
            .withVerb(verb)
            .withGroup(group)
            .withResource(parts[0])
            .withSubresource(parts.length > 1 ? parts[1] : null)
            .endResourceAttributes()
            .endSpec()
            .build();
    return client
        .authorization()
        .v1()
        .subjectAccessReview()
        .create(review)
        .getStatus()
        .getAllowed();
  }

  private static KubernetesClient asServiceAccount(String tenantNamespace) throws Exception {
    Path file =
        ServiceAccountKubeconfig.write(client, kubeconfig, tenantNamespace, tenantNamespace);
    return new KubernetesClientBuilder()
        .withConfig(Config.fromKubeconfig(Files.readString(file)))
        .build();
  }

  private static void assertForbidden(Runnable request) {
    assertThatThrownBy(request::run)
        .isInstanceOf(KubernetesClientException.class)
        .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(403));
  }

  private static void tenant(String name, String parent, Map<String, Object> values)
      throws Exception {
    Path chart = TenantCharts.vendored(Files.createTempDirectory("tenant-chart"));
    Path file = Files.createTempFile("tenant-" + name, ".yaml");
    String parentHost =
        parent.equals("tenant-root")
            ? "example.org"
            : String.join(".", reversedTail(parent)) + ".example.org";
    Map<String, Object> all = new java.util.HashMap<>(values);
    all.put("_cluster", Map.of("root-host", "example.org"));
    all.put("_namespace", Map.of("host", parentHost));
    Files.writeString(file, Serialization.asYaml(all));
    new Helm(chart)
        .install()
        .withName("tenant-" + name)
        .withNamespace(parent)
        .withKubeConfig(kubeconfig)
        .withValuesFile(file)
        .call();
  }

  /** tenant-acme-kid: kid, acme (the host labels run from the leaf up). */
  private static List<String> reversedTail(String namespace) {
    List<String> parts = new java.util.ArrayList<>(List.of(namespace.split("-")));
    parts.remove(0);
    java.util.Collections.reverse(parts);
    return parts;
  }
}
