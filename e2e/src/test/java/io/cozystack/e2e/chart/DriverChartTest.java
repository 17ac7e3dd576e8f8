package io.cozystack.e2e.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.marcnuri.helm.Helm;
import io.cozystack.catalog.services.backups.ServicesDrivers;
import io.cozystack.catalog.virtualization.backups.VirtualizationDrivers;
import io.cozystack.contracts.driver.StrategyDriver;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each catalog's backup-driver chart ({@code catalogs/<catalog>/deploy/backup-drivers}), through
 * the real Helm: lint, the hardened single-instance Deployment, one {@code --driver} per value, the
 * strict values schema, and the names it shares with the catalog's code and catalog.yaml.
 */
class DriverChartTest {
  /**
   * The leader Lease of release "cozy" (RenderedChart's): named after the release, not the drivers,
   * so an upgrade that adds a driver keeps it.
   */
  private static final String LEADER_LEASE = "cozy-leader";

  /** A catalog: its directory name and the drivers its process ships, by {@code --driver} name. */
  record Catalog(String name, Map<String, Function<KubernetesClient, StrategyDriver>> drivers) {
    Path dir() {
      return Path.of(System.getProperty("repo.root", "..")).resolve("catalogs/" + name);
    }

    Path chart() {
      return dir().resolve("deploy/backup-drivers");
    }

    RenderedChart render(Map<String, Object> values) {
      return RenderedChart.render(chart(), values);
    }

