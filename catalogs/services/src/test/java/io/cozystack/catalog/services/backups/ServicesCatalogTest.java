package io.cozystack.catalog.services.backups;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ServicesCatalogTest {
  @Test
  void theDriversRegisterTheCatalogThisModuleShips() throws Exception {
    JsonNode manifest =
        new ObjectMapper(new YAMLFactory()).readTree(Path.of("catalog.yaml").toFile());
    assertThat(ServicesCatalog.NAME).isEqualTo(manifest.path("metadata").path("name").asText());
    assertThat(ServicesCatalog.VERSION)
        .isEqualTo(manifest.path("metadata").path("version").asText());
  }
}
