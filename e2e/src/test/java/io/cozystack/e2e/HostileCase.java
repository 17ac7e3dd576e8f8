package io.cozystack.e2e;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.function.Predicate;

/**
 * One hostile manifest of {@link HostileInputIT}: YAML documents created in order (the last is the
 * hostile one; those before it are what it needs around it), and what must become of it. {@code
 * {{ns}}} in the YAML stands for the suite's namespace.
 *
 * @param dryRun whether to create with dryRun=All, for singletons a real accept would change for
 *     every other class (ClusterValues, PlatformProperties)
 */
record HostileCase(String id, String kind, String yaml, Expect expect, boolean dryRun) {

  /** What the platform must do with the manifest. */
  sealed interface Expect {}

  /** The API server refuses it, and its message names each of {@code mentions}. */
  record Refused(List<String> mentions) implements Expect {}

  /**
   * Accepted, and the operator reports it on {@code on} (the hostile object itself when null):
   * Ready=False with {@code reason}, for the object's current generation.
   */
  record Reported(Ref on, String reason) implements Expect {}

  /** Accepted, harmless, and dealt with as {@code what} says: {@code check} holds. */
  record Handled(String what, Predicate<KubernetesClient> check) implements Expect {}

  /** An object the outcome shows on. */
  record Ref(String apiVersion, String kind, String namespace, String name) {}

  static HostileCase refused(String id, String yaml, String... mentions) {
    return new HostileCase(id, kindOf(yaml), yaml, new Refused(List.of(mentions)), false);
  }

  static HostileCase refusedDryRun(String id, String yaml, String... mentions) {
    return new HostileCase(id, kindOf(yaml), yaml, new Refused(List.of(mentions)), true);
  }

  static HostileCase reported(String id, String yaml, String reason) {
    return new HostileCase(id, kindOf(yaml), yaml, new Reported(null, reason), false);
  }

  static HostileCase reportedOn(String id, String yaml, Ref on, String reason) {
    return new HostileCase(id, kindOf(yaml), yaml, new Reported(on, reason), false);
  }

  static HostileCase handled(
      String id, String yaml, String what, Predicate<KubernetesClient> check) {
    return new HostileCase(id, kindOf(yaml), yaml, new Handled(what, check), false);
  }

  /** The kind of the last document: the hostile one. */
  private static String kindOf(String yaml) {
    String kind = null;
    for (String line : yaml.split("\n")) {
      String trimmed = line.strip();
      if (trimmed.startsWith("kind:") && !line.startsWith(" ")) {
        kind = trimmed.substring("kind:".length()).strip().replace("\"", "");
      }
    }
    if (kind == null) {
      throw new IllegalArgumentException("a hostile case without a top-level kind: " + yaml);
    }
    return kind;
  }
}
