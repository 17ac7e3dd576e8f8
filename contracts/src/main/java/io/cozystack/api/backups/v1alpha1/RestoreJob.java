package io.cozystack.api.backups.v1alpha1;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/** One restore of a {@link Backup}, in place or into another application. */
@Group(BackupsApi.GROUP)
@Version("v1alpha1")
@Plural("restorejobs")
@AdditionalPrinterColumn(name = "Phase", jsonPath = ".status.phase")
public class RestoreJob extends CustomResource<RestoreJobSpec, RestoreJobStatus>
    implements Namespaced {}
