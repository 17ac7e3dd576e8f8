package io.cozystack.api.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a catalog's releases may create and touch: the cluster-scoped and namespaced kinds its
 * charts render, the groups of the CustomResourceDefinitions it ships, and the namespaces its
 * Packages install into. A platform that does not trust the catalog installs it as a ServiceAccount
 * holding exactly these rights; the validator checks the catalog's rendered charts against them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CatalogRights(
    @JsonPropertyDescription(
            "Namespaces the catalog's Packages install into, besides cozy-system (where only its"
                + " definitions' and sources' releases live, with no namespaced rights).")
        List<@Pattern("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$") String> namespaces,
    @JsonPropertyDescription(
            "Cluster-scoped kinds its charts render (ApplicationDefinition for its -rd charts,"
                + " PackageSource and Package for its catalog chart, ...). RBAC kinds and"
                + " CustomResourceDefinition are never granted here.")
        List<Kind> clusterScoped,
    @JsonPropertyDescription(
            "Namespaced kinds its charts render, in the namespaces above and in the tenant"
                + " namespaces where instances of its kinds live.")
        List<Kind> namespaced,
    @JsonPropertyDescription(
            "API groups of the CustomResourceDefinitions it ships; a CRD of any other group is"
                + " refused. A group of the platform's (*.cozystack.io) is never granted.")
        List<@Pattern("^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$") String> customResourceGroups) {

  /** Verbs granted on every declared kind; never escalate, bind or impersonate. */
  public static final List<String> VERBS =
      List.of("get", "list", "watch", "create", "update", "patch", "delete");

  /** The group every kind of the platform's own API lies in, or under. */
  public static final String PLATFORM_GROUP = "cozystack.io";

  /** Kinds a catalog may never be granted, whatever it declares. */
  public static final List<Kind> NEVER_GRANTED =
      List.of(
          new Kind("rbac.authorization.k8s.io", "ClusterRole", null),
          new Kind("rbac.authorization.k8s.io", "ClusterRoleBinding", null),
          new Kind("apiextensions.k8s.io", "CustomResourceDefinition", null),
          new Kind("admissionregistration.k8s.io", "ValidatingAdmissionPolicy", null),
          new Kind("admissionregistration.k8s.io", "ValidatingAdmissionPolicyBinding", null),
          new Kind("admissionregistration.k8s.io", "ValidatingWebhookConfiguration", null),
          new Kind("admissionregistration.k8s.io", "MutatingWebhookConfiguration", null));

  /**
   * Kinds a catalog may declare, but holds only when the platform trusts it: Flux applies a
   * HelmRelease or Kustomization with its own rights unless it names an account, so granting them
   * would hand the catalog helm-controller's rights.
   */
  public static final List<Kind> TRUSTED_ONLY =
      List.of(
          new Kind("helm.toolkit.fluxcd.io", "HelmRelease", null),
          new Kind("kustomize.toolkit.fluxcd.io", "Kustomization", null));

  /** Whether an untrusted install is granted this kind (neither never granted nor trusted-only). */
  public static boolean grantable(Kind kind) {
    return NEVER_GRANTED.stream().noneMatch(k -> k.sameKind(kind.apiGroup(), kind.kind()))
        && TRUSTED_ONLY.stream().noneMatch(k -> k.sameKind(kind.apiGroup(), kind.kind()));
  }

  /** One kind: its API group ("" for the core group), its kind and its resource (plural). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Kind(
      @Required
          @Pattern("^([a-z0-9]([-a-z0-9.]*[a-z0-9])?)?$")
          @JsonPropertyDescription("The API group, \"\" for the core group (ConfigMap, Service).")
          String apiGroup,
      @Required @Pattern("^[A-Z][A-Za-z0-9]*$") String kind,
      @Pattern("^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$")
          @JsonPropertyDescription(
              "The resource RBAC names, when it is not the regular plural of the kind in lower"
                  + " case (ConfigMap -> configmaps, Ingress -> ingresses, Policy -> policies).")
          String resource) {

    /** The declared resource, or the regular plural of the kind. */
    public String resourceName() {
      if (resource != null && !resource.isEmpty()) {
        return resource;
      }
      String k = kind.toLowerCase(Locale.ROOT);
      if (k.endsWith("s") || k.endsWith("x") || k.endsWith("ch") || k.endsWith("sh")) {
        return k + "es";
      }
      if (k.endsWith("y") && k.length() > 1 && "aeiou".indexOf(k.charAt(k.length() - 2)) < 0) {
        return k.substring(0, k.length() - 1) + "ies";
      }
      return k + "s";
    }

    /** Same group and kind (the resource is only how RBAC names it). */
    public boolean sameKind(String group, String otherKind) {
      return Objects.equals(normalGroup(apiGroup), normalGroup(group))
          && Objects.equals(kind, otherKind);
    }

    /** {@code Kind.group}, or {@code Kind} for the core group. */
    public String describe() {
      return normalGroup(apiGroup).isEmpty() ? kind : kind + "." + apiGroup;
    }

    private static String normalGroup(String group) {
      return group == null ? "" : group;
    }
  }

  /** The rights of a catalog that declares none: it may install its PackageSources and Packages. */
  public static CatalogRights sourcesOnly() {
    return new CatalogRights(
        List.of(),
        List.of(
            new Kind(PLATFORM_GROUP, "PackageSource", null),
            new Kind(PLATFORM_GROUP, "Package", null)),
        List.of(),
        List.of());
  }

  /** Whether {@code group} is the platform's own, which no catalog may extend. */
  public static boolean platformGroup(String group) {
    return group != null && (group.equals(PLATFORM_GROUP) || group.endsWith("." + PLATFORM_GROUP));
  }

  /**
   * Whether {@code namespace} belongs to Kubernetes or the platform ({@code default}, {@code
   * kube-*}, {@code cozy-*}, {@code tenant-*}): a catalog the platform does not trust is never
   * granted rights there, whatever it declares (its definitions' releases live in cozy-system with
   * no namespaced right).
   */
  public static boolean reservedNamespace(String namespace) {
    return namespace.equals("default")
        || namespace.startsWith("kube-")
        || namespace.startsWith("cozy-")
        || namespace.startsWith("tenant-");
  }

  /** Whether an untrusted install holds namespaced rights in {@code namespace}. */
  public boolean grantsNamespace(String namespace) {
    return namespacesOrEmpty().contains(namespace) && !reservedNamespace(namespace);
  }

  public List<String> namespacesOrEmpty() {
    return namespaces == null ? List.of() : namespaces;
  }

  public List<Kind> clusterScopedOrEmpty() {
    return clusterScoped == null ? List.of() : clusterScoped;
  }

  public List<Kind> namespacedOrEmpty() {
    return namespaced == null ? List.of() : namespaced;
  }

  public List<String> customResourceGroupsOrEmpty() {
    return customResourceGroups == null ? List.of() : customResourceGroups;
  }
}
