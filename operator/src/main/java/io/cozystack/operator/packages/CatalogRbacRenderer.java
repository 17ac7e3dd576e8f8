package io.cozystack.operator.packages;

import io.cozystack.api.catalog.CatalogRights;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.Subject;
import io.fabric8.kubernetes.api.model.rbac.SubjectBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The RBAC of a catalog the platform does not trust, as a pure function of its declared rights and
 * the namespaces its releases live in: a ServiceAccount {@code cozy-catalog-<source>} in each of
 * them, a ClusterRole with the declared cluster-scoped kinds (and PackageSources and Packages)
 * bound cluster-wide, a ClusterRole with the declared namespaced kinds bound in each release
 * namespace the catalog declared (never cozy-system, nor one {@link CatalogRights#reservedNamespace
 * reserved}), and Secrets only in the catalog's own storage namespace, where Helm keeps its history
 * (and, for instances, in the instance's namespace: {@link #instanceAccess}). Verbs are {@link
 * CatalogRights#VERBS}: never escalate, bind or impersonate; kinds in {@link
 * CatalogRights#NEVER_GRANTED} are dropped whatever is declared. CRDs are granted only with a
 * ValidatingAdmissionPolicy that refuses the catalog any group it did not declare (RBAC cannot
 * restrict what is created by name).
 */
public final class CatalogRbacRenderer {
  static final String RBAC_GROUP = "rbac.authorization.k8s.io";
  static final String MANAGED_BY = "app.kubernetes.io/managed-by";

  private CatalogRbacRenderer() {}

  /** Every object, in apply order (namespaces and accounts before what refers to them). */
  public static List<HasMetadata> render(
      CatalogTrust.Verdict catalog, CatalogRights rights, Set<String> releaseNamespaces) {
    String name = catalog.serviceAccount();
    // A namespace the catalog did not declare, or one of Kubernetes' or the platform's, gets no
    // account and no binding: the Package installing there is refused (CatalogNamespaces).
    Set<String> namespaces = new TreeSet<>();
    releaseNamespaces.stream()
        .filter(ns -> Naming.SYSTEM_NAMESPACE.equals(ns) || rights.grantsNamespace(ns))
        .forEach(namespaces::add);
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(
        new NamespaceBuilder()
            .withMetadata(meta(catalog.storageNamespace(), null, catalog))
            .build());
    for (String namespace : namespaces) {
      objects.add(new ServiceAccountBuilder().withMetadata(meta(name, namespace, catalog)).build());
    }
    List<Subject> subjects =
        namespaces.stream()
            .map(
                ns ->
                    new SubjectBuilder()
                        .withKind("ServiceAccount")
                        .withName(name)
                        .withNamespace(ns)
                        .build())
            .toList();
    objects.add(
        new ClusterRoleBuilder()
            .withMetadata(meta(name + ":cluster", null, catalog))
            .withRules(clusterRules(rights))
            .build());
    objects.add(
        new ClusterRoleBindingBuilder()
            .withMetadata(meta(name, null, catalog))
            .withNewRoleRef(RBAC_GROUP, "ClusterRole", name + ":cluster")
            .withSubjects(subjects)
            .build());
    objects.add(
        new ClusterRoleBuilder()
            .withMetadata(meta(name + ":namespaced", null, catalog))
            .withRules(rules(rights.namespacedOrEmpty()))
            .build());
    for (String namespace : namespaces) {
      if (!Naming.SYSTEM_NAMESPACE.equals(namespace)) {
        objects.add(
            new RoleBindingBuilder()
                .withMetadata(meta(name, namespace, catalog))
                .withNewRoleRef(RBAC_GROUP, "ClusterRole", name + ":namespaced")
                .withSubjects(
                    subjects.stream().filter(s -> s.getNamespace().equals(namespace)).toList())
                .build());
      }
    }
    objects.add(helmStorageRole(catalog));
    objects.add(
        new RoleBindingBuilder()
            .withMetadata(meta(name + ":helm-storage", catalog.storageNamespace(), catalog))
            .withNewRoleRef(RBAC_GROUP, "ClusterRole", name + ":helm-storage")
            .withSubjects(subjects)
            .build());
    if (!crdGroups(rights).isEmpty()) {
      objects.addAll(crdPolicy(catalog, crdGroups(rights)));
    }
    return objects;
  }

  /**
   * What an instance of a kind the catalog serves needs in its namespace: the ServiceAccount its
   * release runs as, the declared namespaced kinds, and Secrets for Helm's history there. No
   * cluster-scoped right: those belong to the catalog's Packages only. The ClusterRoles are the
   * ones {@link #render} writes.
   */
  public static List<HasMetadata> instanceAccess(CatalogTrust.Verdict catalog, String namespace) {
    String name = catalog.serviceAccount();
    Subject subject =
        new SubjectBuilder()
            .withKind("ServiceAccount")
            .withName(name)
            .withNamespace(namespace)
            .build();
    return List.of(
        new ServiceAccountBuilder().withMetadata(meta(name, namespace, catalog)).build(),
        new RoleBindingBuilder()
            .withMetadata(meta(name, namespace, catalog))
            .withNewRoleRef(RBAC_GROUP, "ClusterRole", name + ":namespaced")
            .withSubjects(subject)
            .build(),
        new RoleBindingBuilder()
            .withMetadata(meta(name + ":helm-storage", namespace, catalog))
            .withNewRoleRef(RBAC_GROUP, "ClusterRole", name + ":helm-storage")
            .withSubjects(subject)
            .build());
  }

  /** Secrets, bound only where the catalog's Helm history lives. */
  private static HasMetadata helmStorageRole(CatalogTrust.Verdict catalog) {
    return new ClusterRoleBuilder()
        .withMetadata(meta(catalog.serviceAccount() + ":helm-storage", null, catalog))
        .withRules(
            new PolicyRuleBuilder()
                .withApiGroups("")
                .withResources("secrets")
                .withVerbs(CatalogRights.VERBS)
                .build())
        .build();
  }

  /**
   * The declared cluster-scoped kinds, PackageSources and Packages, and CRDs when declared. The
   * PackageSources and Packages cannot be narrowed by name: Helm creates them by server-side apply
   * (a patch) before the operator can know their names. One a catalog creates for another catalog's
   * source installs nothing ({@code CatalogMismatch}), and Helm refuses to take over one another
   * release owns.
   */
  static List<PolicyRule> clusterRules(CatalogRights rights) {
    List<CatalogRights.Kind> kinds = new ArrayList<>(rights.clusterScopedOrEmpty());
    kinds.addAll(CatalogRights.sourcesOnly().clusterScopedOrEmpty());
    List<PolicyRule> rules = new ArrayList<>(rules(kinds));
    if (!crdGroups(rights).isEmpty()) {
      rules.add(
          new PolicyRuleBuilder()
              .withApiGroups("apiextensions.k8s.io")
              .withResources("customresourcedefinitions")
              .withVerbs(CatalogRights.VERBS)
              .build());
    }
    return rules;
  }

  /**
   * One rule per API group, its resources sorted; kinds never granted, and Flux's HelmRelease and
   * Kustomization (which Flux would apply with its own rights), are left out.
   */
  static List<PolicyRule> rules(List<CatalogRights.Kind> kinds) {
    Map<String, Set<String>> byGroup = new TreeMap<>();
    for (CatalogRights.Kind kind : kinds) {
      if (CatalogRights.grantable(kind)) {
        byGroup
            .computeIfAbsent(kind.apiGroup() == null ? "" : kind.apiGroup(), g -> new TreeSet<>())
            .add(kind.resourceName());
      }
    }
    return byGroup.entrySet().stream()
        .map(
            e ->
                new PolicyRuleBuilder()
                    .withApiGroups(e.getKey())
                    .withResources(List.copyOf(e.getValue()))
                    .withVerbs(CatalogRights.VERBS)
                    .build())
        .collect(Collectors.toList());
  }

  /** The declared CRD groups a catalog may hold: never one of the platform's. */
  static List<String> crdGroups(CatalogRights rights) {
    return rights.customResourceGroupsOrEmpty().stream()
        .filter(g -> !CatalogRights.platformGroup(g))
        .sorted()
        .toList();
  }

  /**
   * A ValidatingAdmissionPolicy and its binding: a request of the catalog's ServiceAccount (in any
   * namespace) that creates, changes or deletes a CRD of a group it did not declare is refused.
   */
  private static List<HasMetadata> crdPolicy(CatalogTrust.Verdict catalog, List<String> groups) {
    String name = catalog.serviceAccount();
    String list =
        groups.stream().map(g -> "'" + g + "'").collect(Collectors.joining(", ", "[", "]"));
    String policy =
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: %1$s}
        spec:
          failurePolicy: Fail
          matchConstraints:
            resourceRules:
              - apiGroups: [apiextensions.k8s.io]
                apiVersions: ["*"]
                operations: [CREATE, UPDATE, DELETE]
                resources: [customresourcedefinitions]
          matchConditions:
            - name: catalog-service-account
              expression: >-
                request.userInfo.username.startsWith('system:serviceaccount:')
                && request.userInfo.username.endsWith(':%1$s')
          validations:
            - expression: >-
                (object == null || object.spec.group in %2$s)
                && (oldObject == null || oldObject.spec.group in %2$s)
              messageExpression: >-
                'catalog %3$s may not touch CustomResourceDefinition '
                + (object != null ? object.metadata.name : oldObject.metadata.name)
                + ': not of a group it declares (spec.rights.customResourceGroups: %4$s)'
              reason: Forbidden
        """
            .formatted(name, list, catalog.catalog(), String.join(", ", groups));
    String binding =
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: %1$s}
        spec:
          policyName: %1$s
          validationActions: [Deny]
        """
            .formatted(name);
    List<HasMetadata> result = new ArrayList<>();
    for (String yaml : List.of(policy, binding)) {
      GenericKubernetesResource object =
          Serialization.unmarshal(yaml, GenericKubernetesResource.class);
      object.getMetadata().setLabels(labels(catalog));
      result.add(object);
    }
    return result;
  }

  private static ObjectMeta meta(String name, String namespace, CatalogTrust.Verdict catalog) {
    return new ObjectMetaBuilder()
        .withName(name)
        .withNamespace(namespace)
        .withLabels(labels(catalog))
        .build();
  }

  private static Map<String, String> labels(CatalogTrust.Verdict catalog) {
    return Map.of(
        CatalogTrust.SOURCE_LABEL, catalog.source(), MANAGED_BY, "cozystack-package-controller");
  }
}
