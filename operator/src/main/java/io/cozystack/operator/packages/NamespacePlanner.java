package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.Package;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The namespaces a Package installs into, labelled as Cozystack labels them: {@code
 * cozystack.io/system} unless it is a tenant namespace, and PSA {@code privileged} when any Package
 * has a privileged component there. Annotated to survive uninstall.
 */
public final class NamespacePlanner {
  public static final String SYSTEM_LABEL = "cozystack.io/system";
  public static final String PSA_ENFORCE_LABEL = "pod-security.kubernetes.io/enforce";
  public static final String KEEP_ANNOTATION = "helm.sh/resource-policy";

  private NamespacePlanner() {}

  public static Namespace render(String name, Set<String> privilegedNamespaces) {
    Map<String, String> labels = new LinkedHashMap<>();
    if (!name.startsWith("tenant-")) {
      labels.put(SYSTEM_LABEL, "true");
    }
    if (privilegedNamespaces.contains(name)) {
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
