package io.cozystack.catalog.services.backups.cnpg;

import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.contracts.driver.RestoreRun;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The recovery settings written into the target Postgres application, from which its chart renders
 * a Cluster bootstrapped from the backup: {@code spec.bootstrap} (enabled, the backed-up server's
 * name, the recovery time) and {@code spec.backup} (where the archive is). The application is
 * annotated with the RestoreJob's UID, so a restart knows the step is done.
 */
final class RecoverySettings {
  static final String MARKER = "cnpg.services.cozystack.io/restore";

  private RecoverySettings() {}

  static boolean markedFor(GenericKubernetesResource application, RestoreJob job) {
    Map<String, String> annotations = application.getMetadata().getAnnotations();
    return annotations != null && job.getMetadata().getUid().equals(annotations.get(MARKER));
  }

  static void write(RestoreRun run, RestoreOptions options) {
    run.client()
        .genericKubernetesResources(CnpgKinds.POSTGRES)
        .inNamespace(run.namespace())
        .withName(run.target().name())
        .patch(PatchContext.of(PatchType.JSON_MERGE), Serialization.asJson(patch(run, options)));
  }

  static Map<String, Object> patch(RestoreRun run, RestoreOptions options) {
    Map<String, String> recorded = run.driverMetadata("");
    Map<String, Object> bootstrap = new LinkedHashMap<>();
    bootstrap.put("enabled", true);
    bootstrap.put("oldName", recorded.get("cnpg.io/server-name"));
    bootstrap.put("recoveryTime", options.recoveryTime() == null ? "" : options.recoveryTime());
    Map<String, Object> backup = new LinkedHashMap<>();
    backup.put("destinationPath", recorded.get("cnpg.io/destination-path"));
    backup.put("endpointURL", recorded.getOrDefault("cnpg.io/endpoint-url", ""));
    if (recorded.containsKey("cnpg.io/s3-secret-ref")) {
      backup.put(
          "s3CredentialsSecret",
          Map.of(
              "name", recorded.get("cnpg.io/s3-secret-ref"),
              "accessKeyIDKey", "AWS_ACCESS_KEY_ID",
              "secretAccessKeyKey", "AWS_SECRET_ACCESS_KEY"));
    }
    return Map.of(
        "metadata",
        Map.of("annotations", Map.of(MARKER, run.job().getMetadata().getUid())),
        "spec",
        Map.of("bootstrap", bootstrap, "backup", backup));
  }
}
