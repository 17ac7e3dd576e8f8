package io.cozystack.catalog.services.backups.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.contracts.driver.WatchedKind;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What the driver registers and watches, checked against the catalog and the strategy CRD. */
class MariaDbDriverTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @Test
  void itRegistersTheCatalogThisModuleShipsAndClaimsTheMariaDbStrategy() throws Exception {
    DriverRegistrationSpec r = new MariaDbDriver().registration();
    JsonNode manifest = YAML.readTree(Path.of("catalog.yaml").toFile());

    assertThat(r.driver()).isEqualTo("mariadb.services.cozystack.io");
    assertThat(r.catalog().name()).isEqualTo(manifest.at("/metadata/name").asText());
    assertThat(r.catalog().version()).isEqualTo(manifest.at("/metadata/version").asText());
    assertThat(r.contractVersion()).isEqualTo(Contracts.VERSION);
    assertThat(r.leaseDurationSeconds()).isEqualTo(60);
    assertThat(r.strategies())
        .containsExactly(
            new DriverRegistrationSpec.StrategyKind("strategy.backups.cozystack.io", "MariaDB"));
    assertThat(manifest.path("spec").path("strategies").toString())
        .contains("\"kind\":\"MariaDB\"");
  }

  @Test
  void theStrategyCrdServesTheClaimedKindClusterScopedWithTheExactlyOneStorageRule()
      throws Exception {
    JsonNode crd =
        YAML.readTree(
            Path.of("deploy/backup-drivers/crds/strategy.backups.cozystack.io_mariadbs.yaml")
                .toFile());

    assertThat(crd.at("/spec/group").asText()).isEqualTo("strategy.backups.cozystack.io");
    assertThat(crd.at("/spec/names/kind").asText()).isEqualTo("MariaDB");
    assertThat(crd.at("/spec/names/plural").asText()).isEqualTo("mariadbs");
    assertThat(crd.at("/spec/scope").asText()).isEqualTo("Cluster");
    JsonNode version = crd.at("/spec/versions/0");
    assertThat(version.path("name").asText()).isEqualTo("v1alpha1");
    assertThat(version.at("/subresources/status").isObject()).isTrue();
    JsonNode storage =
        version.at(
            "/schema/openAPIV3Schema/properties/spec/properties/template/properties/storage");
    assertThat(storage.at("/x-kubernetes-validations/0/rule").asText())
        .contains("has(self.s3)", "has(self.persistentVolumeClaim)", "has(self.volume)", "== 1");
    assertThat(storage.at("/properties/s3/required").toString())
        .contains("bucket", "endpoint", "accessKeyIdSecretKeyRef", "secretAccessKeySecretKeyRef");
  }

  @Test
  void itWatchesTheOperatorsBackupsRestoresAndMariaDbsAndCleansUpNothing() {
    MariaDbDriver driver = new MariaDbDriver();

    assertThat(driver.watches())
        .extracting(WatchedKind::apiVersion, WatchedKind::kind)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("k8s.mariadb.com/v1alpha1", "Backup"),
            org.assertj.core.groups.Tuple.tuple("k8s.mariadb.com/v1alpha1", "Restore"),
            org.assertj.core.groups.Tuple.tuple("k8s.mariadb.com/v1alpha1", "MariaDB"));
    assertThat(driver.cleansUpBackups()).isFalse();
    assertThat(driver.cleansUpRestores()).isFalse();
  }
}
