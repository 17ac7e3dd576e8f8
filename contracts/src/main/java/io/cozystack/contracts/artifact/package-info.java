/**
 * A catalog directory as a Flux OCI artifact: {@link
 * io.cozystack.contracts.artifact.CatalogArtifact} packs it into the reproducible tar+gzip layer
 * Flux's OCIRepository extracts, {@link io.cozystack.contracts.artifact.OciPusher} pushes it to a
 * registry over the OCI distribution API. This package knows nothing of the validator or the CLI:
 * the CLI's {@code package} and {@code push} subcommands (in {@code
 * io.cozystack.contracts.validation}, beside the CLI) validate first, then call these two.
 */
package io.cozystack.contracts.artifact;
