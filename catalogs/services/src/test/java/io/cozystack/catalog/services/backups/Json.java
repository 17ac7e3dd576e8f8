package io.cozystack.catalog.services.backups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;

/** YAML literals (flow style allowed) for the drivers' tests. */
public final class Json {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private Json() {}

  public static JsonNode yaml(String text) {
    try {
      return YAML.readTree(text);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  public static GenericKubernetesResource object(String yaml) {
    return Serialization.jsonMapper().convertValue(yaml(yaml), GenericKubernetesResource.class);
  }

  public static JsonNode tree(Object value) {
    return Serialization.jsonMapper().valueToTree(value);
  }
}
