package io.cozystack.api.backups.v1alpha1;

import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/** Routes application kinds to backup strategies. Cluster-scoped; the first matching route wins. */
@Group(BackupsApi.GROUP)
@Version("v1alpha1")
@Plural("backupclasses")
public class BackupClass extends CustomResource<BackupClassSpec, BackupClassStatus> {}
