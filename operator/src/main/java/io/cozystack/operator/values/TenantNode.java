package io.cozystack.operator.values;

/**
 * One tenant as the values derivation sees it: the namespace its Tenant object lives in (its
 * parent's), its name, and the module settings of its spec.
 *
 * @param gateway null when unset (the tenant then inherits its parent's gateway)
 */
public record TenantNode(
    String parentNamespace,
    String name,
    String host,
    boolean etcd,
    boolean ingress,
    Boolean gateway,
    boolean monitoring,
    boolean seaweedfs,
    String schedulingClass,
    boolean computeplane) {

  /** Cozystack's tenant namespace: {@code tenant-<name>} under tenant-root, else parent-name. */
  public String namespace() {
    return TenantValuesDerivation.ROOT.equals(parentNamespace)
        ? "tenant-" + name
        : parentNamespace + "-" + name;
  }

  /** The Tenant object of tenant-root itself ({@code root} in tenant-root), which has no parent. */
  public boolean isRoot() {
    return TenantValuesDerivation.ROOT.equals(parentNamespace) && "root".equals(name);
  }
}
