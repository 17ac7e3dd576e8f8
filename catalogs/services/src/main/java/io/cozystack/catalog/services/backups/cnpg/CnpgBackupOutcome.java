package io.cozystack.catalog.services.backups.cnpg;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.backups.v1alpha1.BackupStatus.BackupArtifact;
import io.cozystack.contracts.driver.Progress;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a CNPG Backup's {@code status.phase} means for the BackupJob (pure). {@code completed} is
 * done; {@code failed} is treated as transient (CNPG retries) until the deadline; any other phase
 * is in progress until the deadline.
 */
final class CnpgBackupOutcome {
  static final Duration DEADLINE = Duration.ofMinutes(30);

  private CnpgBackupOutcome() {}

  /** Where the backup went and what a restore will need. */
  record Target(String server, CnpgTemplate template, String cluster) {}

  static Progress of(
      GenericKubernetesResource backup,
      Target target,
      JsonNode application,
      Map<String, String> parameters,
      Duration elapsed) {
    JsonNode status = Serialization.jsonMapper().valueToTree(backup).path("status");
    String phase = status.path("phase").asText("");
    String name = backup.getMetadata().getName();
    if ("completed".equals(phase)) {
      return Progress.backedUp(
          new BackupArtifact("cnpg://" + target.server() + "/" + name, null, null),
          driverMetadata(name, target),
          snapshot(application, parameters));
    }
    boolean late = elapsed.compareTo(DEADLINE) >= 0;
    String error = status.path("error").asText("");
    if ("failed".equals(phase)) {
      String message = "cnpg.io Backup " + name + " failed" + (error.isEmpty() ? "" : ": " + error);
      return late
          ? Progress.failed(
              "BackupFailed", message + "; gave up after " + DEADLINE.toMinutes() + "m")
          : Progress.working("CNPGBackupTransientFailure", message + "; CNPG retries")
              .recheckAfter(DEADLINE.minus(elapsed));
    }
    String shown = phase.isEmpty() ? "pending" : phase;
    if (late) {
      return Progress.failed(
          "BackupFailed",
          "cnpg.io Backup "
              + name
              + " did not complete within "
              + DEADLINE.toMinutes()
              + "m (phase "
              + shown
              + ")");
    }
    return Progress.working("CNPGBackupRunning", "cnpg.io Backup " + name + " is " + shown)
        .recheckAfter(DEADLINE.minus(elapsed));
  }

  static Map<String, String> driverMetadata(String backup, Target target) {
    CnpgTemplate.BarmanObjectStore store = target.template().barmanObjectStore();
    Map<String, String> m = new TreeMap<>();
    m.put("cnpg.io/backup-name", backup);
    m.put("cnpg.io/server-name", target.server());
    m.put("cnpg.io/destination-path", store.destinationPath());
    m.put("cnpg.io/cluster-name", target.cluster());
    if (store.endpointURL() != null && !store.endpointURL().isBlank()) {
      m.put("cnpg.io/endpoint-url", store.endpointURL());
    }
    if (store.s3Credentials() != null && store.s3Credentials().secretRef() != null) {
      m.put("cnpg.io/s3-secret-ref", store.s3Credentials().secretRef().name());
    }
    return m;
  }

  /** The application's databases and users at backup time, for a restore to re-create. */
  static JsonNode snapshot(JsonNode application, Map<String, String> parameters) {
    ObjectNode s = Serialization.jsonMapper().createObjectNode();
    s.put("apiVersion", "backups.cozystack.io/v1alpha1");
    s.put("kind", "CNPGBackupSnapshot");
    JsonNode spec = application.path("spec");
    if (spec.has("databases")) {
      s.set("databases", spec.get("databases"));
    }
    if (spec.has("users")) {
      s.set("users", spec.get("users"));
    }
    s.set("parameters", Serialization.jsonMapper().valueToTree(parameters));
    return s;
  }
}
