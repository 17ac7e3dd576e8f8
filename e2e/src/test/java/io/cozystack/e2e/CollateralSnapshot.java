package io.cozystack.e2e;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What healthy objects look like, taken before hostile input arrives and compared after it: the
 * spec, labels and annotations of each, its Ready condition where it has one, and the
 * resourceVersion of the objects the operator writes for them (which nothing else writes).
 */
final class CollateralSnapshot {
  /** An object to watch: its API version, kind, namespace (null if cluster-scoped) and name. */
  record Watched(String apiVersion, String kind, String namespace, String name, boolean written) {
    static Watched of(String apiVersion, String kind, String namespace, String name) {
      return new Watched(apiVersion, kind, namespace, name, false);
    }

    /** An object the operator writes: any write changes its resourceVersion. */
    static Watched written(String apiVersion, String kind, String namespace, String name) {
      return new Watched(apiVersion, kind, namespace, name, true);
    }

    @Override
    public String toString() {
      return kind + " " + (namespace == null ? "" : namespace + "/") + name;
    }
  }

  private final Map<Watched, String> fingerprints;

  private CollateralSnapshot(Map<Watched, String> fingerprints) {
    this.fingerprints = fingerprints;
  }

  static CollateralSnapshot take(KubernetesClient client, List<Watched> watched) {
    Map<Watched, String> fingerprints = new LinkedHashMap<>();
    for (Watched w : watched) {
      fingerprints.put(w, fingerprint(client, w));
    }
    return new CollateralSnapshot(fingerprints);
  }

  int size() {
    return fingerprints.size();
  }

  /** Every watched object that differs now from the snapshot, with before and after. */
  List<String> changes(KubernetesClient client) {
    List<String> changes = new ArrayList<>();
    fingerprints.forEach(
        (w, before) -> {
          String after = fingerprint(client, w);
          if (!Objects.equals(before, after)) {
            changes.add(w + ": before " + before + "\n    after " + after);
          }
        });
    return changes;
  }

  private static String fingerprint(KubernetesClient client, Watched w) {
    var resources = client.genericKubernetesResources(w.apiVersion(), w.kind());
    GenericKubernetesResource object =
        w.namespace() == null
            ? resources.withName(w.name()).get()
            : resources.inNamespace(w.namespace()).withName(w.name()).get();
    if (object == null) {
      return "absent";
    }
    Map<String, Object> print = new LinkedHashMap<>();
    if (w.written()) {
      print.put("resourceVersion", object.getMetadata().getResourceVersion());
    }
    print.put("labels", object.getMetadata().getLabels());
    print.put("annotations", withoutLastApplied(object));
    print.put("finalizers", object.getMetadata().getFinalizers());
    print.put("spec", object.getAdditionalProperties().get("spec"));
    HostileStatus.condition(object, "Ready")
        .ifPresent(c -> print.put("ready", c.get("status") + " " + c.get("reason")));
    return Serialization.asJson(print);
  }

  private static Map<String, String> withoutLastApplied(HasMetadata object) {
    Map<String, String> annotations = object.getMetadata().getAnnotations();
    if (annotations == null) {
      return Map.of();
    }
    Map<String, String> kept = new LinkedHashMap<>(annotations);
    kept.remove("kubectl.kubernetes.io/last-applied-configuration");
    return kept;
  }
}
