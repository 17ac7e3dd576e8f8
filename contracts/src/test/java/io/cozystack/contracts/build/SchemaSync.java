package io.cozystack.contracts.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.properties.PropertyRequirement;
import io.cozystack.api.v1alpha1.ApplicationDefinitionSpec;
import io.cozystack.api.v1alpha1.ClusterValuesSpec;
import io.cozystack.api.v1alpha1.Dashboard;
import io.cozystack.api.values.NamespaceValues;
import io.cozystack.contracts.schemas.OpenApiToJsonSchema;
import io.fabric8.crdv2.generator.v1.JsonSchema;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Build step: generates the contracts' JSON Schemas (draft 2020-12, self-contained: no {@code
 * $ref}) from the Java types, and checks them against the committed files (or rewrites them with
 * {@code update}). Each type goes through the generator that writes the CRDs (fabric8's) and then
 * through {@link OpenApiToJsonSchema}, the conversion the kubeconform schemas use too; so a
 * contract type that is a CRD's spec has, as a JSON Schema, exactly the CRD's rules ({@code
 * PublishedSchemasTest} checks it). Arguments: {@code <schemas dir> <check|update>}.
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
    Map<String, String> result = new LinkedHashMap<>();
    for (Map.Entry<String, Object[]> e : CONTRACTS.entrySet()) {
      ObjectNode schema = OpenApiToJsonSchema.convert(openApi((Class<?>) e.getValue()[1]));
      ObjectNode root = JSON.createObjectNode();
      root.put("$schema", OpenApiToJsonSchema.DRAFT_2020_12);
      root.put("$id", BASE_ID + e.getKey() + ".schema.json");
      root.put("title", (String) e.getValue()[0]);
      root.setAll(schema);
      result.put(e.getKey() + ".schema.json", JSON.writeValueAsString(root) + "\n");
    }
    return result;
  }

  /**
   * The OpenAPI schema of a type, from the generator that writes the CRDs: so enums, required
   * fields, patterns, defaults and maps are exactly what the CRDs have. The generator leaves out
   * apiVersion, kind and metadata of the type it starts from (a CRD declares them itself), so a
   * type with such fields of its own is taken as the one field of a holder record.
   */
  static JsonNode openApi(Class<?> type) {
    Class<?> holder = HOLDERS.get(type);
    JSONSchemaProps props =
        holder == null
            ? JsonSchema.from(type)
            : JsonSchema.from(holder).getProperties().get("value");
    JsonNode schema = Serialization.jsonMapper().valueToTree(props);
    var mapper = Serialization.jsonMapper();
    for (var property :
        mapper.getSerializationConfig().introspect(mapper.constructType(type)).findProperties()) {
      if (!schema.path("properties").has(property.getName())) {
        throw new IllegalStateException(
            type.getName()
                + " has the field "
                + property.getName()
                + " but its generated schema does not: add a holder record to SchemaSync.HOLDERS");
      }
    }
    return schema;
  }

  record CatalogManifestHolder(CatalogManifest value) {}

  record StrategyHandoffHolder(io.cozystack.api.backups.driver.StrategyHandoff value) {}

  /** Contract types with apiVersion, kind or metadata fields, and their holders. */
  private static final Map<Class<?>, Class<?>> HOLDERS =
      Map.of(
          CatalogManifest.class, CatalogManifestHolder.class,
          io.cozystack.api.backups.driver.StrategyHandoff.class, StrategyHandoffHolder.class);

  /** For tests: the generated schema of one contract. */
  static JsonNode schema(String name) throws IOException {
    return JSON.readTree(generate().get(name + ".schema.json"));
  }
}
