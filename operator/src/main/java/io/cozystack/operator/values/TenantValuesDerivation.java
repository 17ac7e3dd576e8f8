package io.cozystack.operator.values;

import io.cozystack.api.values.NamespaceValues;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code _namespace} values of every tenant namespace, derived top-down from tenant-root (the
 * only writer of them). tenant-root provides every module; a child provides a module when it runs
 * it and inherits its parent's provider otherwise; its host is its own, or {@code <name>.<parent
 * host>}; a parent's scheduling class wins over the child's. A ComputePlane is the one module never
 * inherited: it is single-tenant.
 */
public final class TenantValuesDerivation {
  public static final String ROOT = "tenant-root";

  /** Values per tenant namespace, and tenants that cannot be placed (their parent is unknown). */
  public record Derived(Map<String, NamespaceValues> byNamespace, List<String> orphans) {}

  private TenantValuesDerivation() {}

  public static Derived derive(
      String rootHost, boolean gatewayEnabled, Collection<TenantNode> all) {
    Map<String, List<TenantNode>> children = new HashMap<>();
    for (TenantNode tenant : all) {
      if (!tenant.isRoot()) {
        children.computeIfAbsent(tenant.parentNamespace(), k -> new ArrayList<>()).add(tenant);
      }
    }
    Map<String, NamespaceValues> result = new LinkedHashMap<>();
    boolean rootComputePlane = all.stream().anyMatch(t -> t.isRoot() && t.computeplane());
    NamespaceValues root =
        new NamespaceValues(
            nullToEmpty(rootHost),
            ROOT,
            ROOT,
            gatewayEnabled ? ROOT : "",
            ROOT,
            ROOT,
            null,
            rootComputePlane ? ROOT : "");
    result.put(ROOT, root);
    List<String> frontier = new ArrayList<>(List.of(ROOT));
    while (!frontier.isEmpty()) {
      String parent = frontier.remove(frontier.size() - 1);
      for (TenantNode child : children.getOrDefault(parent, List.of())) {
        if (!result.containsKey(child.namespace())) {
          result.put(child.namespace(), child(result.get(parent), child));
          frontier.add(child.namespace());
        }
      }
    }
    List<String> orphans = new ArrayList<>();
    for (TenantNode tenant : all) {
      if (!tenant.isRoot() && !result.containsKey(tenant.namespace())) {
        orphans.add(tenant.parentNamespace() + "/" + tenant.name());
      }
    }
    return new Derived(result, List.copyOf(orphans));
  }

  static NamespaceValues child(NamespaceValues parent, TenantNode tenant) {
    String ns = tenant.namespace();
    return new NamespaceValues(
        host(parent, tenant),
        tenant.etcd() ? ns : parent.etcd(),
        tenant.ingress() ? ns : parent.ingress(),
        Boolean.TRUE.equals(tenant.gateway()) ? ns : parent.gateway(),
        tenant.monitoring() ? ns : parent.monitoring(),
        tenant.seaweedfs() ? ns : parent.seaweedfs(),
        notEmpty(parent.schedulingClass())
            ? parent.schedulingClass()
            : notEmpty(tenant.schedulingClass()) ? tenant.schedulingClass() : null,
        // Single-tenant: never inherited, so a child's apps never land in its parent's cluster.
        tenant.computeplane() ? ns : "");
  }

  private static String host(NamespaceValues parent, TenantNode tenant) {
    if (notEmpty(tenant.host())) {
      return tenant.host();
    }
    if (!notEmpty(parent.host())) {
      return "";
    }
    String ns = tenant.namespace();
    return ns.substring(ns.lastIndexOf('-') + 1) + "." + parent.host();
  }

  private static boolean notEmpty(String s) {
    return s != null && !s.isEmpty();
  }

  private static String nullToEmpty(String s) {
    return s == null ? "" : s;
  }
}
