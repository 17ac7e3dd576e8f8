package io.cozystack.catalog.services.backups.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.contracts.driver.WatchedKind;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the driver registers and watches, checked against the catalog, and its strategy CRD against
 * the names and field types of Cozystack's {@code MongoDB} strategy kind.
 */
class MongoDbDriverTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @Test
  void itRegistersTheCatalogThisModuleShipsAndClaimsTheMongoDbStrategy() throws Exception {
    DriverRegistrationSpec r = new MongoDbDriver().registration();
    JsonNode manifest = YAML.readTree(Path.of("catalog.yaml").toFile());

    assertThat(r.driver()).isEqualTo("mongodb.services.cozystack.io");
    assertThat(r.catalog().name()).isEqualTo(manifest.at("/metadata/name").asText());
    assertThat(r.catalog().version()).isEqualTo(manifest.at("/metadata/version").asText());
    assertThat(r.contractVersion()).isEqualTo(Contracts.VERSION);
    assertThat(r.leaseDurationSeconds()).isEqualTo(60);
    assertThat(r.strategies())
        .containsExactly(
            new DriverRegistrationSpec.StrategyKind("strategy.backups.cozystack.io", "MongoDB"));
    assertThat(manifest.path("spec").path("strategies").toString())
        .contains("\"kind\":\"MongoDB\"");
  }

  @Test
  void theStrategyCrdHasCozystacksNamesAndFieldTypes() throws Exception {
    JsonNode crd = crd();

    assertThat(crd.at("/metadata/name").asText())
        .isEqualTo("mongodbs.strategy.backups.cozystack.io");
    assertThat(crd.at("/spec/group").asText()).isEqualTo("strategy.backups.cozystack.io");
    assertThat(crd.at("/spec/names").toString())
        .isEqualTo(
            "{\"kind\":\"MongoDB\",\"listKind\":\"MongoDBList\",\"plural\":\"mongodbs\","
                + "\"singular\":\"mongodb\"}");
    assertThat(crd.at("/spec/scope").asText()).isEqualTo("Cluster");
    JsonNode version = crd.at("/spec/versions/0");
    assertThat(version.path("name").asText()).isEqualTo("v1alpha1");
    assertThat(version.at("/subresources/status").isObject()).isTrue();
    JsonNode spec = version.at("/schema/openAPIV3Schema/properties/spec");
    assertThat(spec.path("required").toString()).isEqualTo("[\"template\"]");
    JsonNode fields = spec.at("/properties/template/properties");
    assertThat(fields.fieldNames())
        .toIterable()
        .containsExactlyInAnyOrder("storageName", "type", "compressionType", "compressionLevel");
    assertThat(fields.at("/storageName/type").asText()).isEqualTo("string");
    assertThat(fields.at("/type/type").asText()).isEqualTo("string");
    assertThat(fields.at("/type/enum").toString()).isEqualTo("[\"logical\"]");
    assertThat(fields.at("/compressionType/type").asText()).isEqualTo("string");
    assertThat(fields.at("/compressionLevel/type").asText()).isEqualTo("integer");
  }

  @Test
  void theSchemaPatternsRefuseTyposButLetTemplatesThrough() throws Exception {
    JsonNode fields =
        crd()
            .at(
                "/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/template/properties");
    Pattern storage = Pattern.compile(fields.at("/storageName/pattern").asText());
    Pattern compression = Pattern.compile(fields.at("/compressionType/pattern").asText());

    assertThat(storage.matcher("s3-storage").matches()).isTrue();
    assertThat(storage.matcher("").matches()).isTrue();
    assertThat(storage.matcher("{{ .Parameters.storage }}").matches()).isTrue();
    assertThat(storage.matcher("s3 storage").matches()).isFalse();
    for (String known : MongoDbTemplate.COMPRESSIONS) {
      assertThat(compression.matcher(known).matches()).as(known).isTrue();
    }
    assertThat(compression.matcher("").matches()).isTrue();
    assertThat(compression.matcher("{{ .Parameters.compression }}").matches()).isTrue();
    assertThat(compression.matcher("gzipp").matches()).isFalse();
  }

  @Test
  void itWatchesTheOperatorsObjectsAndCleansUpWhatItCreates() {
    MongoDbDriver driver = new MongoDbDriver();

    assertThat(driver.watches())
        .extracting(WatchedKind::apiVersion, WatchedKind::kind)
        .containsExactly(
            tuple("psmdb.percona.com/v1", "PerconaServerMongoDBBackup"),
            tuple("psmdb.percona.com/v1", "PerconaServerMongoDBRestore"),
            tuple("psmdb.percona.com/v1", "PerconaServerMongoDB"));
    assertThat(driver.cleansUpBackups()).isTrue();
    assertThat(driver.cleansUpRestores()).isTrue();
  }

  private static JsonNode crd() throws Exception {
    return YAML.readTree(
        Path.of("deploy/backup-drivers/crds/strategy.backups.cozystack.io_mongodbs.yaml").toFile());
  }
}
