package io.cozystack.e2e;

import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Generates hostile manifests from a valid one: each mutation sets one field (named by the path the
 * API server prints, {@code spec.variants[0].components[0].path}) to a hostile value, or removes
 * it, and expects a refusal that names that field.
 */
final class HostileMutations {
  /** Removes the field instead of setting it. */
  static final Object REMOVE = new Object();

  private static final Pattern SEGMENT = Pattern.compile("([^.\\[]+)((?:\\[\\d+])*)");
  private static final Pattern INDEX = Pattern.compile("\\[(\\d+)]");

  private final String prefix;
  private final String base;
  private final List<HostileCase> cases = new ArrayList<>();
  private boolean renamed = true;

  private HostileMutations(String prefix, String base) {
    this.prefix = prefix;
    this.base = base;
  }

  /** Mutations of {@code base}; the cases' ids start with {@code prefix}. */
  static HostileMutations of(String prefix, String base) {
    return new HostileMutations(prefix, base);
  }

  /** Each of {@code values} at {@code path}, each refused naming the path. */
  HostileMutations set(String path, Object... values) {
    for (Object value : values) {
      String id = prefix + "/" + path + "=" + describe(value);
      cases.add(HostileCase.refused(id, mutate(path, value), path));
    }
    return this;
  }

  /** The field at {@code path} removed: refused as required. */
  HostileMutations remove(String path) {
    cases.add(HostileCase.refused(prefix + "/" + path + " removed", mutate(path, REMOVE), path));
    return this;
  }

  /** Mutations keep the base's name (for singletons, whose name is fixed). */
  HostileMutations keepName() {
    renamed = false;
    return this;
  }

  List<HostileCase> cases() {
    return List.copyOf(cases);
  }

  /** The base with one field changed, as YAML. */
  String mutate(String path, Object value) {
    @SuppressWarnings("unchecked")
    Map<String, Object> root = Serialization.unmarshal(base, LinkedHashMap.class);
    @SuppressWarnings("unchecked")
    Map<String, Object> metadata = (Map<String, Object>) root.get("metadata");
    // A name of its own, so that a mutation wrongly accepted cannot make the next one a 409.
    if (renamed) {
      metadata.put("name", metadata.get("name") + "-m" + cases.size());
    }
    String[] segments = path.split("\\.(?![^\\[]*])");
    Object parent = root;
    for (int i = 0; i < segments.length; i++) {
      Matcher m = SEGMENT.matcher(segments[i]);
      if (!m.matches()) {
        throw new IllegalArgumentException("not a field path: " + path);
      }
      boolean last = i == segments.length - 1;
      parent = step(parent, m.group(1), m.group(2), last, value);
    }
    return Serialization.asYaml(root);
  }

  @SuppressWarnings("unchecked")
  private static Object step(Object parent, String key, String indexes, boolean last, Object v) {
    Map<String, Object> map = (Map<String, Object>) parent;
    if (indexes.isEmpty() && last) {
      if (v == REMOVE) {
        map.remove(key);
      } else {
        map.put(key, v);
      }
      return null;
    }
    Object child = map.computeIfAbsent(key, k -> new LinkedHashMap<>());
    Matcher index = INDEX.matcher(indexes);
    List<Integer> positions = new ArrayList<>();
    while (index.find()) {
      positions.add(Integer.parseInt(index.group(1)));
    }
    for (int p = 0; p < positions.size(); p++) {
      List<Object> list = (List<Object>) child;
      if (last && p == positions.size() - 1) {
        list.set(positions.get(p), v);
        return null;
      }
      child = list.get(positions.get(p));
    }
    return child;
  }

  private static String describe(Object value) {
    String text = value instanceof String s ? '"' + s + '"' : String.valueOf(value);
    return text.length() > 24 ? text.substring(0, 12) + "…(" + text.length() + ")" : text;
  }
}
