package io.cozystack.catalog.services.backups.foundationdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A FoundationDB strategy's {@code spec.template} after rendering, checked against what the
 * operator's v1.55.0 API takes: the blob store, the agents' count, snapshot period, parameters and
 * pod template. {@code encryptionKeyPath} is refused: that API cannot encrypt a backup.
 *
 * @param agentCount the agents, or null for the operator's default (a 0 in the strategy)
 * @param snapshotPeriodSeconds the period, or null for the operator's default (a 0 in the strategy)
 * @param podTemplateSpec the agents' pod template, or null
 */
record FdbTemplate(
    BlobStore blobStore,
    Integer agentCount,
    Integer snapshotPeriodSeconds,
    List<String> customParameters,
    ObjectNode podTemplateSpec) {

  /** An account without an inline secret: {@code [<key>@]<host>[:<port>]}. */
  private static final Pattern ACCOUNT = Pattern.compile("^([^:@\\s]+@)?[^@\\s]+$");

  private static final Pattern BUCKET = Pattern.compile("^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$");
  private static final Pattern BACKUP_NAME = Pattern.compile("^[^\\s?&#]{1,1024}$");
  private static final Pattern URL_PARAMETER = Pattern.compile("^[A-Za-z0-9_]+=[^&\\s]*$");

  /** Reads and checks a rendered template; the problem names the field. */
  static FdbTemplate parse(JsonNode template) throws SpecProblem {
    if (template == null || !template.isObject()) {
      throw new SpecProblem("template: must be an object");
    }
    String key = optionalText(template, "encryptionKeyPath");
    if (key != null) {
      throw new SpecProblem(
          "template.encryptionKeyPath: the FoundationDB operator's v1.55.0 API has no encryption"
              + " key for backups or restores; leave it empty");
    }
    JsonNode pod = template.path("backupDeploymentPodTemplateSpec");
    if (!pod.isMissingNode() && !pod.isNull() && !pod.isObject()) {
      throw new SpecProblem("template.backupDeploymentPodTemplateSpec: must be a pod template");
    }
    return new FdbTemplate(
        blobStore(template.path("blobStoreConfiguration")),
        count(template, "agentCount"),
        count(template, "snapshotPeriodSeconds"),
        CustomParameters.parse(template.path("customParameters"), "template.customParameters"),
        pod.isObject() ? (ObjectNode) pod.deepCopy() : null);
  }

  private static BlobStore blobStore(JsonNode node) throws SpecProblem {
    String field = "template.blobStoreConfiguration";
    if (!node.isObject()) {
      throw new SpecProblem(field + ": is required");
    }
    String account = optionalText(node, "accountName", field);
    if (account == null || account.length() > 100 || !ACCOUNT.matcher(account).matches()) {
      throw new SpecProblem(
          field
              + ".accountName: '"
              + (account == null ? "" : account)
              + "' is not an account [<access key>@]<host>[:<port>] of at most 100 characters"
              + " (the secret key goes into the blob credentials file, never here)");
    }
    String bucket = optionalText(node, "bucket", field);
    if (bucket != null && !BUCKET.matcher(bucket).matches()) {
      throw new SpecProblem(field + ".bucket: '" + bucket + "' is not an S3 bucket name");
    }
    String backupName = optionalText(node, "backupName", field);
    if (backupName != null && !BACKUP_NAME.matcher(backupName).matches()) {
      throw new SpecProblem(
          field
              + ".backupName: '"
              + backupName
              + "' is not a directory name (no spaces, ?, & or #)");
    }
    return new BlobStore(account, bucket, backupName, urlParameters(node, field));
  }

  private static List<String> urlParameters(JsonNode node, String field) throws SpecProblem {
    JsonNode values = node.path("urlParameters");
    List<String> parameters = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      String value = values.get(i).asText("");
      if (!URL_PARAMETER.matcher(value).matches() || value.length() > 1024) {
        throw new SpecProblem(
            field
                + ".urlParameters["
                + i
                + "]: '"
                + value
                + "' is not <name>=<value>, such as secure_connection=0");
      }
      parameters.add(value);
    }
    return parameters;
  }

  /** A count where 0 means the operator's default, as in Cozystack's strategy. */
  private static Integer count(JsonNode template, String field) throws SpecProblem {
    JsonNode value = template.path(field);
    if (value.isMissingNode() || value.isNull()) {
      return null;
    }
    if (!value.isIntegralNumber() || !value.canConvertToInt() || value.asInt() < 0) {
      throw new SpecProblem("template." + field + ": must be a whole number, 0 or more");
    }
    return value.asInt() == 0 ? null : value.asInt();
  }

  /**
   * The Secrets a pod template of the agents mounts or reads (volumes, env, envFrom), for messages:
   * an agent whose Secret is missing never starts, and the driver cannot read Secrets to say so.
   */
  static Set<String> secrets(JsonNode podTemplateSpec) {
    Set<String> names = new LinkedHashSet<>();
    podTemplateSpec.at("/spec/volumes").forEach(v -> add(names, v.at("/secret/secretName")));
    for (String group : List.of("containers", "initContainers")) {
      for (JsonNode container : podTemplateSpec.at("/spec/" + group)) {
        container.path("envFrom").forEach(e -> add(names, e.at("/secretRef/name")));
        container.path("env").forEach(e -> add(names, e.at("/valueFrom/secretKeyRef/name")));
      }
    }
    return names;
  }

  private static void add(Set<String> names, JsonNode name) {
    if (name.isTextual() && !name.asText().isEmpty()) {
      names.add(name.asText());
    }
  }

  private static String optionalText(JsonNode node, String field) throws SpecProblem {
    return optionalText(node, field, "template");
  }

  private static String optionalText(JsonNode node, String field, String parent)
      throws SpecProblem {
    JsonNode value = node.path(field);
    if (value.isMissingNode() || value.isNull()) {
      return null;
    }
    if (!value.isTextual()) {
      throw new SpecProblem(parent + "." + field + ": must be a string");
    }
    return value.asText().isEmpty() ? null : value.asText();
  }
}
