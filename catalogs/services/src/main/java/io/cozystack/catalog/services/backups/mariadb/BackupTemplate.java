package io.cozystack.catalog.services.backups.mariadb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A MariaDB strategy's {@code spec.template} after rendering, checked: exactly one storage, the S3
 * fields mariadb-operator needs, and the enumerated values it accepts.
 *
 * @param storage exactly one of {@code s3}, {@code persistentVolumeClaim}, {@code volume}
 * @param databases the logical databases to back up; empty means all
 * @param compression {@code none}, {@code bzip2} or {@code gzip}, or null for the operator default
 * @param maxRetention a Go duration, or null for the operator default
 * @param logLevel the backup Job's log level, or null for the operator default
 */
record BackupTemplate(
    ObjectNode storage,
    List<String> databases,
    String compression,
    String maxRetention,
    String logLevel) {

  static final List<String> STORAGE_KINDS = List.of("s3", "persistentVolumeClaim", "volume");
  static final Set<String> COMPRESSIONS = Set.of("none", "bzip2", "gzip");
  static final Set<String> LOG_LEVELS =
      Set.of("debug", "info", "warn", "error", "dpanic", "panic", "fatal");
  private static final Pattern GO_DURATION =
      Pattern.compile("^([0-9]+(\\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$");

  BackupTemplate {
    databases = List.copyOf(databases);
  }

  /** Reads and checks a rendered template; the problem names the field. */
  static BackupTemplate parse(JsonNode template) throws SpecProblem {
    if (template == null || !template.isObject()) {
      throw new SpecProblem("template: must be an object");
    }
    ObjectNode storage = storage(template.path("storage"));
    return new BackupTemplate(
        storage,
        databases(template.path("databases")),
        oneOf(template, "compression", COMPRESSIONS),
        duration(template, "maxRetention"),
        oneOf(template, "logLevel", LOG_LEVELS));
  }

  /** Which storage is set: {@code s3}, {@code persistentVolumeClaim} or {@code volume}. */
  String storageKind() {
    return STORAGE_KINDS.stream().filter(storage::has).findFirst().orElseThrow();
  }

  static ObjectNode storage(JsonNode storage) throws SpecProblem {
    if (!storage.isObject()) {
      throw new SpecProblem("template.storage: required, an object");
    }
    List<String> set = setStorageKinds(storage);
    if (set.size() != 1) {
      throw new SpecProblem(
          "template.storage: exactly one of s3, persistentVolumeClaim or volume must be set; found "
              + (set.isEmpty() ? "none" : String.join(", ", set)));
    }
    JsonNode chosen = storage.get(set.get(0));
    if (!chosen.isObject()) {
      throw new SpecProblem("template.storage." + set.get(0) + ": must be an object");
    }
    if (set.get(0).equals("s3")) {
      s3(chosen);
    }
    return (ObjectNode) storage.deepCopy();
  }

  /** The storage kinds present (and not null) in {@code storage}. */
  static List<String> setStorageKinds(JsonNode storage) {
    List<String> set = new ArrayList<>();
    for (String kind : STORAGE_KINDS) {
      if (storage.hasNonNull(kind)) {
        set.add(kind);
      }
    }
    return set;
  }

  private static void s3(JsonNode s3) throws SpecProblem {
    requiredText(s3, "template.storage.s3", "bucket");
    String endpoint = requiredText(s3, "template.storage.s3", "endpoint");
    if (endpoint.contains("://")) {
      throw new SpecProblem(
          "template.storage.s3.endpoint: '"
              + endpoint
              + "' has a scheme; give host[:port] and set tls.enabled for HTTPS");
    }
    secretKeyRef(s3, "accessKeyIdSecretKeyRef", true);
    secretKeyRef(s3, "secretAccessKeySecretKeyRef", true);
    secretKeyRef(s3, "sessionTokenSecretKeyRef", false);
    if (s3.has("tls") && s3.get("tls").has("caSecretKeyRef")) {
      secretKeyRef(s3.get("tls"), "caSecretKeyRef", true);
    }
  }

  private static void secretKeyRef(JsonNode parent, String field, boolean required)
      throws SpecProblem {
    JsonNode ref = parent.path(field);
    String path = "template.storage.s3." + field;
    if (ref.isMissingNode() || ref.isNull()) {
      if (required) {
        throw new SpecProblem(path + ": required, a Secret name and key");
      }
      return;
    }
    requiredText(ref, path, "name");
    requiredText(ref, path, "key");
  }

  private static String requiredText(JsonNode parent, String path, String field)
      throws SpecProblem {
    JsonNode value = parent.path(field);
    if (!value.isTextual() || value.asText().isBlank()) {
      throw new SpecProblem(path + "." + field + ": required, a non-empty string");
    }
    return value.asText();
  }

  private static List<String> databases(JsonNode databases) throws SpecProblem {
    if (databases.isMissingNode() || databases.isNull()) {
      return List.of();
    }
    if (!databases.isArray()) {
      throw new SpecProblem("template.databases: must be a list of database names");
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < databases.size(); i++) {
      if (!databases.get(i).isTextual() || databases.get(i).asText().isBlank()) {
        throw new SpecProblem("template.databases[" + i + "]: must be a database name");
      }
      names.add(databases.get(i).asText());
    }
    return names;
  }

  private static String oneOf(JsonNode template, String field, Set<String> allowed)
      throws SpecProblem {
    String value = optionalText(template, field);
    if (value != null && !allowed.contains(value)) {
      throw new SpecProblem(
          "template."
              + field
              + ": '"
              + value
              + "' is not one of "
              + allowed.stream().sorted().toList());
    }
    return value;
  }

  private static String duration(JsonNode template, String field) throws SpecProblem {
    String value = optionalText(template, field);
    if (value != null && !GO_DURATION.matcher(value).matches()) {
      throw new SpecProblem(
          "template." + field + ": '" + value + "' is not a duration such as 720h or 30m");
    }
    return value;
  }

  private static String optionalText(JsonNode template, String field) throws SpecProblem {
    JsonNode value = template.path(field);
    if (value.isMissingNode() || value.isNull()) {
      return null;
    }
    if (!value.isTextual()) {
      throw new SpecProblem("template." + field + ": must be a string");
    }
    return value.asText().isEmpty() ? null : value.asText();
  }
}
