package io.cozystack.contracts.build;

import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.cozystack.api.ApiTypes;
import io.fabric8.crdv2.generator.CRDGenerator;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Build step: generates the CRDs from the Java types, finishes them with {@link CrdFinisher}, and
 * either checks them against the committed files under crds/ (default) or rewrites those files.
 *
 * <p>Arguments: {@code <work dir> <committed crds dirs, comma-separated> <check|update>}.
 */
public final class CrdSync {
  static final String HEADER =
      "# Generated from the Java types in contracts/ by the build. Do not edit by hand.\n"
          + "# Regenerate with: ./mvnw -B -pl contracts verify -Dcrds.update=true\n";

  /** Plain block YAML: quotes only where needed, long strings kept on one line. */
  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .disable(YAMLGenerator.Feature.SPLIT_LINES)
          .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
          .build();

  private CrdSync() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      throw new IllegalArgumentException("usage: CrdSync <work dir> <crds dirs> <check|update>");
    }
    Path work = Path.of(args[0]);
    boolean update = Boolean.parseBoolean(args[2]) || "update".equals(args[2]);
    Map<String, String> generated = generate(work);
    // crds/ and the operator chart's crds/ hold the same files.
    for (String dir : args[1].split(",")) {
      sync(generated, Path.of(dir.trim()), update);
    }
  }

  private static void sync(Map<String, String> generated, Path committedDir, boolean update)
      throws IOException {
    if (update) {
      write(committedDir, generated);
      System.out.printf("crds: wrote %d CRDs to %s%n", generated.size(), committedDir);
      return;
    }
    List<String> drift = drift(generated, read(committedDir));
    if (!drift.isEmpty()) {
      throw new IllegalStateException(
          "The committed CRDs in "
              + committedDir
              + " differ from the Java types:\n  "
              + String.join("\n  ", drift)
              + "\nRegenerate them with: ./mvnw -B -pl contracts verify -Dcrds.update=true"
              + " and commit the CRD directories.");
    }
    System.out.printf("crds: %d committed CRDs match the Java types%n", generated.size());
  }

  /** Generates every CRD of {@link ApiTypes#ALL}; returns file name to YAML text. */
  static Map<String, String> generate(Path work) throws IOException {
    Path raw = work.resolve("raw");
    Files.createDirectories(raw);
    new CRDGenerator()
        .customResourceClasses(new ArrayList<>(ApiTypes.ALL))
        .forCRDVersions("v1")
        .withParallelGenerationEnabled(false)
        .inOutputDir(raw.toFile())
        .generate();
    Map<String, String> result = new TreeMap<>();
    for (var type : ApiTypes.ALL) {
      String crdName = io.fabric8.kubernetes.api.model.HasMetadata.getFullResourceName(type);
      Path file = raw.resolve(crdName + "-v1.yml");
      CustomResourceDefinition crd =
          Serialization.unmarshal(Files.readString(file), CustomResourceDefinition.class);
      CrdFinisher.finish(crd, type);
      result.put(
          fileName(crd),
          HEADER + YAML.writeValueAsString(Serialization.jsonMapper().valueToTree(crd)));
    }
    return result;
  }

  /** Kubebuilder's naming: {@code <group>_<plural>.yaml}. */
  static String fileName(CustomResourceDefinition crd) {
    return crd.getSpec().getGroup() + "_" + crd.getSpec().getNames().getPlural() + ".yaml";
  }

  /** Human-readable differences between the generated and the committed files. */
  static List<String> drift(Map<String, String> generated, Map<String, String> committed) {
    List<String> problems = new ArrayList<>();
    generated.forEach(
        (name, text) -> {
          String old = committed.get(name);
          if (old == null) {
            problems.add(name + ": missing from crds/");
          } else if (!old.equals(text)) {
            problems.add(name + ": differs from the generated CRD");
          }
        });
    committed.keySet().stream()
        .filter(name -> !generated.containsKey(name))
        .forEach(name -> problems.add(name + ": in crds/ but no Java type generates it"));
    return problems;
  }

  static Map<String, String> read(Path dir) throws IOException {
    Map<String, String> files = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return files;
    }
    try (Stream<Path> list = Files.list(dir)) {
      for (Path p : list.filter(f -> f.toString().endsWith(".yaml")).toList()) {
        files.put(p.getFileName().toString(), Files.readString(p));
      }
    }
    return files;
  }

  private static void write(Path dir, Map<String, String> files) throws IOException {
    Files.createDirectories(dir);
    for (String stale : read(dir).keySet()) {
      if (!files.containsKey(stale)) {
        Files.delete(dir.resolve(stale));
      }
    }
    files.forEach(
        (name, text) -> {
          try {
            Files.writeString(dir.resolve(name), text);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }
}
