package io.cozystack.contracts.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import com.github.victools.jsonschema.module.jackson.JacksonOption;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.properties.PropertyRequirement;
import io.cozystack.api.v1alpha1.ApplicationDefinitionSpec;
import io.cozystack.api.v1alpha1.ClusterValuesSpec;
import io.cozystack.api.v1alpha1.Dashboard;
import io.cozystack.api.values.NamespaceValues;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Build step: generates the contracts' JSON Schemas (draft 2020-12, every reference bundled under
 * {@code $defs}) from the Java types, and checks them against the committed files (or rewrites them
 * with {@code update}). Arguments: {@code <schemas dir> <check|update>}.
 */
public final class SchemaSync {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final String BASE_ID = "https://schemas.cozystack.io/contracts/v1/";

  /** File name → (title, root type). */
  static final Map<String, Object[]> CONTRACTS = new LinkedHashMap<>();

  static {
    CONTRACTS.put(
        "k1-applicationdefinition-spec",
        new Object[] {
          "K1: ApplicationDefinition spec (an application kind and how its instances render)",
          ApplicationDefinitionSpec.class
        });
    CONTRACTS.put(
        "k2-clustervalues-spec",
        new Object[] {
          "K2: ClusterValues spec (the typed _cluster values)", ClusterValuesSpec.class
        });
    CONTRACTS.put(
        "k2-namespacevalues",
        new Object[] {"K2: the _namespace values of a tenant namespace", NamespaceValues.class});
    CONTRACTS.put(
        "k3-property-requirement",
        new Object[] {"K3: a platform property a catalog requires", PropertyRequirement.class});
    CONTRACTS.put(
        "k5-cozylib-pin",
        new Object[] {"K5: the cozy-lib version a catalog pins", CatalogManifest.CozyLib.class});
    CONTRACTS.put(
        "k6-dashboard", new Object[] {"K6: ApplicationDefinition spec.dashboard", Dashboard.class});
    CONTRACTS.put(
        "sdk-backup-driver-registration",
        new Object[] {
          "Backup-driver SDK: a driver's registration (the strategy kinds it claims)",
          io.cozystack.api.backups.driver.DriverRegistrationSpec.class
        });
    CONTRACTS.put(
        "sdk-strategy-handoff",
        new Object[] {
          "Backup-driver SDK: one strategy kind handed from the platform to a catalog",
          io.cozystack.api.backups.driver.StrategyHandoff.class
        });
    CONTRACTS.put(
        "catalog", new Object[] {"Catalog manifest (catalog.yaml)", CatalogManifest.class});
  }

  private SchemaSync() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    boolean update = Boolean.parseBoolean(args[1]) || "update".equals(args[1]);
    Map<String, String> generated = generate();
    if (update) {
      Files.createDirectories(dir);
      for (Map.Entry<String, String> e : generated.entrySet()) {
        Files.writeString(dir.resolve(e.getKey()), e.getValue());
      }
      System.out.printf("schemas: wrote %d JSON Schemas to %s%n", generated.size(), dir);
      return;
    }
    List<String> drift = new ArrayList<>();
    for (Map.Entry<String, String> e : generated.entrySet()) {
      Path file = dir.resolve(e.getKey());
      if (!Files.exists(file)) {
        drift.add(e.getKey() + ": missing");
      } else if (!Files.readString(file).equals(e.getValue())) {
        drift.add(e.getKey() + ": differs from the generated schema");
      }
    }
    if (!drift.isEmpty()) {
      throw new IllegalStateException(
          "The committed JSON Schemas in "
              + dir
              + " differ from the Java types:\n  "
              + String.join("\n  ", drift)
              + "\nRegenerate them with: ./mvnw -B -pl contracts verify -Dcrds.update=true");
    }
    System.out.printf(
        "schemas: %d committed JSON Schemas match the Java types%n", generated.size());
  }

  static Map<String, String> generate() throws IOException {
    SchemaGenerator generator = generator();
    Map<String, String> result = new LinkedHashMap<>();
    for (Map.Entry<String, Object[]> e : CONTRACTS.entrySet()) {
      ObjectNode schema = generator.generateSchema((Class<?>) e.getValue()[1]);
      ObjectNode root = JSON.createObjectNode();
      root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
      root.put("$id", BASE_ID + e.getKey() + ".schema.json");
      root.put("title", (String) e.getValue()[0]);
      schema.remove("$schema");
      root.setAll(schema);
      result.put(e.getKey() + ".schema.json", JSON.writeValueAsString(root) + "\n");
    }
    return result;
  }

  private static SchemaGenerator generator() {
    SchemaGeneratorConfigBuilder config =
        new SchemaGeneratorConfigBuilder(SchemaVersion.DRAFT_2020_12, OptionPreset.PLAIN_JSON)
            .with(
                new JacksonModule(
                    JacksonOption.RESPECT_JSONPROPERTY_REQUIRED,
                    JacksonOption.FLATTENED_ENUMS_FROM_JSONVALUE))
            .with(Option.DEFINITIONS_FOR_ALL_OBJECTS)
            .with(Option.FORBIDDEN_ADDITIONAL_PROPERTIES_BY_DEFAULT)
            .with(Option.NULLABLE_FIELDS_BY_DEFAULT)
            .without(Option.NULLABLE_FIELDS_BY_DEFAULT);
    config
        .forFields()
        .withRequiredCheck(f -> f.getAnnotationConsideringFieldAndGetter(Required.class) != null)
        .withStringPatternResolver(
            f -> {
              Pattern p = f.getAnnotationConsideringFieldAndGetter(Pattern.class);
              return p == null ? null : p.value();
            })
        .withInstanceAttributeOverride(
            (attributes, field, context) -> {
              var pu =
                  field.getAnnotationConsideringFieldAndGetter(
                      io.fabric8.crd.generator.annotation.PreserveUnknownFields.class);
              if (pu != null) {
                attributes.remove("additionalProperties");
              }
            });
    return new SchemaGenerator(config.build());
  }

  /** For tests: the generated schema of one contract. */
  static JsonNode schema(String name) throws IOException {
    return JSON.readTree(generate().get(name + ".schema.json"));
  }
}
