package io.cozystack.contracts.artifact;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.TreeMap;

/**
 * The image manifest of a Flux artifact: the empty Flux config blob and the one content layer. The
 * JSON is compact with a fixed field order and sorted annotations, so equal inputs give an equal
 * manifest digest.
 */
final class OciManifest {
  static final byte[] CONFIG = "{}".getBytes(StandardCharsets.UTF_8);
  static final String SOURCE = "org.opencontainers.image.source";
  static final String REVISION = "org.opencontainers.image.revision";
  static final String CREATED = "org.opencontainers.image.created";
  private static final ObjectMapper JSON = new ObjectMapper();

  private OciManifest() {}

  static byte[] of(CatalogArtifact artifact, OciReference ref, PushOptions options) {
    ObjectNode manifest = JSON.createObjectNode();
    manifest.put("schemaVersion", 2);
    manifest.put("mediaType", OciPusher.MANIFEST_MEDIA_TYPE);
    manifest.set(
        "config", descriptor(OciPusher.CONFIG_MEDIA_TYPE, Digest.sha256(CONFIG), CONFIG.length));
    manifest
        .putArray("layers")
        .add(descriptor(OciPusher.LAYER_MEDIA_TYPE, artifact.digest(), artifact.size()));
    ObjectNode annotations = manifest.putObject("annotations");
    annotations(artifact, ref, options).forEach(annotations::put);
    try {
      return JSON.writeValueAsBytes(manifest);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of strings and numbers always serializes", e);
    }
  }

  private static ObjectNode descriptor(String mediaType, String digest, long size) {
    ObjectNode descriptor = JSON.createObjectNode();
    descriptor.put("mediaType", mediaType);
    descriptor.put("digest", digest);
    descriptor.put("size", size);
    return descriptor;
  }

  private static Map<String, String> annotations(
      CatalogArtifact artifact, OciReference ref, PushOptions options) {
    Map<String, String> annotations = new TreeMap<>();
    annotations.put(SOURCE, options.source().orElse(ref.repositoryUrl()));
    annotations.put(REVISION, options.revision().orElse(ref.tag() + "@" + artifact.digest()));
    // RFC 3339 in whole seconds, as Flux writes it.
    options
        .created()
        .ifPresent(c -> annotations.put(CREATED, c.truncatedTo(ChronoUnit.SECONDS).toString()));
    return annotations;
  }
}
