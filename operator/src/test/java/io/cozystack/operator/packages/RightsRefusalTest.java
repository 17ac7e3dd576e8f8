package io.cozystack.operator.packages;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** helm-controller's failure messages, as CatalogTrustIT recorded them, read plainly. */
class RightsRefusalTest {

  @Test
  void anRbacRefusalNamesTheCatalogTheVerbTheResourceTheObjectAndTheNamespace() {
    String helm =
        "Helm install failed for release evil-system/peek with chart peek@1.0.0+650f2db5d294:"
            + " template: peek/templates/stolen.yaml:5:14: executing \"peek/templates/stolen.yaml\""
            + " at <lookup \"v1\" \"Secret\" \"cozy-system\" \"cozy-trust-secret\">: error calling"
            + " lookup: secrets \"cozy-trust-secret\" is forbidden: User"
            + " \"system:serviceaccount:evil-system:cozy-catalog-evil-apps\" cannot get resource"
            + " \"secrets\" in API group \"\" in the namespace \"cozy-system\"";

    assertThat(RightsRefusal.describe(helm))
        .hasValue(
            "catalog source evil-apps may not get secrets (API group core) cozy-trust-secret in"
                + " namespace cozy-system: the right is not among those the catalog declares"
                + " (spec.catalog.rights)");
  }

  @Test
  void aClusterScopedRefusalHasNoNamespace() {
    String helm =
        "unable to continue with install: could not get information about the resource"
            + " ClusterRoleBinding \"evil-takeover\" in namespace \"\":"
            + " clusterrolebindings.rbac.authorization.k8s.io \"evil-takeover\" is forbidden: User"
            + " \"system:serviceaccount:evil-system:cozy-catalog-evil-apps\" cannot get resource"
            + " \"clusterrolebindings\" in API group \"rbac.authorization.k8s.io\" at the cluster"
            + " scope";

    assertThat(RightsRefusal.describe(helm))
        .hasValueSatisfying(
            m ->
                assertThat(m)
                    .startsWith(
                        "catalog source evil-apps may not get clusterrolebindings (API group"
                            + " rbac.authorization.k8s.io) evil-takeover:")
                    .doesNotContain("in namespace"));
  }

  @Test
  void anEscalationIsNamedAsSuch() {
    String helm =
        "rolebindings.rbac.authorization.k8s.io \"evil-admin\" is forbidden: user"
            + " \"system:serviceaccount:evil-system:cozy-catalog-evil-apps\""
            + " (groups=[\"system:serviceaccounts\" \"system:authenticated\"]) is attempting to"
            + " grant RBAC permissions not currently held:\n{APIGroups:[\"*\"], ...}";

    assertThat(RightsRefusal.describe(helm))
        .hasValue(
            "catalog source evil-apps may not create rolebindings.rbac.authorization.k8s.io"
                + " evil-admin: it grants rights the catalog does not hold (bind and escalate are"
                + " never granted)");
  }

  @Test
  void theCatalogsAdmissionPolicyIsQuoted() {
    String helm =
        "server-side apply failed for object /widgets.web.acme.example.com:"
            + " customresourcedefinitions.apiextensions.k8s.io \"widgets.web.acme.example.com\" is"
            + " forbidden: ValidatingAdmissionPolicy 'cozy-catalog-evil-apps' with binding"
            + " 'cozy-catalog-evil-apps' denied request: catalog evil.tools may not touch"
            + " CustomResourceDefinition widgets.web.acme.example.com: not of a group it declares";

    assertThat(RightsRefusal.describe(helm))
        .hasValue(
            "catalog source evil-apps refused customresourcedefinitions.apiextensions.k8s.io"
                + " widgets.web.acme.example.com: catalog evil.tools may not touch"
                + " CustomResourceDefinition widgets.web.acme.example.com: not of a group it"
                + " declares");
  }

  @Test
  void otherFailuresAndOtherAccountsAreNotRefusalsOfACatalog() {
    assertThat(RightsRefusal.describe("nil pointer evaluating interface {}.key")).isEmpty();
    assertThat(
            RightsRefusal.describe(
                "secrets \"x\" is forbidden: User \"system:serviceaccount:a:default\" cannot get"
                    + " resource \"secrets\" in API group \"\" in the namespace \"b\""))
        .isEmpty();
    assertThat(RightsRefusal.describe(null)).isEmpty();
  }
}
