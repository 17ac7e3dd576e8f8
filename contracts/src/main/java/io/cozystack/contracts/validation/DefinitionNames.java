package io.cozystack.contracts.validation;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ApplicationDefinitionApplication;
import io.cozystack.contracts.apiserver.MetadataRules;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The names an ApplicationDefinition derives, checked where they are derived: the release prefix
 * must leave an instance room in Helm's 53 characters and start a valid release name, and a kind
 * must not take the name of a core Kubernetes kind, which kubectl, RBAC rules and tools resolve to
 * the built-in one first.
 */
final class DefinitionNames {
  /** Helm's limit on a release name: {@code <prefix><instance>}. */
  static final int RELEASE_NAME_LIMIT = 53;

  private static final Pattern PREFIX = Pattern.compile("^([a-z0-9][-a-z0-9]*)?$");

  /** Kinds of the core API group ({@code v1}), and the plurals they are served as. */
  static final Set<String> CORE_KINDS =
      Set.of(
          "Binding",
          "ComponentStatus",
          "ConfigMap",
          "Endpoints",
          "Event",
          "LimitRange",
          "Namespace",
          "Node",
          "PersistentVolume",
          "PersistentVolumeClaim",
          "Pod",
          "PodTemplate",
          "ReplicationController",
          "ResourceQuota",
          "Secret",
          "Service",
          "ServiceAccount");

  private DefinitionNames() {}

  static void check(ApplicationDefinition definition, List<String> problems) {
    String prefix =
        definition.getSpec().release() == null ? null : definition.getSpec().release().prefix();
    if (prefix != null) {
      prefix(prefix, problems);
    }
    Map<String, String> labels =
        definition.getSpec().release() == null ? null : definition.getSpec().release().labels();
    if (labels != null) {
      // Set on every HelmRelease of the kind: one the API server refuses fails every instance.
      MetadataRules.labels(labels, "spec.release.labels").stream()
          .map(v -> v.field() + ": " + v.message() + "; every release of the kind carries it")
          .forEach(problems::add);
    }
    ApplicationDefinitionApplication app = definition.getSpec().application();
    if (CORE_KINDS.contains(app.kind())
        || CORE_KINDS.stream().anyMatch(k -> corePlural(k).equals(app.plural()))) {
      problems.add(
          "spec.application.kind '"
              + app.kind()
              + "' (plural '"
              + app.plural()
              + "') is the name of a core Kubernetes kind: kubectl and RBAC rules would reach the"
              + " built-in one; choose another kind and plural");
    }
  }

  private static void prefix(String prefix, List<String> problems) {
    if (!PREFIX.matcher(prefix).matches()) {
      problems.add(
          "spec.release.prefix '"
              + prefix
              + "' must be empty or start with a lowercase letter or digit, followed by lowercase"
              + " letters, digits and '-' (the release is <prefix><name>)");
    }
    if (prefix.length() >= RELEASE_NAME_LIMIT) {
      problems.add(
          "spec.release.prefix has "
              + prefix.length()
              + " characters: the release <prefix><name> has at most "
              + RELEASE_NAME_LIMIT
              + ", which leaves no room for an instance's name; shorten it to at most "
              + (RELEASE_NAME_LIMIT - 1));
    }
  }

  private static String corePlural(String kind) {
    String lower = kind.toLowerCase(Locale.ROOT);
    if (lower.endsWith("s")) {
      return lower.equals("endpoints") ? lower : lower + "es";
    }
    return lower.endsWith("y") ? lower.substring(0, lower.length() - 1) + "ies" : lower + "s";
  }
}
