package io.cozystack.operator.values;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.v1alpha1.ClusterValuesSpec;
import io.cozystack.api.values.ValuesKeys;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The {@code _cluster} map charts read, from the typed {@link ClusterValuesSpec}: each field under
 * its kebab-case key, lists joined with ',', scalars as strings, branding and scheduling as maps,
 * unset fields omitted; then the extensions.
 */
public final class ClusterValuesRenderer {
  private static final Set<String> MAPS = Set.of("branding", "scheduling");

  /** The rendered map, or the problems that keep it from being projected. */
  public record Rendered(Map<String, Object> cluster, List<String> problems) {}

  private ClusterValuesRenderer() {}

  public static Rendered render(ClusterValuesSpec spec, String kubeRootCa) {
    Map<String, Object> cluster = new TreeMap<>();
    ObjectNode fields = Serialization.jsonMapper().valueToTree(spec);
    for (Iterator<Map.Entry<String, JsonNode>> it = fields.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      if (ValuesKeys.NOT_VALUES.contains(field.getKey()) || field.getValue().isNull()) {
        continue;
      }
      cluster.put(ValuesKeys.clusterKey(field.getKey()), value(field.getKey(), field.getValue()));
    }
    if (kubeRootCa != null) {
      cluster.put("kube-root-ca", kubeRootCa);
    }
    List<String> problems = new ArrayList<>();
    if (spec.extensions() != null) {
      spec.extensions()
          .forEach(
              (key, value) -> {
                if (cluster.containsKey(key) || "kube-root-ca".equals(key)) {
                  problems.add(
                      "spec.extensions."
                          + key
                          + " repeats a typed _cluster key: set its field in spec instead");
                } else {
                  cluster.put(key, value);
                }
              });
    }
    return new Rendered(cluster, List.copyOf(problems));
  }

  private static Object value(String field, JsonNode node) {
    if (MAPS.contains(field)) {
      return Serialization.jsonMapper().convertValue(node, Map.class);
    }
    if (node.isArray()) {
      List<String> items = new ArrayList<>();
      node.forEach(item -> items.add(item.asText()));
      return String.join(",", items);
    }
    return node.asText();
  }
}
