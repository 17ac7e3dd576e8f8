package io.cozystack.e2e.chart;

import com.marcnuri.helm.Helm;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A chart (the operator's by default) rendered by the real Helm (helm-java embeds it). */
public final class RenderedChart {
  /** The operator's chart in this repository. */
  public static final Path CHART =
      Path.of(System.getProperty("repo.root", "..")).resolve("charts/cozy-operator");

  private final List<GenericKubernetesResource> objects;

  private RenderedChart(List<GenericKubernetesResource> objects) {
    this.objects = objects;
  }

  static RenderedChart render(Map<String, Object> values) {
    return render(CHART, values);
  }

  /** {@code chart} rendered as release "cozy" in cozy-system, with {@code --set} {@code values}. */
  public static RenderedChart render(Path chart, Map<String, Object> values) {
    var template =
        new Helm(chart)
            .template()
            .withName("cozy")
            .withNamespace("cozy-system")
            .withKubeVersion("1.36.3");
    values.forEach(template::set);
    String yaml = template.call();
    List<GenericKubernetesResource> objects = new ArrayList<>();
    for (String doc : yaml.split("(?m)^---\\s*$")) {
      if (doc.contains("kind:")) {
        objects.add(Serialization.unmarshal(doc, GenericKubernetesResource.class));
      }
    }
    return new RenderedChart(objects);
  }

  /**
   * {@code --set} values that make {@code key} the list {@code items} (helm-java passes each value
   * as a string, so {@code {a,b}} would not be a list).
   */
  public static Map<String, Object> list(String key, List<String> items) {
    Map<String, Object> values = new java.util.LinkedHashMap<>();
    for (int i = 0; i < items.size(); i++) {
      values.put(key + "[" + i + "]", items.get(i));
    }
    return values;
  }

  /**
   * The chart without the Flux it installs (flux.enabled): neither the objects labelled
   * app.kubernetes.io/part-of=flux nor Flux's CRDs.
   */
  public RenderedChart withoutFlux() {
    return new RenderedChart(objects.stream().filter(o -> !isFlux(o)).toList());
  }

  /** The objects of the Flux the chart installs. */
  public RenderedChart flux() {
    return new RenderedChart(objects.stream().filter(RenderedChart::isFlux).toList());
  }

  /**
   * The operator's own objects: neither Flux's nor the tenant roles the chart also installs
   * (cozy:tenant and the access levels cozy:tenant:*).
   */
  public RenderedChart operator() {
    return new RenderedChart(
        withoutFlux().objects.stream()
            .filter(o -> !("ClusterRole".equals(o.getKind()) && name(o).startsWith(TENANT_ROLE)))
            .toList());
  }

  /** The ClusterRole every tenant's ServiceAccount is bound to. */
  public static final String TENANT_ROLE = "cozy:tenant";

  private static String name(GenericKubernetesResource o) {
    return o.getMetadata().getName();
  }

  private static boolean isFlux(GenericKubernetesResource o) {
    Map<String, String> labels = o.getMetadata().getLabels();
    return (labels != null && "flux".equals(labels.get("app.kubernetes.io/part-of")))
        || ("CustomResourceDefinition".equals(o.getKind())
            && o.getMetadata().getName().endsWith(".fluxcd.io"));
  }

  /** The object {@code kind} named {@code name}. */
  public GenericKubernetesResource named(String kind, String name) {
    return ofKind(kind).stream()
        .filter(o -> name.equals(o.getMetadata().getName()))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " " + name));
  }

  public List<GenericKubernetesResource> all() {
    return objects;
  }

  public List<GenericKubernetesResource> ofKind(String kind) {
    return objects.stream().filter(o -> kind.equals(o.getKind())).toList();
  }

  public GenericKubernetesResource one(String kind) {
    List<GenericKubernetesResource> found = ofKind(kind);
    if (found.size() != 1) {
      throw new AssertionError("expected one " + kind + ", found " + found.size());
    }
    return found.get(0);
  }
}
