package io.cozystack.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * Records every change the API server stores to HelmReleases, ArtifactGenerators and projected
 * values from the moment it starts (a watch from the resourceVersion of a list made then, so
 * nothing between the list and the watch is missed), with the field manager that made it.
 */
final class WriteRecorder implements AutoCloseable {
  private final List<Watch> watches = new ArrayList<>();
  private final List<String> writes = new CopyOnWriteArrayList<>();
  private final List<String> closed = new CopyOnWriteArrayList<>();
  private final Map<String, JsonNode> seen = new ConcurrentHashMap<>();

  private WriteRecorder() {}

  /** Starts recording the changes to objects {@code inScope} accepts. */
  static WriteRecorder start(KubernetesClient client, Predicate<HasMetadata> inScope) {
    WriteRecorder recorder = new WriteRecorder();
    recorder.watch(
        client
            .genericKubernetesResources("helm.toolkit.fluxcd.io/v2", "HelmRelease")
            .inAnyNamespace(),
        inScope);
    recorder.watch(
        client
            .genericKubernetesResources("source.extensions.fluxcd.io/v1beta1", "ArtifactGenerator")
            .inAnyNamespace(),
        inScope);
    for (String kind : List.of("ConfigMap", "Secret")) {
      recorder.watch(
          client
              .genericKubernetesResources("v1", kind)
              .inAnyNamespace()
              .withLabel("values.cozystack.io/projected", "true"),
          inScope);
    }
    return recorder;
  }

  /** Each change seen: its action, kind, namespace/name and who made it. */
  List<String> writes() {
    List<String> all = new ArrayList<>(writes);
    closed.forEach(c -> all.add("(a watch closed, changes after it unseen: " + c + ")"));
    return all;
  }

  private void watch(
      FilterWatchListDeletable<GenericKubernetesResource, GenericKubernetesResourceList, ?> objects,
      Predicate<HasMetadata> inScope) {
    GenericKubernetesResourceList list = objects.list();
    list.getItems().forEach(o -> seen.put(id(o), comparable(o)));
    String resourceVersion = list.getMetadata().getResourceVersion();
    watches.add(
        objects.watch(
            resourceVersion,
            new Watcher<>() {
              @Override
              public void eventReceived(Action action, GenericKubernetesResource object) {
                if (inScope.test(object)) {
                  JsonNode now = comparable(object);
                  JsonNode before = seen.put(id(object), now);
                  writes.add(
                      "%s %s %s by %s: %s"
                          .formatted(
                              action,
                              object.getKind(),
                              FaultAudit.key(object),
                              lastWriter(object),
                              before == null ? "new" : differences(before, now)));
                }
              }

              @Override
              public void onClose(WatcherException cause) {
                closed.add(String.valueOf(cause));
              }
            }));
  }

  private static String id(GenericKubernetesResource object) {
    return object.getKind() + " " + FaultAudit.key(object);
  }

  /** The object without what every write changes (resourceVersion, managedFields). */
  private static JsonNode comparable(GenericKubernetesResource object) {
    ObjectNode tree = Serialization.jsonMapper().valueToTree(object);
    ObjectNode metadata = (ObjectNode) tree.path("metadata");
    metadata.remove(List.of("resourceVersion", "managedFields"));
    return tree;
  }

  /** The paths whose values differ, each with its value before and after (shortened). */
  static String differences(JsonNode before, JsonNode after) {
    List<String> paths = new ArrayList<>();
    collect("", before, after, paths);
    return paths.isEmpty() ? "no field changed" : String.join("; ", paths);
  }

  private static void collect(String path, JsonNode a, JsonNode b, List<String> out) {
    if (a.equals(b)) {
      return;
    }
    if (a.isObject() && b.isObject()) {
      Set<String> names = new TreeSet<>();
      a.fieldNames().forEachRemaining(names::add);
      b.fieldNames().forEachRemaining(names::add);
      names.forEach(n -> collect(path + "/" + n, a.path(n), b.path(n), out));
      return;
    }
    out.add(path + ": " + shorten(a) + " -> " + shorten(b));
  }

  private static String shorten(JsonNode value) {
    String text = value.isMissingNode() ? "(none)" : value.toString();
    return text.length() > 160 ? text.substring(0, 160) + "..." : text;
  }

  /** The manager of the newest managedFields entry, with its operation and subresource. */
  private static String lastWriter(HasMetadata object) {
    List<ManagedFieldsEntry> entries = object.getMetadata().getManagedFields();
    return entries == null
        ? "?"
        : entries.stream()
            .max(Comparator.comparing(e -> String.valueOf(e.getTime())))
            .map(
                e ->
                    e.getManager()
                        + " ("
                        + e.getOperation()
                        + (e.getSubresource() == null ? "" : " " + e.getSubresource())
                        + ")")
            .orElse("?");
  }

  @Override
  public void close() {
    watches.forEach(Watch::close);
  }
}
