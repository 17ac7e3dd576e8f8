package io.cozystack.catalog.services.backups.foundationdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.driver.StrategyHandoff;
import io.cozystack.contracts.driver.WatchedKind;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the driver registers and watches, checked against the catalog and the platform's hand-off,
 * and its strategy CRD against the names and field types of Cozystack's {@code FoundationDB}
 * strategy kind.
 */
class FoundationDbDriverTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @Test
  void itRegistersTheCatalogThisModuleShipsAndClaimsTheKindThePlatformHandsOver() throws Exception {
    DriverRegistrationSpec r = new FoundationDbDriver().registration();
    JsonNode manifest = YAML.readTree(Path.of("catalog.yaml").toFile());

    assertThat(r.driver()).isEqualTo("foundationdb.services.cozystack.io");
    assertThat(r.catalog().name()).isEqualTo(manifest.at("/metadata/name").asText());
    assertThat(r.catalog().version()).isEqualTo(manifest.at("/metadata/version").asText());
    assertThat(r.contractVersion()).isEqualTo(Contracts.VERSION);
    assertThat(r.strategies())
        .containsExactly(
            new DriverRegistrationSpec.StrategyKind(
                "strategy.backups.cozystack.io", "FoundationDB"));
    assertThat(StrategyHandoff.of("strategy.backups.cozystack.io", "FoundationDB"))
        .hasValueSatisfying(h -> assertThat(h.catalog()).isEqualTo(r.catalog().name()));
    assertThat(manifest.path("spec").path("strategies").toString())
        .contains("\"kind\":\"FoundationDB\"");
  }

  @Test
  void theStrategyCrdHasCozystacksNamesAndFieldTypes() throws Exception {
    JsonNode crd = crd();

    assertThat(crd.at("/metadata/name").asText())
        .isEqualTo("foundationdbs.strategy.backups.cozystack.io");
    assertThat(crd.at("/spec/group").asText()).isEqualTo("strategy.backups.cozystack.io");
    assertThat(crd.at("/spec/names").toString())
        .isEqualTo(
            "{\"kind\":\"FoundationDB\",\"listKind\":\"FoundationDBList\","
                + "\"plural\":\"foundationdbs\",\"singular\":\"foundationdb\"}");
    assertThat(crd.at("/spec/scope").asText()).isEqualTo("Cluster");
    JsonNode version = crd.at("/spec/versions/0");
    assertThat(version.path("name").asText()).isEqualTo("v1alpha1");
    assertThat(version.at("/subresources/status").isObject()).isTrue();
    JsonNode spec = version.at("/schema/openAPIV3Schema/properties/spec");
    assertThat(spec.path("required").toString()).isEqualTo("[\"template\"]");
    JsonNode template = spec.at("/properties/template");
    assertThat(template.path("required").toString()).isEqualTo("[\"blobStoreConfiguration\"]");
    JsonNode fields = template.path("properties");
    assertThat(fields.fieldNames())
        .toIterable()
        .containsExactlyInAnyOrder(
            "blobStoreConfiguration",
            "agentCount",
            "snapshotPeriodSeconds",
            "customParameters",
            "encryptionKeyPath",
            "backupDeploymentPodTemplateSpec");
    assertThat(fields.at("/agentCount/format").asText()).isEqualTo("int32");
    assertThat(fields.at("/snapshotPeriodSeconds/format").asText()).isEqualTo("int32");
    assertThat(fields.at("/customParameters/items/type").asText()).isEqualTo("string");
    assertThat(fields.at("/encryptionKeyPath/type").asText()).isEqualTo("string");
    assertThat(fields.at("/backupDeploymentPodTemplateSpec/type").asText()).isEqualTo("object");
    JsonNode blob = fields.path("blobStoreConfiguration");
    assertThat(blob.path("required").toString()).isEqualTo("[\"accountName\"]");
    assertThat(blob.path("properties").fieldNames())
        .toIterable()
        .containsExactlyInAnyOrder("accountName", "bucket", "backupName", "urlParameters");
    assertThat(blob.at("/properties/accountName/minLength").asInt()).isEqualTo(1);
    assertThat(blob.at("/properties/accountName/maxLength").asInt()).isEqualTo(100);
    assertThat(blob.at("/properties/bucket/maxLength").asInt()).isEqualTo(63);
    assertThat(blob.at("/properties/backupName/maxLength").asInt()).isEqualTo(1024);
    assertThat(blob.at("/properties/urlParameters/items/type").asText()).isEqualTo("string");
  }

  @Test
  void theSchemaPatternsRefuseTyposAndInlineSecretsButLetTemplatesThrough() throws Exception {
    JsonNode fields =
        crd()
            .at(
                "/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/template/properties");
    Pattern account =
        Pattern.compile(
            fields.at("/blobStoreConfiguration/properties/accountName/pattern").asText());
    Pattern parameter =
        Pattern.compile(
            fields.at("/blobStoreConfiguration/properties/urlParameters/items/pattern").asText());
    Pattern custom = Pattern.compile(fields.at("/customParameters/items/pattern").asText());

    assertThat(account.matcher("s3.example.org:8080").matches()).isTrue();
    assertThat(account.matcher("AKIA@s3.example.org").matches()).isTrue();
    assertThat(account.matcher("{{ .Parameters.key }}@{{ .Parameters.host }}").matches()).isTrue();
    assertThat(account.matcher("AKIA:secret@s3.example.org").matches()).isFalse();
    assertThat(parameter.matcher("secure_connection=0").matches()).isTrue();
    assertThat(
            parameter
                .matcher("bucket_path={{ .Application.metadata.namespace }}/{{ .Release.Name }}")
                .matches())
        .isTrue();
    assertThat(parameter.matcher("secure connection=0").matches()).isFalse();
    assertThat(custom.matcher("--blob_credentials=/var/c.json").matches()).isTrue();
    assertThat(custom.matcher("knob_http_request_timeout=60").matches()).isTrue();
    assertThat(custom.matcher("blob credentials").matches()).isFalse();
    assertThat(fields.at("/encryptionKeyPath/x-kubernetes-validations/0/rule").asText())
        .isEqualTo("self == ''");
  }

  @Test
  void itWatchesTheOperatorsObjectsAndCleansUpWhatItCreates() {
    FoundationDbDriver driver = new FoundationDbDriver();

    assertThat(driver.watches())
        .extracting(WatchedKind::apiVersion, WatchedKind::kind)
        .containsExactly(
            tuple("apps.foundationdb.org/v1beta2", "FoundationDBBackup"),
            tuple("apps.foundationdb.org/v1beta2", "FoundationDBRestore"),
            tuple("apps.foundationdb.org/v1beta2", "FoundationDBCluster"),
            tuple("apps.foundationdb.org/v1beta2", "FoundationDBBackup"));
    assertThat(driver.cleansUpBackups()).isTrue();
    assertThat(driver.cleansUpRestores()).isTrue();
  }

  private static JsonNode crd() throws Exception {
    return YAML.readTree(
        Path.of("deploy/backup-drivers/crds/strategy.backups.cozystack.io_foundationdbs.yaml")
            .toFile());
  }
}
