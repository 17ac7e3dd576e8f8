package io.cozystack.api.v1alpha1;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tenant access levels (part of K1) and how a definition places its kind among them. Every
 * tenant namespace binds ClusterRole {@code cozy:tenant:<level>} for each level; each level role
 * aggregates the ClusterRoles labelled {@code rbac.cozystack.io/aggregate-to-tenant-<level>}, and
 * each level is aggregated into every higher one. For every served kind the platform writes the
 * kind's roles: reading it at {@code view}, writing it at its write level.
 */
public final class TenantAccess {
  /** The levels, lowest first; each includes the rights of those below it. */
  public static final List<String> LEVELS = List.of("view", "use", "admin", "super-admin");

  /** The levels a kind may be written at (annotation {@link #WRITE_LEVEL}). */
  public static final List<String> WRITE_LEVELS = List.of("use", "admin", "super-admin");

  /**
   * Definition annotation: the lowest level that creates, changes and deletes instances of the
   * kind. Absent: super-admin for a tenant module ({@code dashboard.module: true}), else admin.
   */
  public static final String WRITE_LEVEL = "rbac.cozystack.io/tenant-write-level";

  /**
   * Definition annotation of a tenant module: "true" runs the module in every tenant whose values
   * do not mention it.
   */
  public static final String MODULE_DEFAULT = "tenant.cozystack.io/module-default";

  /** Label that aggregates a ClusterRole into level {@code <level>}: prefix + level. */
  public static final String AGGREGATE_TO = "rbac.cozystack.io/aggregate-to-tenant-";

  /** The ClusterRole a level's RoleBinding refers to. */
  public static String levelRole(String level) {
    return "cozy:tenant:" + level;
  }

  /** The level that writes the definition's kind. */
  public static String writeLevel(ApplicationDefinition definition) {
    Map<String, String> annotations = definition.getMetadata().getAnnotations();
    Optional<String> declared =
        Optional.ofNullable(annotations == null ? null : annotations.get(WRITE_LEVEL));
    if (declared.isPresent()) {
      return declared.get();
    }
    Dashboard dashboard = definition.getSpec().dashboard();
    boolean module = dashboard != null && Boolean.TRUE.equals(dashboard.module());
    return module ? "super-admin" : "admin";
  }

  private TenantAccess() {}
}
