/**
 * A catalog directory as a Flux OCI artifact: {@link
 * io.cozystack.contracts.artifact.CatalogArtifact} packs it into the reproducible tar+gzip layer
 * Flux's OCIRepository extracts, {@link io.cozystack.contracts.artifact.OciPusher} pushes it to a
 * registry over the OCI distribution API. The CLI's {@code package} and {@code push} subcommands
 * are thin wrappers over these two.
 */
package io.cozystack.contracts.artifact;
