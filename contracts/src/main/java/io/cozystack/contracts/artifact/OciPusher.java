package io.cozystack.contracts.artifact;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Pushes a catalog as a Flux OCI artifact, the format {@code flux push artifact} writes and Flux's
 * OCIRepository pulls: an image manifest whose config is the empty Flux config blob and whose one
 * layer is the catalog's tar+gzip ({@link CatalogArtifact}). Only the OCI distribution HTTP API is
 * used; blobs the repository already holds are not uploaded again.
 *
 * <pre>{@code
 * String digest = OciPusher.push(
 *     Path.of("my-catalog"),
 *     OciReference.parse("oci://127.0.0.1:5000/acme/catalog:1.0.0"),
 *     PushOptions.defaults().withPlainHttp(true));
 * }</pre>
 */
public final class OciPusher {
  public static final String MANIFEST_MEDIA_TYPE = "application/vnd.oci.image.manifest.v1+json";
  public static final String CONFIG_MEDIA_TYPE = "application/vnd.cncf.flux.config.v1+json";
  public static final String LAYER_MEDIA_TYPE = "application/vnd.cncf.flux.content.v1.tar+gzip";

  private OciPusher() {}

  /**
   * Packs the catalog (without validating it) and pushes it; returns the manifest's digest, {@code
   * sha256:<hex>}. A refusal is a {@link RegistryException} naming the call and the fix.
   */
  public static String push(Path catalogDir, OciReference ref, PushOptions options)
      throws IOException {
    return push(CatalogArtifact.pack(catalogDir), ref, options);
  }

  /** Pushes an already packed catalog; returns the manifest's digest. */
  public static String push(CatalogArtifact artifact, OciReference ref, PushOptions options)
      throws IOException {
    RegistryClient registry = new RegistryClient(ref, options);
    upload(registry, Digest.sha256(OciManifest.CONFIG), OciManifest.CONFIG, "the config blob");
    upload(registry, artifact.digest(), artifact.layerBytes(), "the catalog layer");
    byte[] manifest = OciManifest.of(artifact, ref, options);
    registry.putManifest(ref.tag(), manifest);
    // The digest of the bytes sent: what OCIRepository and `@sha256:` references resolve to.
    return Digest.sha256(manifest);
  }

  private static void upload(RegistryClient registry, String digest, byte[] content, String what)
      throws IOException {
    if (!registry.hasBlob(digest, what)) {
      registry.uploadBlob(digest, content, what);
    }
  }
}
