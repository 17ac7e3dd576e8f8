package io.cozystack.operator.bootstrap;

import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.ComponentInstall;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PackageSourceRef;
import io.cozystack.api.v1alpha1.PackageSourceSpec;
import io.cozystack.api.v1alpha1.PackageSpec;
import io.cozystack.api.v1alpha1.Variant;
import io.cozystack.operator.packages.HelmReleaseRenderer;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The objects a {@link PlatformSource} asks for, as Cozystack's operator writes them, except for
 * the variants (see {@link #COMPONENT_PATH}). Pure: no I/O.
 */
public final class PlatformRenderer {
  /** Where the Flux source lives, and where the platform release is installed. */
  public static final String NAMESPACE = "cozy-system";

  /** The label that marks a platform namespace (values projection, as Cozystack). */
  public static final String SYSTEM_LABEL = "cozystack.io/system";

  /** The Flux source's {@code spec.interval}: Cozystack's 5 minutes, as Go writes it. */
  public static final String INTERVAL = "5m0s";

  public static final String VARIANT = "default";
  public static final String COMPONENT = "platform";

  /**
   * The platform chart inside our platform catalog's artifact. Cozystack's artifact has it at
   * {@code core/platform} and offers four variants; ours has one.
   */
  public static final String COMPONENT_PATH = "charts/platform";

  public static final String RELEASE_NAME = "cozystack-platform";

  private PlatformRenderer() {}

  public static PlatformObjects render(PlatformSource source) {
    return new PlatformObjects(
        namespace(), source.kind(), fluxSource(source), packageSource(source), pkg(source));
  }

  static Namespace namespace() {
    return new NamespaceBuilder()
        .withNewMetadata()
        .withName(NAMESPACE)
        .withLabels(Map.of(SYSTEM_LABEL, "true"))
        .endMetadata()
        .build();
  }

  /** The OCIRepository or GitRepository: url, interval, ref, secretRef, insecure (OCI only). */
  static GenericKubernetesResource fluxSource(PlatformSource source) {
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("url", source.url());
    spec.put("interval", INTERVAL);
    if (!source.ref().isEmpty()) {
      Map<String, Object> ref = new LinkedHashMap<>();
      // Flux's field order, whatever order the flag gave.
      for (String key : source.kind().refKeys()) {
        if (source.ref().containsKey(key)) {
          ref.put(key, source.ref().get(key));
        }
      }
      spec.put("ref", ref);
    }
    if (source.secret() != null) {
      spec.put("secretRef", Map.of("name", source.secret()));
    }
    if (source.insecure()) {
      spec.put("insecure", true);
    }
    return new GenericKubernetesResourceBuilder()
        .withApiVersion(source.kind().apiVersion())
        .withKind(source.kind().kind())
        .withMetadata(
            new ObjectMetaBuilder().withName(source.name()).withNamespace(NAMESPACE).build())
        .withAdditionalProperties(Map.of("spec", spec))
        .build();
  }

  /**
   * {@code cozystack.<name>}: reads the Flux source from its root and offers one variant whose one
   * component installs the platform chart as release {@code cozystack-platform} in {@code
   * cozy-system}. The platform chart writes the values itself, so the release does not read them.
   */
  static PackageSource packageSource(PlatformSource source) {
    PackageSource packageSource = new PackageSource();
    packageSource.setMetadata(
        new ObjectMetaBuilder()
            .withName(source.packageName())
            .withAnnotations(Map.of(HelmReleaseRenderer.SKIP_VALUES_ANNOTATION, "true"))
            .build());
    Component platform =
        new Component(COMPONENT, COMPONENT_PATH, null, null, install(NAMESPACE, RELEASE_NAME));
    packageSource.setSpec(
        new PackageSourceSpec(
            new PackageSourceRef(
                PackageSourceRef.SourceKind.valueOf(source.kind().kind()),
                source.name(),
                NAMESPACE,
                "/"),
            List.of(new Variant(VARIANT, null, null, List.of(platform))),
            null));
    return packageSource;
  }

  /** The Package that installs the source's default variant. */
  static Package pkg(PlatformSource source) {
    Package pkg = new Package();
    pkg.setMetadata(new ObjectMetaBuilder().withName(source.packageName()).build());
    pkg.setSpec(new PackageSpec(VARIANT, null, null, null, null, null));
    return pkg;
  }

  /**
   * Read from its JSON form, so that an optional field added to {@link ComponentInstall} does not
   * change this code.
   */
  private static ComponentInstall install(String namespace, String releaseName) {
    return Serialization.jsonMapper()
        .convertValue(
            Map.of("namespace", namespace, "releaseName", releaseName), ComponentInstall.class);
  }
}
