package io.cozystack.catalog.virtualization.backups.velero;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;

/** YAML in, objects out, for the tests. */
final class Fixtures {
  private Fixtures() {}

  static GenericKubernetesResource object(String yaml) {
    return Serialization.unmarshal(yaml, GenericKubernetesResource.class);
  }

  static GenericKubernetesResource veleroBackup(String name, String status) {
    return object(
        """
        apiVersion: velero.io/v1
        kind: Backup
        metadata:
          name: %s
          namespace: cozy-velero
          annotations:
            backups.cozystack.io/underlying-resources: '{"kind":"VMInstanceSnapshot"}'
        spec: {}
        status: %s
        """
            .formatted(name, status));
  }

  static GenericKubernetesResource veleroRestore(String name, String status) {
    return object(
        """
        apiVersion: velero.io/v1
        kind: Restore
        metadata: {name: %s, namespace: cozy-velero}
        spec: {backupName: b}
        status: %s
        """
            .formatted(name, status));
  }
}
