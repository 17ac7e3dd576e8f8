package io.cozystack.operator.flux;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/** Flux source-watcher {@code ArtifactGenerator} (v1beta1). */
@Group("source.extensions.fluxcd.io")
@Version("v1beta1")
@Plural("artifactgenerators")
public class ArtifactGenerator extends CustomResource<ArtifactGeneratorSpec, FluxStatus>
    implements Namespaced {}
