package io.cozystack.catalog.services.backups.mongodb;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A MongoDB strategy's {@code spec.template} after rendering, checked: the storage to write to, a
 * logical backup, and the compression the operator's backup agent knows.
 *
 * @param storageName a storage of the cluster's {@code spec.backup.storages}
 * @param compressionType one of {@link #COMPRESSIONS}, or null for the operator's default
 * @param compressionLevel the algorithm's level, or null for its default
 */
record MongoDbTemplate(String storageName, String compressionType, Integer compressionLevel) {

  /** What percona-backup-mongodb compresses with. */
  static final List<String> COMPRESSIONS =
      List.of("none", "gzip", "pgzip", "snappy", "lz4", "s2", "zstd");

  private static final Pattern STORAGE_NAME = Pattern.compile("^[A-Za-z0-9_.-]+$");

  /** Reads and checks a rendered template; the problem names the field. */
  static MongoDbTemplate parse(JsonNode template) throws SpecProblem {
    if (template == null || !template.isObject()) {
      throw new SpecProblem("template: must be an object");
    }
    String type = optionalText(template, "type");
    if (type != null && !PsmdbApi.LOGICAL.equals(type)) {
      throw new SpecProblem(
          "template.type: '"
              + type
              + "' is not supported; only logical backups, which restore into any cluster");
    }
    return new MongoDbTemplate(
        storageName(template), compressionType(template), compressionLevel(template));
  }

  private static String storageName(JsonNode template) throws SpecProblem {
    String name = optionalText(template, "storageName");
    if (name == null) {
      return PsmdbApi.DEFAULT_STORAGE;
    }
    if (!STORAGE_NAME.matcher(name).matches()) {
      throw new SpecProblem(
          "template.storageName: '" + name + "' is not a storage name such as s3-storage");
    }
    return name;
  }

  private static String compressionType(JsonNode template) throws SpecProblem {
    String value = optionalText(template, "compressionType");
    if (value != null && !COMPRESSIONS.contains(value)) {
      throw new SpecProblem(
          "template.compressionType: '" + value + "' is not one of " + COMPRESSIONS);
    }
    return value;
  }

  private static Integer compressionLevel(JsonNode template) throws SpecProblem {
    JsonNode value = template.path("compressionLevel");
    if (value.isMissingNode() || value.isNull()) {
      return null;
    }
    if (!value.isIntegralNumber() || !value.canConvertToInt()) {
      throw new SpecProblem("template.compressionLevel: must be a whole number");
    }
    return value.asInt();
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
