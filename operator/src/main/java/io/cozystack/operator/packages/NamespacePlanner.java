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
