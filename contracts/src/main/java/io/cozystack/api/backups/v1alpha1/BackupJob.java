package io.cozystack.api.backups.v1alpha1;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.crd.generator.annotation.AdditionalSelectableField;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/** One backup run of an application, made by hand or by a {@link Plan}. */
@Group(BackupsApi.GROUP)
@Version("v1alpha1")
@Plural("backupjobs")
@AdditionalPrinterColumn(name = "Phase", jsonPath = ".status.phase")
@AdditionalSelectableField(jsonPath = ".spec.applicationRef.apiGroup")
@AdditionalSelectableField(jsonPath = ".spec.applicationRef.kind")
@AdditionalSelectableField(jsonPath = ".spec.applicationRef.name")
public class BackupJob extends CustomResource<BackupJobSpec, BackupJobStatus>
    implements Namespaced {}
