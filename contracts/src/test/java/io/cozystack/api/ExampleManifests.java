package io.cozystack.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The example manifests under {@code examples/} on the test classpath: Cozystack's real manifests
 * (comments removed) plus the reference's inline examples. Shared with the e2e suite.
 */
public final class ExampleManifests {
  private static final ObjectMapper YAML = new YAMLMapper();

  /** One YAML document of an example file. */
  public record Example(String file, int index, JsonNode manifest) {
    public String kind() {
      return manifest.path("kind").asText();
    }

    public String name() {
      return manifest.path("metadata").path("name").asText();
    }

    @Override
    public String toString() {
      return file + "#" + index + " (" + kind() + " " + name() + ")";
    }
  }

  private ExampleManifests() {}

  /** Every document of every example file, in file order. */
  public static List<Example> all() {
    List<Example> examples = new ArrayList<>();
    for (Path file : files()) {
      try (InputStream in = Files.newInputStream(file)) {
        var parser = new YAMLFactory().createParser(in);
        List<JsonNode> docs = YAML.readValues(parser, JsonNode.class).readAll();
        int index = 0;
        for (JsonNode doc : docs) {
          if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
            examples.add(new Example(file.getFileName().toString(), index++, doc));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return examples;
  }

  /** The custom resource class of an example's apiVersion and kind, if this project defines it. */
  public static Optional<Class<? extends io.fabric8.kubernetes.client.CustomResource<?, ?>>> typeOf(
      Example example) {
    String apiVersion = example.manifest().path("apiVersion").asText();
    return ApiTypes.ALL.stream()
        .filter(
            t -> io.fabric8.kubernetes.api.model.HasMetadata.getApiVersion(t).equals(apiVersion))
        .filter(t -> io.fabric8.kubernetes.api.model.HasMetadata.getKind(t).equals(example.kind()))
        .findFirst();
  }

  private static List<Path> files() {
    URL dir = ExampleManifests.class.getClassLoader().getResource("examples");
    if (dir == null) {
      throw new IllegalStateException("examples/ is not on the test classpath");
    }
    try {
      URI uri = dir.toURI();
      if ("jar".equals(uri.getScheme())) {
        // From the contracts test-jar (the e2e suite): list inside the jar.
        try {
          FileSystems.newFileSystem(uri, Map.of());
        } catch (FileSystemAlreadyExistsException alreadyOpen) {
          // opened by an earlier call; Path.of(uri) finds it
        }
      }
      try (Stream<Path> list = Files.list(Path.of(uri))) {
        return list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
