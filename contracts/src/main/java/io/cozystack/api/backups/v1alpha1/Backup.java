package io.cozystack.api.backups.v1alpha1;

import io.cozystack.api.meta.StatusWithoutSubresource;
import io.fabric8.crd.generator.annotation.AdditionalSelectableField;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * An immutable backup artifact produced by a driver. Its status is written together with the object
 * on create, so (as in Cozystack) it has no status subresource.
 */
@Group(BackupsApi.GROUP)
@Version("v1alpha1")
@Plural("backups")
@StatusWithoutSubresource
@AdditionalSelectableField(jsonPath = ".spec.applicationRef.apiGroup")
@AdditionalSelectableField(jsonPath = ".spec.applicationRef.kind")
@AdditionalSelectableField(jsonPath = ".spec.applicationRef.name")
public class Backup extends CustomResource<BackupSpec, BackupStatus> implements Namespaced {}
