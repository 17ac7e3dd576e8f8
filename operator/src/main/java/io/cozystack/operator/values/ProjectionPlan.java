package io.cozystack.operator.values;

import io.cozystack.api.v1alpha1.ClusterValuesSpec;
import io.cozystack.api.values.NamespaceValues;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Namespace;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which namespaces carry values and what each should carry, computed without I/O: every existing
 * tenant namespace (tenant-root and the tenants below it) with {@code _cluster} and {@code
 * _namespace}; every system namespace with {@code _cluster} only.
 */
public final class ProjectionPlan {
  /** Label the Package controller stamps on system namespaces. */
  public static final String SYSTEM_LABEL = "cozystack.io/system";

  /** Where the operator runs; it carries the cluster values as Cozystack's source Secret did. */
  public static final String OPERATOR_NAMESPACE = "cozy-system";

  private static final java.util.regex.Pattern TENANT_DOCUMENT =
      java.util.regex.Pattern.compile("(?m)^_namespace:");

  /** A namespace and its document. */
  public record Target(String namespace, String role, ValuesDocument document) {}

  /**
   * @param targets by namespace, sorted
   * @param awaitingNamespace tenants whose values are known but whose namespace does not exist yet
   * @param problems what keeps some values from being projected at all
   * @param misplaced namespaces holding a Tenant outside the tenant tree (one whose namespace is
   *     neither tenant-root nor a tenant's), each with why it gets no tenant values: the Tenant's
   *     own problem, shown on it, never a fault of the ClusterValues
   * @param uncovered the other existing namespaces that get no values: neither a tenant's nor a
   *     system namespace
   */
  public record Plan(
      Map<String, Target> targets,
      List<String> awaitingNamespace,
      List<String> problems,
      Map<String, String> misplaced,
      Set<String> uncovered) {}

  private ProjectionPlan() {}

  public static Plan plan(
      ClusterValuesSpec spec,
      String kubeRootCa,
      Collection<Namespace> namespaces,
      Collection<GenericKubernetesResource> tenants) {
    ClusterValuesRenderer.Rendered cluster = ClusterValuesRenderer.render(spec, kubeRootCa);
    TenantValuesDerivation.Derived derived =
        TenantValuesDerivation.derive(
            spec.rootHost(),
            Boolean.TRUE.equals(spec.gatewayEnabled()),
            tenants.stream().map(ProjectionPlan::node).toList());
    Map<String, Namespace> existing = new TreeMap<>();
    namespaces.stream()
        .filter(ns -> ns.getMetadata().getDeletionTimestamp() == null)
        .forEach(ns -> existing.put(ns.getMetadata().getName(), ns));
    Map<String, Target> targets = new TreeMap<>();
    for (Namespace ns : existing.values()) {
      String name = ns.getMetadata().getName();
      NamespaceValues tenant = derived.byNamespace().get(name);
      if (tenant != null) {
        targets.put(name, new Target(name, "Tenant", ValuesDocument.of(cluster.cluster(), tenant)));
      } else if (isSystem(ns)) {
        targets.put(name, new Target(name, "System", ValuesDocument.of(cluster.cluster(), null)));
      }
    }
    List<String> awaiting =
        derived.byNamespace().keySet().stream().filter(n -> !existing.containsKey(n)).toList();
    Map<String, String> misplaced = new TreeMap<>();
    for (String tenant : derived.orphans()) {
      String ns = tenant.substring(0, tenant.indexOf('/'));
      misplaced.merge(
          ns,
          "Tenant "
              + tenant
              + " is outside the tenant tree: namespace "
              + ns
              + " is neither "
              + TenantValuesDerivation.ROOT
              + " nor a tenant's own, so nothing there gets tenant values; create the Tenant in"
              + " its parent tenant's namespace",
          (a, b) -> a + "; " + b);
    }
    Set<String> uncovered = new TreeSet<>(existing.keySet());
    uncovered.removeAll(targets.keySet());
    uncovered.removeAll(misplaced.keySet());
    return new Plan(targets, awaiting, List.copyOf(cluster.problems()), misplaced, uncovered);
  }

  /**
   * Whether the values object in {@code namespace}, carrying {@code text}, is withdrawn: it is no
   * longer a target (a system namespace whose label went with its last Package). Only values
   * without {@code _namespace} go: whether a namespace is a tenant's depends on the Tenants, whose
   * informer may not have listed them all yet, and a tenant namespace goes with its Tenant anyway.
   */
  public static boolean withdrawn(Plan plan, String namespace, String text) {
    return !plan.targets().containsKey(namespace)
        && text != null
        && !TENANT_DOCUMENT.matcher(text).find();
  }

  private static boolean isSystem(Namespace ns) {
    Map<String, String> labels = ns.getMetadata().getLabels();
    return OPERATOR_NAMESPACE.equals(ns.getMetadata().getName())
        || (labels != null && "true".equals(labels.get(SYSTEM_LABEL)));
  }

  static TenantNode node(GenericKubernetesResource tenant) {
    Map<?, ?> spec =
        Optional.ofNullable(tenant.getAdditionalProperties().get("spec"))
            .filter(Map.class::isInstance)
            .map(Map.class::cast)
            .orElse(Map.of());
    Object gateway = spec.get("gateway");
    return new TenantNode(
        tenant.getMetadata().getNamespace(),
        tenant.getMetadata().getName(),
        text(spec.get("host")),
        Boolean.TRUE.equals(spec.get("etcd")),
        Boolean.TRUE.equals(spec.get("ingress")),
        gateway instanceof Boolean b ? b : null,
        Boolean.TRUE.equals(spec.get("monitoring")),
        Boolean.TRUE.equals(spec.get("seaweedfs")),
        text(spec.get("schedulingClass")),
        Boolean.TRUE.equals(spec.get("computeplane")));
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }
}
