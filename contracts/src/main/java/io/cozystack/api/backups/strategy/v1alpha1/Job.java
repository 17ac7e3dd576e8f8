package io.cozystack.api.backups.strategy.v1alpha1;

import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * A backup strategy that runs a pod from a template for each backup or restore. Every string in the
 * template is rendered with the application, the class parameters, the release and the mode.
 */
@Group("strategy.backups.cozystack.io")
@Version("v1alpha1")
@Plural("jobs")
public class Job extends CustomResource<JobSpec, JobStatus> {}
