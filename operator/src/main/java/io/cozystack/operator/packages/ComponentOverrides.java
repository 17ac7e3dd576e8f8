package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageComponent;
import io.cozystack.api.v1alpha1.Variant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks a Package's {@code spec.components} overrides against the variant it selects: an override
 * must name a component of that variant (else it would be ignored silently), and its {@code values}
 * must be an object of Helm values (the CRD schema says so; a Package stored before it did is
 * checked here).
 */
public final class ComponentOverrides {
  public static final String UNKNOWN_COMPONENT = "UnknownComponent";
  public static final String INVALID_VALUES = "InvalidValues";

  private ComponentOverrides() {}

  /** Overridden component names the variant does not have, in spec order. */
  public static List<String> unknown(Package pkg, Variant variant) {
    Set<String> known = names(variant);
    return overrides(pkg).keySet().stream().filter(name -> !known.contains(name)).toList();
  }

  /** Overridden component names whose values are present but not an object, in spec order. */
  public static List<String> nonObjectValues(Package pkg) {
    return overrides(pkg).entrySet().stream()
        .filter(e -> e.getValue() != null && e.getValue().values() != null)
        .filter(e -> !e.getValue().values().isNull() && !e.getValue().values().isObject())
        .map(Map.Entry::getKey)
        .toList();
  }

  /** The component names of the variant, for messages. */
  public static String listed(Variant variant) {
    Set<String> names = names(variant);
    return names.isEmpty() ? "none" : String.join(", ", names);
  }

  private static Set<String> names(Variant variant) {
    return (variant.components() == null ? List.<Component>of() : variant.components())
        .stream()
            .map(Component::name)
            .collect(Collectors.toCollection(java.util.LinkedHashSet::new));
  }

  private static Map<String, PackageComponent> overrides(Package pkg) {
    return pkg.getSpec() == null || pkg.getSpec().components() == null
        ? Map.of()
        : pkg.getSpec().components();
  }
}
