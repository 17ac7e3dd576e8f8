package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.catalog.services.backups.ServicesDrivers;
import io.cozystack.catalog.virtualization.backups.VirtualizationDrivers;
import io.cozystack.contracts.driver.DriverLeadership;
import io.cozystack.contracts.driver.StrategyDriver;
import io.cozystack.e2e.chart.ApiRequest;
import io.cozystack.e2e.chart.RenderedChart;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleRef;
import io.fabric8.kubernetes.api.model.rbac.Subject;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Whether a catalog's driver chart ({@code catalogs/<catalog>/deploy/backup-drivers}) grants the
 * requests its drivers made, recorded by {@link InProcessDriver#start(Path, StrategyDriver, Set)}
 * as {@link ApiRequest} text. The chart is rendered by the real Helm with {@code drivers} set to
 * the drivers under test (a driver's rules come only with it); its ServiceAccount's bindings
 * decide: a ClusterRoleBinding's rules hold everywhere, a RoleBinding's only in its namespace.
 */
final class DriverRbac {
  /**
   * Granted to every authenticated user by the cluster's default ClusterRole system:discovery: the
   * client's API discovery (a kind used by apiVersion and kind) needs nothing from the chart.
   */
  static final PolicyRule DISCOVERY =
      new PolicyRuleBuilder()
          .withNonResourceURLs(
              "/api",
              "/api/*",
              "/apis",
              "/apis/*",
              "/version",
              "/version/",
              "/openapi",
              "/openapi/*")
          .withVerbs("get")
          .build();

  private DriverRbac() {}

  /** The drivers a catalog ships, by {@code --driver} name. */
  static Map<String, Function<KubernetesClient, StrategyDriver>> drivers(String catalog) {
    return switch (catalog) {
      case "services" -> ServicesDrivers.ALL;
      case "virtualization" -> VirtualizationDrivers.ALL;
      default -> throw new IllegalArgumentException("no catalog " + catalog);
    };
  }

  static Path chart(String catalog) {
    return ControlPlane.repoRoot().resolve("catalogs/" + catalog + "/deploy/backup-drivers");
  }

  /**
   * Asserts that the chart of {@code catalog}, rendered for {@code drivers}, allows every one of
   * {@code requests}, and the writes a driver makes only on its first start in a cluster (creating
   * its Lease and BackupDriver by server-side apply) or only as a replica of a leader-elected
   * process (its leader Lease).
   */
  static void assertAllowed(String catalog, List<String> drivers, Collection<String> requests) {
    assertThat(requests).as("requests recorded").isNotEmpty();
    report(catalog, drivers, requests);
    assertThat(denied(catalog, drivers, requests))
        .as("requests of drivers %s that chart %s does not allow", drivers, chart(catalog))
        .isEmpty();
  }

  /** The requests (recorded, plus the first-start writes) the chart does not allow. */
  static Set<String> denied(String catalog, List<String> drivers, Collection<String> requests) {
    List<String> all = new ArrayList<>(requests);
    for (String driver : drivers) {
      String name = drivers(catalog).get(driver).apply(null).registration().driver();
      all.add("create coordination.k8s.io leases in cozy-system named backup-driver-" + name);
      all.add("create backups.cozystack.io backupdrivers named " + name);
    }
    // The replicas' leader election (fabric8's Lease lock) on the Lease the chart passes the
    // process: read, create, renew.
    String leader = leaderLease(catalog, drivers);
    for (String verb : List.of("get", "create", "update")) {
      all.add(verb + " coordination.k8s.io leases in cozy-system named " + leader);
    }
    Grants grants = grants(catalog, drivers);
    Set<String> denied = new TreeSet<>();
    for (String request : all) {
      if (!grants.allow(ApiRequest.parse(request))) {
        denied.add(request);
      }
    }
    return denied;
  }

  /**
   * Writes {@code e2e/target/driver-rbac-<catalog>-<drivers>.txt}: the requests recorded, and each
   * verb on a resource the chart grants that none of them used (what a test did not exercise, or a
   * rule to drop).
   */
  private static void report(String catalog, List<String> drivers, Collection<String> requests) {
    List<ApiRequest> recorded = requests.stream().map(ApiRequest::parse).toList();
    Grants grants = grants(catalog, drivers);
    List<String> lines = new ArrayList<>();
    lines.add("# requests recorded");
    lines.addAll(new TreeSet<>(requests));
    lines.add("# granted, not used by any recorded request");
    List<PolicyRule> all = new ArrayList<>(grants.cluster());
    grants.namespaced().values().forEach(all::addAll);
    for (PolicyRule rule : all) {
      for (String group : rule.getApiGroups()) {
        for (String resource : rule.getResources()) {
          for (String verb : rule.getVerbs()) {
            boolean used =
                recorded.stream()
                    .anyMatch(
                        r ->
                            r.verb().equals(verb)
                                && r.group().equals(group)
                                && r.resource().equals(resource));
            if (!used) {
              lines.add(verb + " " + group + " " + resource);
            }
          }
        }
      }
    }
    try {
      Path target = ControlPlane.repoRoot().resolve("e2e/target");
      Files.createDirectories(target);
      Files.write(
          target.resolve("driver-rbac-" + catalog + "-" + String.join("-", drivers) + ".txt"),
          lines);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The rules bound to the chart's ServiceAccount: everywhere, and by namespace. */
  record Grants(List<PolicyRule> cluster, Map<String, List<PolicyRule>> namespaced) {
    boolean allow(ApiRequest request) {
      if (request.nonResource()) {
        return request.allowedBy(List.of(DISCOVERY)) || request.allowedBy(cluster);
      }
      return request.allowedBy(cluster)
          || (request.namespace() != null
              && request.allowedBy(namespaced.getOrDefault(request.namespace(), List.of())));
    }
  }

  /**
   * The leader Lease the chart's Deployment passes the process ({@code --leader-election-lease}),
   * else the one the process derives from its drivers.
   */
  private static String leaderLease(String catalog, List<String> drivers) {
    RenderedChart chart =
        RenderedChart.render(chart(catalog), RenderedChart.list("drivers", drivers));
    Deployment deployment = typed(chart.one("Deployment"), Deployment.class);
    String flag = "--leader-election-lease=";
    return deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs().stream()
        .filter(a -> a.startsWith(flag))
        .map(a -> a.substring(flag.length()))
        .findFirst()
        .orElseGet(() -> DriverLeadership.leaseName(drivers));
  }

  static Grants grants(String catalog, List<String> drivers) {
    RenderedChart chart =
        RenderedChart.render(chart(catalog), RenderedChart.list("drivers", drivers));
    GenericKubernetesResource account = chart.one("ServiceAccount");
    String saName = account.getMetadata().getName();
    String saNamespace = account.getMetadata().getNamespace();
    Map<String, List<PolicyRule>> clusterRoles = new HashMap<>();
    for (GenericKubernetesResource o : chart.ofKind("ClusterRole")) {
      clusterRoles.put(o.getMetadata().getName(), typed(o, ClusterRole.class).getRules());
    }
    Map<String, List<PolicyRule>> roles = new HashMap<>();
    for (GenericKubernetesResource o : chart.ofKind("Role")) {
      roles.put(
          o.getMetadata().getNamespace() + "/" + o.getMetadata().getName(),
          typed(o, Role.class).getRules());
    }
    List<PolicyRule> cluster = new ArrayList<>();
    for (GenericKubernetesResource o : chart.ofKind("ClusterRoleBinding")) {
      ClusterRoleBinding b = typed(o, ClusterRoleBinding.class);
      if (binds(b.getSubjects(), saName, saNamespace)) {
        cluster.addAll(rules(b.getRoleRef(), null, clusterRoles, roles));
      }
    }
    Map<String, List<PolicyRule>> namespaced = new HashMap<>();
    for (GenericKubernetesResource o : chart.ofKind("RoleBinding")) {
      RoleBinding b = typed(o, RoleBinding.class);
      String ns = b.getMetadata().getNamespace();
      if (binds(b.getSubjects(), saName, saNamespace)) {
        namespaced
            .computeIfAbsent(ns, k -> new ArrayList<>())
            .addAll(rules(b.getRoleRef(), ns, clusterRoles, roles));
      }
    }
    return new Grants(cluster, namespaced);
  }

  private static List<PolicyRule> rules(
      RoleRef ref,
      String namespace,
      Map<String, List<PolicyRule>> clusterRoles,
      Map<String, List<PolicyRule>> roles) {
    List<PolicyRule> found =
        "ClusterRole".equals(ref.getKind())
            ? clusterRoles.get(ref.getName())
            : roles.get(namespace + "/" + ref.getName());
    if (found == null) {
      throw new AssertionError(
          "a binding refers to "
              + ref.getKind()
              + " "
              + ref.getName()
              + ", which the chart does not render");
    }
    return found;
  }

  private static boolean binds(List<Subject> subjects, String name, String namespace) {
    return subjects != null
        && subjects.stream()
            .anyMatch(
                s ->
                    "ServiceAccount".equals(s.getKind())
                        && name.equals(s.getName())
                        && namespace.equals(s.getNamespace()));
  }

  private static <T> T typed(GenericKubernetesResource object, Class<T> type) {
    return Serialization.jsonMapper().convertValue(object, type);
  }
}
