package io.cozystack.operator.backups.credentials;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the platform's backup bucket credentials come from and where they are projected
 * (Cozystack's {@code BACKUP_STORAGE_*} settings). Projection is on when the source Secret and the
 * target name are all given, and off when none is; anything in between is refused at start.
 *
 * @param sourceNamespace namespace of the bucket's credentials Secret
 * @param sourceName its name
 * @param targetName the Secret written into each namespace that runs backups
 * @param endpoint S3 endpoint when the source names none
 * @param region region when the source names none
 * @param forcePathStyle path-style S3 addressing, written as {@code forcePathStyle}
 * @param systemNamespaces namespaces that always get the Secret (e.g. the Velero namespace)
 */
public record CredentialsSettings(
    String sourceNamespace,
    String sourceName,
    String targetName,
    String endpoint,
    String region,
    boolean forcePathStyle,
    List<String> systemNamespaces) {

  /** Projection off. */
  public static final CredentialsSettings DISABLED =
      new CredentialsSettings("", "", "", "", "", false, List.of());

  public CredentialsSettings {
    systemNamespaces = systemNamespaces == null ? List.of() : List.copyOf(systemNamespaces);
  }

  public boolean enabled() {
    return !sourceNamespace.isBlank() && !sourceName.isBlank() && !targetName.isBlank();
  }

  /** What is missing when projection is half-configured, by flag; empty when on or off. */
  public List<String> missing() {
    List<String> given = new ArrayList<>();
    List<String> absent = new ArrayList<>();
    (sourceNamespace.isBlank() ? absent : given).add("--backup-storage-secret-namespace");
    (sourceName.isBlank() ? absent : given).add("--backup-storage-secret-name");
    (targetName.isBlank() ? absent : given).add("--backup-storage-creds-secret-name");
    return given.isEmpty() ? List.of() : absent;
  }
}
