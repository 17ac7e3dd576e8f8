package io.cozystack.catalog.services.backups.cnpg;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/** Whether one JSON document already holds every field of another (server defaults aside). */
final class JsonSubset {
  private JsonSubset() {}

  static boolean contains(JsonNode whole, JsonNode part) {
    if (part.isObject()) {
      if (!whole.isObject()) {
        return false;
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = part.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        if (!contains(whole.path(field.getKey()), field.getValue())) {
          return false;
        }
      }
      return true;
    }
    return part.equals(whole);
  }
}
