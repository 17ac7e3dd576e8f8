package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.ArtifactNaming;
import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.Library;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PackageSourceRef;
import io.cozystack.api.v1alpha1.Variant;
import io.cozystack.operator.flux.ArtifactGenerator;
import io.cozystack.operator.flux.ArtifactGeneratorSpec;
import io.cozystack.operator.flux.ArtifactGeneratorSpec.Artifact;
import io.cozystack.operator.flux.ArtifactGeneratorSpec.Copy;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Renders the one ArtifactGenerator of a PackageSource exactly as Cozystack does: an artifact per
 * component of every variant, with the chart, its vendored libraries and its values files.
 */
public final class ArtifactGeneratorRenderer {
  /** Label naming the PackageSource an ArtifactGenerator belongs to. */
  public static final String PACKAGE_SOURCE_LABEL = "cozystack.io/packagesource";

  private ArtifactGeneratorRenderer() {}

  /** The desired generator, or empty when the source yields no artifacts. */
  public static Optional<ArtifactGenerator> render(PackageSource source) {
    PackageSourceRef ref = source.getSpec() == null ? null : source.getSpec().sourceRef();
    if (ref == null) {
      return Optional.empty();
    }
    List<Artifact> artifacts = artifacts(source.getMetadata().getName(), ref, variants(source));
    if (artifacts.isEmpty()) {
      return Optional.empty();
    }
    ArtifactGenerator generator = new ArtifactGenerator();
    generator.setMetadata(
        new ObjectMetaBuilder()
            .withName(source.getMetadata().getName())
            .withNamespace(Naming.SYSTEM_NAMESPACE)
            .withLabels(Map.of(PACKAGE_SOURCE_LABEL, source.getMetadata().getName()))
            .build());
    generator.setSpec(
        new ArtifactGeneratorSpec(
            List.of(
                new ArtifactGeneratorSpec.Source(
                    ref.name(), ref.kind().name(), ref.name(), ref.namespace())),
            artifacts));
    return Optional.of(generator);
  }

  /** Every artifact name the source derives, in spec order (duplicates kept). */
  public static List<String> artifactNames(PackageSource source) {
    return ArtifactNaming.artifactNames(source);
  }

  private static List<Artifact> artifacts(
      String sourceName, PackageSourceRef ref, List<Variant> variants) {
    String base = Naming.basePath(ref);
    List<Artifact> artifacts = new ArrayList<>();
    for (Variant variant : variants) {
      Map<String, Library> libraries = librariesByName(variant);
      for (Component component : components(variant)) {
        if (component.path() == null || component.path().isEmpty()) {
          continue;
        }
        artifacts.add(
            new Artifact(
                Naming.artifactName(sourceName, variant.name(), component.name()),
                copyRules(ref.name(), base, component, libraries)));
      }
    }
    return artifacts;
  }

  private static List<Copy> copyRules(
      String alias, String base, Component component, Map<String, Library> libraries) {
    String dir = Naming.lastSegment(component.path());
    List<Copy> copy = new ArrayList<>();
    copy.add(
        new Copy(
            source(alias, base, component.path()) + "/**", "@artifact/" + dir + "/", null, null));
    for (String libraryName : orEmpty(component.libraries())) {
      Library library = libraries.get(libraryName);
      if (library != null) {
        copy.add(
            new Copy(
                source(alias, base, library.path()) + "/**",
                "@artifact/" + dir + "/charts/" + libraryName + "/",
                null,
                null));
      }
    }
    List<String> valuesFiles = orEmpty(component.valuesFiles());
    for (int i = 0; i < valuesFiles.size(); i++) {
      copy.add(
          new Copy(
              source(alias, base, component.path() + "/" + valuesFiles.get(i)),
              "@artifact/" + dir + "/values.yaml",
              null,
              i == 0 ? "Overwrite" : "Merge"));
    }
    return copy;
  }

  /** {@code @<alias>/<base>/<path>} with empty parts dropped. */
  static String source(String alias, String base, String path) {
    StringBuilder result = new StringBuilder("@").append(alias);
    for (String part : new String[] {base, Naming.trimSlashes(path)}) {
      if (!part.isEmpty()) {
        result.append('/').append(part);
      }
    }
    return result.toString();
  }

  private static Map<String, Library> librariesByName(Variant variant) {
    Map<String, Library> byName = new LinkedHashMap<>();
    for (Library library : orEmpty(variant.libraries())) {
      byName.put(ArtifactNaming.libraryName(library), library);
    }
    return byName;
  }

  static List<Variant> variants(PackageSource source) {
    return source.getSpec() == null ? List.of() : orEmpty(source.getSpec().variants());
  }

  private static List<Component> components(Variant variant) {
    return orEmpty(variant.components());
  }

  private static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}
