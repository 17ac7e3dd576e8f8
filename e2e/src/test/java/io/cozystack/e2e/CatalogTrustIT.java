package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.v1alpha1.Package;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Catalog trust on Flux's real helm-controller and the API server's real RBAC and admission. The
 * platform is bootstrapped from its catalog's URL (its three catalogs trusted, the default); then
 * two third-party catalogs are published and installed as a platform operator would: acme's, which
 * declares what it renders, installs and serves its kind; evil's, whose charts bind cluster-admin,
 * read a Secret in cozy-system and create a CRD of acme's group, fails each, says which object and
 * which right on its Package, and leaves nothing on the API server. What is asserted is read from
 * the API server (objects, SubjectAccessReviews), not from the operator's view.
 */
@ExtendWith(KubernetesExtension.class)
@WithFlux
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CatalogTrustIT {
  static final Duration INSTALL = Duration.ofMinutes(3);
  static final String HR = "helm.toolkit.fluxcd.io/v2";
  static final String ACME_ACCOUNT = "cozy-catalog-" + ThirdPartyCatalogs.ACME;
  static final String EVIL_ACCOUNT = "cozy-catalog-" + ThirdPartyCatalogs.EVIL;

  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  @Kube static Registry registry;
  static OperatorProcess operator;

  @BeforeAll
  static void platformAndCatalogs() throws Exception {
    LocalPlatform.prepare(client);
    LocalPlatform.publishCatalogs(registry, "0.1.0");
    operator = LocalPlatform.startOperator(kubeconfig, registry, "0.1.0");
    Manifests.namespace(client, "cozy-system");
    Manifests.apply(
        client,
        "apiVersion: v1\nkind: Secret\nmetadata: {name: %s, namespace: cozy-system}\n"
                .formatted(ThirdPartyCatalogs.SECRET)
            + "stringData: {token: platform-only}\n");
    Path acme = ThirdPartyCatalogs.acme(Files.createTempDirectory("catalog").resolve("acme"));
    Path evil = ThirdPartyCatalogs.evil(Files.createTempDirectory("catalog").resolve("evil"));
    PublishedCatalogs.publish(client, registry, acme, ThirdPartyCatalogs.ACME, "1.0.0");
    PublishedCatalogs.publish(client, registry, evil, ThirdPartyCatalogs.EVIL, "1.0.0");
    Manifests.apply(client, ThirdPartyCatalogs.installer(ThirdPartyCatalogs.ACME));
    Manifests.apply(client, ThirdPartyCatalogs.installer(ThirdPartyCatalogs.EVIL));
  }

  @AfterAll
  static void stop() throws Exception {
    LocalPlatform.stop(operator);
  }

  @Test
  @Order(1)
  void theTrustedPlatformCatalogInstallsWithHelmControllersRights() {
    for (String name :
        new String[] {"cozystack.cozystack-platform", "cozystack.tenant-application"}) {
      awaitReady(name);
      FluxStatusView status = FluxStatusView.of(pkg(name));
      assertThat(status.is("Trusted", "True")).as("%s: %s", name, status).isTrue();
      assertThat(status.reason("Trusted")).isEqualTo("TrustedSource");
    }
    GenericKubernetesResource rd = release("cozy-system", "tenant-rd");
    assertThat(spec(rd)).doesNotContainKey("serviceAccountName");
  }

  @Test
  @Order(2)
  void aWellBehavedCatalogInstallsAsItsOwnAccountWithTheRightsItDeclares() {
    awaitReady(ThirdPartyCatalogs.installerPackage(ThirdPartyCatalogs.ACME));
    awaitReady(ThirdPartyCatalogs.ACME_PACKAGE);
    FluxStatusView status = FluxStatusView.of(pkg(ThirdPartyCatalogs.ACME_PACKAGE));
    assertThat(status.is("Trusted", "False")).as("%s", status).isTrue();
    assertThat(status.message("Trusted")).contains("ServiceAccount " + ACME_ACCOUNT);
    for (String[] r :
        new String[][] {{"cozy-system", "acme-site-rd"}, {"acme-system", "acme-operator"}}) {
      assertThat(spec(release(r[0], r[1])))
          .containsEntry("serviceAccountName", ACME_ACCOUNT)
          .containsEntry("storageNamespace", ACME_ACCOUNT);
    }
    assertThat(
            client.configMaps().inNamespace("acme-system").withName("acme-operator-config").get())
        .as("installed by helm-controller as the catalog's account")
        .isNotNull();
    assertThat(crd(ThirdPartyCatalogs.ACME_CRD)).as("a CRD of its declared group").isNotNull();
    assertThat(can(ACME_ACCOUNT, "cozy-system", "get", "", "secrets", "cozy-system"))
        .as("no namespaced right in cozy-system")
        .isFalse();

    LocalPlatform.apply(client, "AcmeSite", "tenant-root", "home", Map.of("title", "welcome"));
    await("AcmeSite home Ready")
        .atMost(INSTALL)
        .until(
            () ->
                FluxStatusView.of(LocalPlatform.instance(client, "AcmeSite", "tenant-root", "home"))
                    .is("Ready", "True"));
    assertThat(spec(release("tenant-root", "acme-site-home")))
        .containsEntry("serviceAccountName", ACME_ACCOUNT);
    assertThat(client.configMaps().inNamespace("tenant-root").withName("acme-site-home-page").get())
        .isNotNull()
        .satisfies(c -> assertThat(c.getData()).containsEntry("value", "welcome"));
  }

  @Test
  @Order(3)
  void aHostileCatalogIsRefusedEachEscalationAndNothingOfItLands() {
    // Its catalog release waits for its Packages, which never become Ready: it is not awaited.
    awaitPackage(
        ThirdPartyCatalogs.EVIL_PACKAGE,
        s ->
            s.is("Ready", "False")
                && s.message("Ready").contains("takeover")
                && s.message("Ready").contains("peek")
                && s.message("Ready").contains("squat")
                && s.message("Ready").contains("grant")
                && s.message("Ready").split("OutsideDeclaredRights").length == 5);
    FluxStatusView status = FluxStatusView.of(pkg(ThirdPartyCatalogs.EVIL_PACKAGE));
    assertThat(status.reason("Ready")).isEqualTo("OutsideDeclaredRights");
    assertThat(status.is("Trusted", "False")).isTrue();
    assertThat(component(status, "takeover"))
        .contains("catalog source " + ThirdPartyCatalogs.EVIL)
        .contains("clusterrolebindings")
        .contains("evil-takeover");
    assertThat(component(status, "peek"))
        .contains("may not get secrets (API group core) " + ThirdPartyCatalogs.SECRET)
        .contains("in namespace cozy-system");
    assertThat(component(status, "squat"))
        .contains(ThirdPartyCatalogs.EVIL_CRD)
        .contains("customResourceGroups: tools.evil.example.com");

    assertThat(component(status, "grant"))
        .contains("may not create rolebindings.rbac.authorization.k8s.io evil-admin")
        .contains("bind and escalate are never granted");
    assertThat(client.rbac().roleBindings().inNamespace("evil-system").withName("evil-admin").get())
        .as("no binding to cluster-admin in its own namespace either")
        .isNull();
    assertThat(client.rbac().clusterRoleBindings().withName("evil-takeover").get())
        .as("no binding to cluster-admin")
        .isNull();
    assertThat(client.configMaps().inNamespace("evil-system").withName("peek").get())
        .as("the Secret's data never landed")
        .isNull();
    assertThat(crd(ThirdPartyCatalogs.EVIL_CRD)).as("no CRD in acme's group").isNull();
    assertThat(
            can(
                EVIL_ACCOUNT,
                "evil-system",
                "create",
                "rbac.authorization.k8s.io",
                "clusterrolebindings",
                null))
        .as("declared, but never granted")
        .isFalse();
    assertThat(can(EVIL_ACCOUNT, "evil-system", "get", "", "secrets", "cozy-system")).isFalse();
    assertThat(can(EVIL_ACCOUNT, "evil-system", "create", "", "configmaps", "evil-system"))
        .as("what it declares, it holds")
        .isTrue();
  }

  @Test
  @Order(4)
  void aCatalogIsNeverGrantedANamespaceOfKubernetesEvenWhenItDeclaresOne() {
    awaitPackage(
        ThirdPartyCatalogs.SYSTEM_PACKAGE,
        s -> s.is("Ready", "False") && "NamespaceNotGranted".equals(s.reason("Ready")));
    FluxStatusView status = FluxStatusView.of(pkg(ThirdPartyCatalogs.SYSTEM_PACKAGE));
    assertThat(status.is("Stalled", "True")).as("a person must act: %s", status).isTrue();
    assertThat(status.message("Ready"))
        .contains("component settle of catalog source " + ThirdPartyCatalogs.EVIL)
        .contains("installs into namespace kube-system")
        .contains("a namespace of Kubernetes or the platform");
    assertThat(release("kube-system", "settle")).as("no release written").isNull();
    assertThat(client.configMaps().inNamespace("kube-system").withName("evil-settled").get())
        .isNull();
    assertThat(client.rbac().roleBindings().inNamespace("kube-system").withName(EVIL_ACCOUNT).get())
        .as("no binding of the catalog's rights in kube-system")
        .isNull();
    assertThat(can(EVIL_ACCOUNT, "evil-system", "get", "", "secrets", "kube-system")).isFalse();
    assertThat(client.namespaces().withName("kube-system").get().getMetadata().getLabels())
        .as("kube-system is not labelled for the Package")
        .doesNotContainKey("cozystack.io/system");
  }

  @Test
  @Order(5)
  void aCatalogCannotPassItsSourceOffAsTheTrustedPlatforms() {
    awaitPackage(
        ThirdPartyCatalogs.FORGED_PACKAGE, s -> "CatalogMismatch".equals(s.reason("Ready")));
    assertThat(FluxStatusView.of(pkg(ThirdPartyCatalogs.FORGED_PACKAGE)).message("Ready"))
        .contains("created by a release of catalog source " + ThirdPartyCatalogs.EVIL)
        .contains("reads source cozystack-platform");
    assertThat(release("evil-system", "forged")).as("no release written").isNull();
  }

  private static String component(FluxStatusView status, String name) {
    return status.path("components").path(name).path("message").asText();
  }

  /** The API server's own answer: may this catalog account do it? */
  private static boolean can(
      String account,
      String accountNamespace,
      String verb,
      String group,
      String resource,
      String namespace) {
    SubjectAccessReview review =
        new SubjectAccessReviewBuilder()
            .withNewSpec()
            .withUser("system:serviceaccount:" + accountNamespace + ":" + account)
            .withNewResourceAttributes()
            .withVerb(verb)
            .withGroup(group)
            .withResource(resource)
            .withNamespace(namespace)
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

  private static void awaitReady(String name) {
    awaitPackage(name, s -> s.is("Ready", "True"));
  }

  /** Waits for Package {@code name}'s status to pass; on timeout, fails showing that status. */
  private static void awaitPackage(
      String name, java.util.function.Predicate<FluxStatusView> condition) {
    try {
      await("Package " + name)
          .atMost(INSTALL)
          .failFast("the operator exited", () -> !operator.process.isAlive())
          .until(() -> condition.test(FluxStatusView.of(pkg(name))));
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError(
          "Package " + name + " did not get there; its status: " + FluxStatusView.of(pkg(name)), e);
    }
  }

  private static Package pkg(String name) {
    return client.resources(Package.class).withName(name).get();
  }

  private static GenericKubernetesResource release(String namespace, String name) {
    return PublishedCatalogs.get(client, HR, "HelmRelease", namespace, name);
  }

  private static Object crd(String name) {
    return client.apiextensions().v1().customResourceDefinitions().withName(name).get();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(GenericKubernetesResource object) {
    assertThat(object).as("the HelmRelease exists").isNotNull();
    return (Map<String, Object>) object.getAdditionalProperties().get("spec");
  }
}
