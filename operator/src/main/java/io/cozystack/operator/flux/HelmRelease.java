package io.cozystack.operator.flux;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/** Flux {@code HelmRelease} (v2). */
@Group("helm.toolkit.fluxcd.io")
@Version("v2")
@Plural("helmreleases")
public class HelmRelease extends CustomResource<HelmReleaseSpec, FluxStatus>
    implements Namespaced {}
