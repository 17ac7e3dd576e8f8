package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.Package;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The namespaces a Package installs into, labelled as Cozystack labels them: {@code
 * cozystack.io/system} unless it is a tenant namespace, and PSA {@code privileged} when any Package
 * has a privileged component there. Annotated to survive uninstall. A namespace of Kubernetes'
 * ({@code default}, {@code kube-*}) is made privileged only once a platform operator has handed it
 * over ({@value #HANDOVER_ANNOTATION}); until then a Package asking for it is refused ({@link
 * #refusal}). The labels are applied by server-side apply under the operator's field manager, so
 * {@link #released} removes exactly those the operator set, when no Package installs there any
 * more.
 */
public final class NamespacePlanner {
  public static final String SYSTEM_LABEL = "cozystack.io/system";
  public static final String PSA_ENFORCE_LABEL = "pod-security.kubernetes.io/enforce";
  public static final String KEEP_ANNOTATION = "helm.sh/resource-policy";
  public static final String HANDOVER_ANNOTATION = "cozystack.io/namespace-handover";
  static final String NOT_HANDED_OVER = "NamespaceNotHandedOver";

  private NamespacePlanner() {}

  /** {@code default} and {@code kube-*}: Kubernetes' own, changed only once handed over. */
  public static boolean kubernetesNamespace(String name) {
    return name.equals("default") || name.startsWith("kube-");
  }

  /** Whether a platform operator handed this namespace over to the platform. */
  public static boolean handedOver(Namespace namespace) {
    var annotations = namespace.getMetadata().getAnnotations();
    return annotations != null && "true".equals(annotations.get(HANDOVER_ANNOTATION));
  }

  public static Namespace render(String name, Set<String> privilegedNamespaces) {
    return render(name, privilegedNamespaces, false);
  }

  public static Namespace render(
      String name, Set<String> privilegedNamespaces, boolean handedOver) {
    Map<String, String> labels = new LinkedHashMap<>();
    if (!name.startsWith("tenant-")) {
      labels.put(SYSTEM_LABEL, "true");
    }
    if (privilegedNamespaces.contains(name) && (handedOver || !kubernetesNamespace(name))) {
      labels.put(PSA_ENFORCE_LABEL, "privileged");
    }
    return new NamespaceBuilder()
        .withNewMetadata()
        .withName(name)
        .withLabels(labels)
        .withAnnotations(Map.of(KEEP_ANNOTATION, "keep"))
        .endMetadata()
        .build();
  }

  /**
   * The namespace already carries every label and annotation of {@code desired}, and no PSA label
   * that {@code desired} does not want (server-side apply removes ours when privilege goes away).
   */
  public static boolean carries(Namespace actual, Namespace desired) {
    Map<String, String> labels =
        actual.getMetadata().getLabels() == null ? Map.of() : actual.getMetadata().getLabels();
    Map<String, String> annotations =
        actual.getMetadata().getAnnotations() == null
            ? Map.of()
            : actual.getMetadata().getAnnotations();
    boolean psaMatches =
        java.util.Objects.equals(
            labels.get(PSA_ENFORCE_LABEL),
            desired.getMetadata().getLabels().get(PSA_ENFORCE_LABEL));
    return labels.entrySet().containsAll(desired.getMetadata().getLabels().entrySet())
        && annotations.entrySet().containsAll(desired.getMetadata().getAnnotations().entrySet())
        && psaMatches;
  }

  /**
   * Whether the namespace carries something the operator sets; one that does not is left untouched
   * (not even written) when its Package goes.
   */
  public static boolean marked(Namespace namespace) {
    var labels = namespace.getMetadata().getLabels();
    var annotations = namespace.getMetadata().getAnnotations();
    return (labels != null
            && (labels.containsKey(SYSTEM_LABEL) || labels.containsKey(PSA_ENFORCE_LABEL)))
        || (annotations != null && annotations.containsKey(KEEP_ANNOTATION));
  }

  /**
   * The namespace with nothing of the operator's: applied, it drops the labels the operator set.
   */
  public static Namespace released(String name) {
    return new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build();
  }

  /**
   * The plan, or a terminal block when a privileged component would make a namespace of Kubernetes'
   * privileged before a platform operator handed it over.
   */
  static PackagePlan refusal(
      PackagePlan plan, Package pkg, Lookup lookup, Predicate<String> handed) {
    if (!(plan instanceof PackagePlan.Ready)) {
      return plan;
    }
    Optional<Component> unsafe =
        lookup.activeVariant(pkg).stream()
            .flatMap(variant -> PackagePlanner.installed(pkg, variant).stream())
            .filter(c -> Boolean.TRUE.equals(c.install().privileged()))
            .filter(c -> kubernetesNamespace(c.install().namespace()))
            .filter(c -> !handed.test(c.install().namespace()))
            .findFirst();
    if (unsafe.isEmpty()) {
      return plan;
    }
    String namespace = unsafe.get().install().namespace();
    return new PackagePlan.Blocked(
        NOT_HANDED_OVER,
        "component "
            + unsafe.get().name()
            + " is privileged and installs into namespace "
            + namespace
            + ", which belongs to Kubernetes: the platform makes it privileged ("
            + PSA_ENFORCE_LABEL
            + "=privileged) only once a platform operator hands it over (kubectl annotate namespace "
            + namespace
            + " "
            + HANDOVER_ANNOTATION
            + "=true), or install the component into a namespace of its own; nothing is installed",
        true,
        Map.of());
  }

  /** Every namespace some Package other than {@code except} installs into. */
  static Set<String> targetedByOthers(Lookup lookup, String except) {
    Set<String> result = new TreeSet<>();
    for (Package pkg : lookup.packages().values()) {
      if (pkg.getMetadata().getName().equals(except)) {
        continue;
      }
      lookup
          .activeVariant(pkg)
          .ifPresent(
              variant ->
                  PackagePlanner.installed(pkg, variant)
                      .forEach(c -> result.add(c.install().namespace())));
    }
    return result;
  }

  /** Namespaces where any Package's active variant installs an enabled privileged component. */
  public static Set<String> privilegedNamespaces(Lookup lookup) {
    Set<String> result = new TreeSet<>();
    for (Package pkg : lookup.packages().values()) {
      lookup
          .activeVariant(pkg)
          .ifPresent(
              variant -> {
                for (Component c : PackagePlanner.installed(pkg, variant)) {
                  if (Boolean.TRUE.equals(c.install().privileged())) {
                    result.add(c.install().namespace());
                  }
                }
              });
    }
    return result;
  }
}
