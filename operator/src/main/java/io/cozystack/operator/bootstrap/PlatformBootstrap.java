package io.cozystack.operator.bootstrap;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.net.HttpURLConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes {@link PlatformObjects} once, at start-up: creates the namespace when absent, server-side
 * applies the Flux source and the PackageSource (field manager {@value #FIELD_MANAGER}, forced: the
 * flags are their truth), and creates the Package only when absent (a person may have changed its
 * variant or components; it is never overwritten). Idempotent, so every replica may run it.
 */
public final class PlatformBootstrap {
  /** Cozystack's field manager for the objects its operator writes at start-up. */
  public static final String FIELD_MANAGER = "cozystack-operator";

  private static final Logger LOG = LoggerFactory.getLogger(PlatformBootstrap.class);

  private final KubernetesClient client;

  /** What happened to the objects written only when absent. */
  public record Outcome(boolean namespaceCreated, boolean packageCreated) {}

  public PlatformBootstrap(KubernetesClient client) {
    this.client = client;
  }

  public Outcome apply(PlatformObjects objects) throws BootstrapException {
    boolean namespaceCreated =
        createIfAbsent(
            objects.namespace(),
            "",
            "namespaces",
            "create",
            () -> client.namespaces().resource(objects.namespace()).create());
    applySource(objects.kind(), objects.source());
    PackageSource packageSource = objects.packageSource();
    write(
        packageSource,
        "cozystack.io",
        "packagesources",
        "create and patch",
        () ->
            client
                .resource(packageSource)
                .fieldManager(FIELD_MANAGER)
                .forceConflicts()
                .serverSideApply());
    LOG.info(
        "Platform bootstrap: applied PackageSource {} (variant default, component platform)",
        packageSource.getMetadata().getName());
    Package pkg = objects.pkg();
    boolean packageCreated =
        createIfAbsent(
            pkg,
            "cozystack.io",
            "packages",
            "create",
            () -> client.resources(Package.class).resource(pkg).create());
    if (!packageCreated) {
      LOG.info("Platform bootstrap: Package {} exists; left as it is", pkg.getMetadata().getName());
    }
    return new Outcome(namespaceCreated, packageCreated);
  }

  private void applySource(PlatformSource.Kind kind, GenericKubernetesResource source)
      throws BootstrapException {
    ResourceDefinitionContext context =
        new ResourceDefinitionContext.Builder()
            .withGroup(PlatformSource.Kind.GROUP)
            .withVersion(PlatformSource.Kind.VERSION)
            .withKind(kind.kind())
            .withPlural(kind.plural())
            .withNamespaced(true)
            .build();
    write(
        source,
        PlatformSource.Kind.GROUP,
        kind.plural(),
        "create and patch",
        () ->
            client
                .genericKubernetesResources(context)
                .inNamespace(source.getMetadata().getNamespace())
                .resource(source)
                .fieldManager(FIELD_MANAGER)
                .forceConflicts()
                .serverSideApply());
    LOG.info(
        "Platform bootstrap: applied {} {}/{} ({})",
        kind.kind(),
        source.getMetadata().getNamespace(),
        source.getMetadata().getName(),
        ((java.util.Map<?, ?>) source.getAdditionalProperties().get("spec")).get("url"));
  }

  /** Creates {@code object}; true when created, false when it already existed. */
  private static boolean createIfAbsent(
      HasMetadata object, String group, String plural, String verbs, Runnable create)
      throws BootstrapException {
    try {
      create.run();
      LOG.info(
          "Platform bootstrap: created {} {}", object.getKind(), object.getMetadata().getName());
      return true;
    } catch (KubernetesClientException e) {
      if (e.getCode() == HttpURLConnection.HTTP_CONFLICT) {
        return false;
      }
      throw failure(object, group, plural, verbs, e);
    }
  }

  private static void write(
      HasMetadata object, String group, String plural, String verbs, Runnable write)
      throws BootstrapException {
    try {
      write.run();
    } catch (KubernetesClientException e) {
      throw failure(object, group, plural, verbs, e);
    }
  }

  /** Why {@code object} could not be written, and what to do about it. */
  static BootstrapException failure(
      HasMetadata object, String group, String plural, String verbs, KubernetesClientException e) {
    String what =
        "Cannot bootstrap the platform: writing "
            + object.getKind()
            + " "
            + (object.getMetadata().getNamespace() == null
                ? ""
                : object.getMetadata().getNamespace() + "/")
            + object.getMetadata().getName()
            + " failed";
    String resource = (group.isEmpty() ? "" : group + " ") + plural;
    String fix =
        switch (e.getCode()) {
          case HttpURLConnection.HTTP_NOT_FOUND ->
              group.equals(PlatformSource.Kind.GROUP)
                  ? ": the API server does not serve "
                      + resource
                      + " (HTTP 404), so Flux's source-controller is not installed. Install Flux"
                      + " (source-controller, helm-controller and source-watcher with their CRDs),"
                      + " or unset "
                      + PlatformSourceFlags.URL
                      + " (chart value platform.sourceUrl)."
                  : ": the API server does not serve "
                      + resource
                      + " (HTTP 404), so the operator's CRDs are not installed. Apply them:"
                      + " kubectl apply --server-side -f crds/.";
          case HttpURLConnection.HTTP_FORBIDDEN ->
              ": forbidden (HTTP 403: "
                  + e.getMessage()
                  + "). Grant the operator's ServiceAccount "
                  + verbs
                  + " on "
                  + resource
                  + " (the chart's ClusterRole does when platform.sourceUrl is set).";
          case 422 ->
              ": the API server refused it (HTTP 422: "
                  + e.getMessage()
                  + "). Check "
                  + PlatformSourceFlags.URL
                  + " and "
                  + PlatformSourceFlags.REF
                  + ".";
          case 0 -> ": " + rootMessage(e) + ". Check that the API server is reachable.";
          default -> ": HTTP " + e.getCode() + " " + e.getMessage() + ".";
        };
    return new BootstrapException(what + fix, e);
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getClass().getSimpleName()
        + (root.getMessage() == null ? "" : ": " + root.getMessage());
  }
}
