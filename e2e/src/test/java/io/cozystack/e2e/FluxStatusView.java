package io.cozystack.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Optional;

/** Reads the status of any object (Flux's, ours) as a tree: conditions and plain fields. */
record FluxStatusView(JsonNode status) {

  static FluxStatusView of(HasMetadata object) {
    JsonNode tree = object == null ? null : Serialization.jsonMapper().valueToTree(object);
    return new FluxStatusView(tree == null ? null : tree.get("status"));
  }

  Optional<JsonNode> condition(String type) {
    if (status == null || !status.path("conditions").isArray()) {
      return Optional.empty();
    }
    for (JsonNode c : status.path("conditions")) {
      if (type.equals(c.path("type").asText())) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  boolean is(String type, String value) {
    return condition(type).map(c -> value.equals(c.path("status").asText())).orElse(false);
  }

  String reason(String type) {
    return condition(type).map(c -> c.path("reason").asText()).orElse("");
  }

  String message(String type) {
    return condition(type).map(c -> c.path("message").asText()).orElse("");
  }

  JsonNode path(String field) {
    return status == null
        ? com.fasterxml.jackson.databind.node.MissingNode.getInstance()
        : status.path(field);
  }

  @Override
  public String toString() {
    return String.valueOf(status);
  }
}
