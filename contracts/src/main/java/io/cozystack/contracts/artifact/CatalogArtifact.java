package io.cozystack.contracts.artifact;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;

/**
 * A catalog packed as the tar+gzip layer Flux's OCIRepository extracts: every file of the catalog
 * directory (less {@code target/}, {@code src/}, {@code .git} and the globs of a {@code
 * .cozyignore}) plus the platform's cozy-lib chart at {@code library/cozy-lib/}, under relative
 * paths.
 *
 * <p>Reproducible: entries are sorted and their headers fixed (mtime 0, uid/gid 0, no owner names,
 * 0644/0755), and the gzip header has mtime 0 and no file name, so the same content gives the same
 * bytes and digest on every run and checkout. The catalog is not validated here; callers that want
 * that run the validator first, as the CLI does.
 */
public final class CatalogArtifact {
  private final byte[] layer;
  private final String digest;
  private final List<String> entries;

  private CatalogArtifact(byte[] layer, List<String> entries) {
    this.layer = layer;
    this.digest = Digest.sha256(layer);
    this.entries = entries;
  }

  /** Packs the catalog rooted at {@code catalogDir}. */
  public static CatalogArtifact pack(Path catalogDir) throws IOException {
    return pack(catalogDir, Optional.empty());
  }

  /**
   * Packs the catalog, leaving out {@code exclude} (the output file, when it lies inside the
   * catalog: otherwise each run would pack the previous run's artifact).
   */
  public static CatalogArtifact pack(Path catalogDir, Optional<Path> exclude) throws IOException {
    if (!Files.isDirectory(catalogDir)) {
      throw new IOException(catalogDir + " is not a directory");
    }
    Map<String, Optional<byte[]>> content = CatalogContent.of(catalogDir, exclude);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    // From JDK 16 on, GZIPOutputStream writes mtime 0, no file name and OS 255 ("unknown").
    try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
      TarWriter tar = new TarWriter(gzip);
      for (Map.Entry<String, Optional<byte[]>> entry : content.entrySet()) {
        if (entry.getValue().isPresent()) {
          tar.file(entry.getKey(), entry.getValue().get());
        } else {
          tar.directory(entry.getKey());
        }
      }
      tar.finish();
    }
    return new CatalogArtifact(bytes.toByteArray(), List.copyOf(content.keySet()));
  }

  /**
   * Whether the catalog has its own {@code library/cozy-lib} (one its {@code .cozyignore} does not
   * leave out), which {@link #pack} refuses: the artifact carries the platform's cozy-lib there.
   */
  public static boolean carriesOwnCozyLib(Path catalogDir) throws IOException {
    return CatalogContent.carriesOwnCozyLib(catalogDir, IgnoreRules.of(catalogDir));
  }

  /** The tar+gzip bytes (a copy). */
  public byte[] layer() {
    return layer.clone();
  }

  /** {@code sha256:<hex>} of {@link #layer()}: the layer's OCI digest. */
  public String digest() {
    return digest;
  }

  /** The layer's size in bytes. */
  public long size() {
    return layer.length;
  }

  /** Every entry's path in archive order, directories without their trailing '/'. */
  public List<String> entries() {
    return entries;
  }

  /** Writes the layer to {@code file} through a temporary sibling, so no half file is left. */
  public void writeTo(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path temporary = Files.createTempFile(parent, ".cozy-catalog-", ".tmp");
    try {
      Files.write(temporary, layer);
      Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  /** The bytes without a copy, for the pusher. */
  byte[] layerBytes() {
    return layer;
  }
}