    /** The name a driver registers under (BackupDriver, Lease backup-driver-<name>). */
    String registered(String driver) {
      return drivers.get(driver).apply(null).registration().driver();
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Catalog> catalogs() {
    return Stream.of(
        new Catalog("services", ServicesDrivers.ALL),
        new Catalog("virtualization", VirtualizationDrivers.ALL));
  }

  @ParameterizedTest
  @MethodSource("catalogs")
  void theChartShipsTheCrdOfEveryStrategyKindItsDriversClaim(Catalog catalog) throws Exception {
    List<String> shipped = new ArrayList<>();
    try (Stream<Path> files = Files.list(catalog.chart().resolve("crds"))) {
      for (Path f : files.toList()) {
        var crd =
            Serialization.unmarshal(
                Files.readString(f),
                io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition.class);
        shipped.add(crd.getSpec().getGroup() + "/" + crd.getSpec().getNames().getKind());
      }
    }
    List<String> claimed = new ArrayList<>();
    catalog
        .drivers()
        .values()
        .forEach(
            d ->
                d.apply(null)
                    .registration()
                    .strategies()
                    .forEach(k -> claimed.add(k.apiGroup() + "/" + k.kind())));
    assertThat(shipped).containsExactlyInAnyOrderElementsOf(claimed);
  }

  @ParameterizedTest
  @MethodSource("catalogs")
  void logLevelAndFormatReachTheProcess(Catalog catalog) throws Exception {
    Deployment deployment =
        typed(
            catalog.render(Map.of("logLevel", "DEBUG", "logFormat", "json")),
            "Deployment",
            Deployment.class);
    assertThat(deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv())
        .extracting(e -> e.getName() + "=" + e.getValue())
        .contains("COZY_LOG_LEVEL=DEBUG", "COZY_LOG_FORMAT=json");
  }

  @ParameterizedTest
  @MethodSource("catalogs")
  void replicasElectALeaderAndWithoutElectionOnlyOneIsAllowed(Catalog catalog) throws Exception {
    Deployment deployment =
        typed(catalog.render(Map.of("replicas", 2)), "Deployment", Deployment.class);
    assertThat(deployment.getSpec().getReplicas()).isEqualTo(2);
    assertThat(deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs())
        .contains(
            "--leader-elect=true",
            "--leader-election-namespace=cozy-system",
            "--leader-election-lease=" + LEADER_LEASE);
    assertThatThrownBy(() -> catalog.render(Map.of("replicas", 2, "leaderElection.enabled", false)))
        .hasMessageContaining("replicas > 1 needs leaderElection.enabled");
  }

  @ParameterizedTest
  @MethodSource("catalogs")
  void lintsStrictly(Catalog catalog) {
    var result = new Helm(catalog.chart()).lint().strict().call();
    assertThat(result.isFailed()).as(String.join("\n", result.getMessages())).isFalse();
  }

  @ParameterizedTest
  @MethodSource("catalogs")
  void theDeploymentIsOneHardenedInstanceRunningEveryDriverByDefault(Catalog catalog)
      throws Exception {
    Deployment deployment = typed(catalog.render(Map.of()), "Deployment", Deployment.class);

    var pod = deployment.getSpec().getTemplate().getSpec();
    var container = pod.getContainers().get(0);
    assertThat(deployment.getSpec().getReplicas()).isEqualTo(1);
    assertThat(deployment.getSpec().getStrategy().getType()).isEqualTo("Recreate");
    assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
    assertThat(pod.getSecurityContext().getRunAsUser()).isEqualTo(65532L);
    assertThat(pod.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
    assertThat(container.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
    assertThat(container.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
    assertThat(container.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
    assertThat(container.getResources().getLimits()).containsKey("memory");
    assertThat(container.getImage()).endsWith(":" + chartYaml(catalog).get("appVersion"));
    assertThat(pod.getServiceAccountName())
        .isEqualTo(catalog.render(Map.of()).one("ServiceAccount").getMetadata().getName());

    List<String> expected = new ArrayList<>();
    for (String driver : catalog.drivers().keySet().stream().sorted().toList()) {
      expected.add("--driver");
      expected.add(driver);
    }
    expected.add("--leader-elect=true");
    expected.add("--leader-election-namespace=cozy-system");
    expected.add("--leader-election-lease=" + LEADER_LEASE);
    assertThat(container.getArgs()).isEqualTo(expected);
  }

  @ParameterizedTest
  @MethodSource("catalogs")
  void eachChosenDriverIsOneArgumentAndBringsItsOwnRules(Catalog catalog) {
    String first = catalog.drivers().keySet().stream().sorted().findFirst().orElseThrow();
    RenderedChart one = catalog.render(RenderedChart.list("drivers", List.of(first)));

    Deployment deployment = typed(one, "Deployment", Deployment.class);
    assertThat(deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs())
        .containsExactly(
            "--driver",
            first,
            "--leader-elect=true",
            "--leader-election-namespace=cozy-system",
            "--leader-election-lease=" + LEADER_LEASE);
    String name = catalog.registered(first);
    assertThat(
            resourceNames(typed(one, "ClusterRole", ClusterRole.class).getRules(), "backupdrivers"))
        .containsExactly(name);
    Role leases =
        one.ofKind("Role").stream()
            .map(o -> Serialization.jsonMapper().convertValue(o, Role.class))
            .filter(r -> r.getMetadata().getNamespace().equals("cozy-system"))
            .findFirst()
            .orElseThrow();
    assertThat(resourceNames(leases.getRules(), "leases"))
        .containsExactly("backup-driver-" + name, LEADER_LEASE);
  }

  @ParameterizedTest
  @MethodSource("catalogs")
  void theRulesOfADriverLeftOutAreNotRendered(Catalog catalog) {
    if (catalog.drivers().size() < 2) {
      return; // one driver: nothing can be left out (the schema wants at least one)
    }
    RenderedChart all = catalog.render(Map.of());
    for (String driver : catalog.drivers().keySet()) {
      RenderedChart alone = catalog.render(RenderedChart.list("drivers", List.of(driver)));
      assertThat(typed(alone, "ClusterRole", ClusterRole.class).getRules())
          .as("rules with driver %s alone", driver)
          .hasSizeLessThan(typed(all, "ClusterRole", ClusterRole.class).getRules().size());
    }
  }

  @ParameterizedTest
  @MethodSource("catalogs")
  void theValuesSchemaRefusesUnknownKeysAndDrivers(Catalog catalog) {
    assertThatThrownBy(() -> catalog.render(Map.of("replicas", 0)))
        .hasMessageContaining("replicas");
    assertThatThrownBy(() -> catalog.render(Map.of("replica", 2))).hasMessageContaining("replica");
    assertThatThrownBy(() -> catalog.render(Map.of("logFormat", "xml")))
        .hasMessageContaining("logFormat");
    assertThatThrownBy(() -> catalog.render(RenderedChart.list("drivers", List.of("postgres"))))
        .hasMessageContaining("drivers");
    assertThatThrownBy(() -> catalog.render(Map.of("image.tags", "x")))
        .hasMessageContaining("tags");
  }

  @ParameterizedTest
  @MethodSource("catalogs")
  void theChartNamesWhatTheCatalogShips(Catalog catalog) throws Exception {
    Map<?, ?> chart = chartYaml(catalog);
    Map<?, ?> catalogYaml =
        Serialization.unmarshal(Files.readString(catalog.dir().resolve("catalog.yaml")), Map.class);
    String version = ((Map<?, ?>) catalogYaml.get("metadata")).get("version").toString();
    assertThat(chart.get("version")).hasToString(version);
    assertThat(chart.get("appVersion")).hasToString(version);

    Map<?, ?> schema =
        Serialization.unmarshal(
            Files.readString(catalog.chart().resolve("values.schema.json")), Map.class);
    Map<?, ?> drivers = (Map<?, ?>) ((Map<?, ?>) schema.get("properties")).get("drivers");
    List<String> names =
        ((List<?>) ((Map<?, ?>) drivers.get("items")).get("enum"))
            .stream().map(Object::toString).toList();
    assertThat(names).containsExactlyInAnyOrderElementsOf(catalog.drivers().keySet());

    RenderedChart rendered = catalog.render(Map.of());
    List<String> registered =
        catalog.drivers().keySet().stream().sorted().map(catalog::registered).toList();
    assertThat(
            resourceNames(
                typed(rendered, "ClusterRole", ClusterRole.class).getRules(), "backupdrivers"))
        .containsExactlyElementsOf(registered);
    assertThat(rendered.ofKind("ServiceAccount")).hasSize(1);
    assertThat(rendered.ofKind("ClusterRoleBinding")).hasSize(1);
    assertThat(rendered.ofKind("Role"))
        .anyMatch(r -> r.getMetadata().getNamespace().equals("cozy-system"));
  }

  private static List<String> resourceNames(List<PolicyRule> rules, String resource) {
    return rules.stream()
        .filter(r -> r.getResources().contains(resource))
        .flatMap(r -> r.getResourceNames().stream())
        .toList();
  }

  private static Map<?, ?> chartYaml(Catalog catalog) throws Exception {
    return Serialization.unmarshal(
        Files.readString(catalog.chart().resolve("Chart.yaml")), Map.class);
  }

  private static <T> T typed(RenderedChart chart, String kind, Class<T> type) {
    return Serialization.jsonMapper().convertValue(chart.one(kind), type);
  }
}
