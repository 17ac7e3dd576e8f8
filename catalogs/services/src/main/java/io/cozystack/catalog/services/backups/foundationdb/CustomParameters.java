package io.cozystack.catalog.services.backups.foundationdb;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@code customParameters} of a backup's agents and of a restore's {@code fdbrestore}, as the
 * operator takes them: {@code <name>[=<value>]}, each passed as {@code --<name>[=<value>]}. A
 * leading {@code --} (how Cozystack's own strategy writes them) is dropped, since the operator adds
 * it and the agent would otherwise get {@code ----name}. What the operator refuses (a parameter
 * given twice, or one it sets itself) is refused here, naming the entry, instead of the agents
 * never starting.
 */
final class CustomParameters {
  /** The operator's limit on one parameter (v1.55.0 CRD). */
  static final int MAX_LENGTH = 100;

  /** Parameters the operator (v1.55.0) refuses: its own, and fdbmonitor's general section. */
  static final Set<String> RESERVED =
      Set.of(
          "datadir",
          "cluster-file",
          "delete-envvars",
          "kill-on-configuration-change",
          "disable-lifecycle-logging",
          "restart-delay",
          "initial-restart-delay",
          "restart-backoff",
          "restart-delay-reset-interval",
          "user",
          "group");

  private static final Pattern NAME = Pattern.compile("^[A-Za-z0-9_-]+$");

  private CustomParameters() {}

  /**
   * The parameters of {@code field} (an array of strings, or absent), as the operator takes them.
   */
  static List<String> parse(JsonNode values, String field) throws SpecProblem {
    if (values == null || values.isMissingNode() || values.isNull()) {
      return List.of();
    }
    if (!values.isArray()) {
      throw new SpecProblem(field + ": must be a list of strings");
    }
    List<String> parameters = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < values.size(); i++) {
      String entry = field + "[" + i + "]";
      if (!values.get(i).isTextual()) {
        throw new SpecProblem(entry + ": must be a string");
      }
      String parameter = normalize(values.get(i).asText());
      String name = parameter.split("=", 2)[0].trim();
      if (!NAME.matcher(name).matches() || parameter.length() > MAX_LENGTH) {
        throw new SpecProblem(
            entry
                + ": '"
                + parameter
                + "' is not <name>[=<value>] of at most "
                + MAX_LENGTH
                + " characters, such as blob_credentials=/var/blob/credentials.json");
      }
      if (RESERVED.contains(name)) {
        throw new SpecProblem(entry + ": " + name + " is set by the operator and cannot be given");
      }
      if (!names.add(name)) {
        throw new SpecProblem(entry + ": " + name + " is given twice");
      }
      parameters.add(parameter);
    }
    return parameters;
  }

  /** The parameter without a leading {@code --}, which the operator adds itself. */
  static String normalize(String parameter) {
    return parameter.startsWith("--") ? parameter.substring(2) : parameter;
  }
}
