package io.cozystack.operator.apps;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.AppsApi;
import io.cozystack.api.v1alpha1.TenantAccess;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A served kind's rights at the tenant access levels: ClusterRole {@code cozy:tenant:view:<plural>}
 * (get, list, watch) and {@code cozy:tenant:<write level>:<plural>} (create, update, patch,
 * delete), each labelled to aggregate into its level (and so into every higher one) and with the
 * definition it comes from. They exist while the kind is served: written when the definition is
 * served, deleted with it, so removing a catalog's definition removes its kind's rights. A
 * definition can grant rights on its own kind only, never on anything else.
 */
final class TenantKindRoles {
  static final List<String> READ = List.of("get", "list", "watch");
  static final List<String> WRITE = List.of("create", "update", "patch", "delete");
  private static final Logger LOG = LoggerFactory.getLogger(TenantKindRoles.class);

  private TenantKindRoles() {}

  /** The kind's roles (pure). */
  static List<ClusterRole> render(ApplicationDefinition definition) {
    String plural = definition.getSpec().application().plural();
    String name = definition.getMetadata().getName();
    return List.of(
        role(name, "view", plural, READ),
        role(name, TenantAccess.writeLevel(definition), plural, WRITE));
  }

  /**
   * Applies the kind's roles (server-side, as the definition controller) and deletes any other role
   * written for the definition before (its write level or plural changed).
   */
  static void apply(KubernetesClient client, ApplicationDefinition definition) {
    List<ClusterRole> desired = render(definition);
    for (ClusterRole role : desired) {
      client
          .resource(role)
          .fieldManager(ApplicationDefinitionReconciler.FIELD_MANAGER)
          .forceConflicts()
          .serverSideApply();
    }
    Set<String> keep =
        desired.stream().map(r -> r.getMetadata().getName()).collect(Collectors.toSet());
    deleteExcept(client, definition.getMetadata().getName(), keep);
  }

  /** Deletes every role written for definition {@code name}. */
  static void remove(KubernetesClient client, String name) {
    deleteExcept(client, name, Set.of());
  }

  private static void deleteExcept(KubernetesClient client, String definition, Set<String> keep) {
    for (ClusterRole role :
        client
            .rbac()
            .clusterRoles()
            .withLabel(AppsApi.DEFINITION_LABEL, definition)
            .list()
            .getItems()) {
      String name = role.getMetadata().getName();
      if (!keep.contains(name)) {
        LOG.info("Deleting ClusterRole {} of ApplicationDefinition {}", name, definition);
        client.rbac().clusterRoles().withName(name).delete();
      }
    }
  }

  private static ClusterRole role(
      String definition, String level, String plural, List<String> verbs) {
    return new ClusterRoleBuilder()
        .withNewMetadata()
        .withName(TenantAccess.levelRole(level) + ":" + plural)
        .withLabels(
            Map.of(AppsApi.DEFINITION_LABEL, definition, TenantAccess.AGGREGATE_TO + level, "true"))
        .endMetadata()
        .addNewRule()
        .withApiGroups(AppsApi.GROUP)
        .withResources(plural)
        .withVerbs(verbs)
        .endRule()
        .build();
  }
}
