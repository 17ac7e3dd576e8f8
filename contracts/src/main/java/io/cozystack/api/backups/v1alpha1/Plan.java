package io.cozystack.api.backups.v1alpha1;

import io.fabric8.crd.generator.annotation.AdditionalSelectableField;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/** A backup schedule: creates a {@link BackupJob} for an application at each cron tick. */
@Group(BackupsApi.GROUP)
@Version("v1alpha1")
@Plural("plans")
@AdditionalSelectableField(jsonPath = ".spec.applicationRef.apiGroup")
@AdditionalSelectableField(jsonPath = ".spec.applicationRef.kind")
@AdditionalSelectableField(jsonPath = ".spec.applicationRef.name")
@ValidationRule(
    value = "size(self.metadata.name) <= " + Plan.NAME_LIMIT,
    message =
        "a Plan's name has at most "
            + Plan.NAME_LIMIT
            + " characters: each slot's BackupJob is named <plan>-<minutes since 1970>, at most 253")
public class Plan extends CustomResource<PlanSpec, PlanStatus> implements Namespaced {
  /** The longest name whose slot jobs ({@code <plan>-<10 digits>}) fit 253 characters. */
  public static final int NAME_LIMIT = 253 - 1 - 10;
}
