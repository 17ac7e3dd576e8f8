package io.cozystack.operator.apps;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.contracts.validation.DefinitionCheck;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A served kind's tenant roles, rendered from its definition alone. */
class TenantKindRolesTest {

  static ApplicationDefinition definition(String annotations, String dashboard) {
    return Serialization.unmarshal(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: ApplicationDefinition
        metadata: {name: widget, annotations: %s}
        spec:
          application: {kind: Widget, singular: widget, plural: widgets, openAPISchema: '{"type":"object"}'}
          release: {prefix: "widget-", chartRef: {kind: ExternalArtifact, name: w, namespace: cozy-system}}
          dashboard: %s
        """
            .formatted(annotations, dashboard),
        ApplicationDefinition.class);
  }

  @Test
  void anApplicationIsReadAtViewAndWrittenAtAdmin() {
    List<ClusterRole> roles = TenantKindRoles.render(definition("{}", "{}"));

    assertThat(roles)
        .extracting(r -> r.getMetadata().getName())
        .containsExactly("cozy:tenant:view:widgets", "cozy:tenant:admin:widgets");
    assertThat(roles.get(0).getMetadata().getLabels())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "cozystack.io/applicationdefinition", "widget",
                "rbac.cozystack.io/aggregate-to-tenant-view", "true"));
    assertThat(roles.get(0).getRules())
        .singleElement()
        .satisfies(
            rule -> {
              assertThat(rule.getApiGroups()).containsExactly("apps.cozystack.io");
              assertThat(rule.getResources()).containsExactly("widgets");
              assertThat(rule.getVerbs()).containsExactly("get", "list", "watch");
            });
    assertThat(roles.get(1).getMetadata().getLabels())
        .containsEntry("rbac.cozystack.io/aggregate-to-tenant-admin", "true");
    assertThat(roles.get(1).getRules().get(0).getVerbs())
        .containsExactly("create", "update", "patch", "delete");
  }

  @Test
  void aModuleIsWrittenAtSuperAdmin() {
    assertThat(
            TenantKindRoles.render(definition("{}", "{module: true}"))
                .get(1)
                .getMetadata()
                .getName())
        .isEqualTo("cozy:tenant:super-admin:widgets");
  }

  @Test
  void theDefinitionMayNameItsWriteLevel() {
    assertThat(
            TenantKindRoles.render(
                    definition("{rbac.cozystack.io/tenant-write-level: use}", "{module: true}"))
                .get(1)
                .getMetadata()
                .getName())
        .isEqualTo("cozy:tenant:use:widgets");
  }

  @Test
  void anUnknownWriteLevelIsRefusedNamingTheAnnotationAndTheLevels() {
    DefinitionCheck.Result check =
        DefinitionCheck.check(definition("{rbac.cozystack.io/tenant-write-level: owner}", "{}"));

    assertThat(check.problems())
        .containsExactly(
            "annotation rbac.cozystack.io/tenant-write-level 'owner' must be one of use, admin,"
                + " super-admin");
  }
}
