package io.cozystack.e2e;

import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Gives a test class a real Kubernetes API server: starts the {@link ControlPlane} once per test
 * run (shared by every class, stopped when the run ends), makes sure the CRDs are installed, and
 * injects into the class's static fields a {@link KubernetesClient} and a fresh namespace name
 * ({@link Kube} annotated fields of those types; also the kubeconfig's {@code Path}, the {@link
 * Registry} and the {@link ControlPlane} itself, e.g. to stop its API server).
 *
 * <p>With {@code CI=true}, a control plane that cannot start fails the suite; it never skips.
 */
public final class KubernetesExtension implements BeforeAllCallback, AfterAllCallback {
  private static final ExtensionContext.Namespace STORE =
      ExtensionContext.Namespace.create(KubernetesExtension.class);

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    Class<?> testClass = context.getRequiredTestClass();
    ControlPlane.Flavour flavour =
        testClass.isAnnotationPresent(WithFlux.class)
            ? ControlPlane.Flavour.FLUX
            : testClass.isAnnotationPresent(WithoutFlux.class)
                ? ControlPlane.Flavour.WITHOUT_FLUX
                : ControlPlane.Flavour.BARE;
    // Shared by the run, but a class's own (without Flux) ends with the class.
    ExtensionContext owner =
        flavour == ControlPlane.Flavour.WITHOUT_FLUX ? context : context.getRoot();
    Cluster cluster =
        owner
            .getStore(STORE)
            .getOrComputeIfAbsent(
                "cluster-" + flavour, key -> Cluster.start(flavour), Cluster.class);
    KubernetesClient client = cluster.newClient();
    String namespace = freshNamespace(client, context.getRequiredTestClass());
    context.getStore(STORE).put("client", client);
    context.getStore(STORE).put("namespace", namespace);
    inject(context.getRequiredTestClass(), client, namespace, cluster);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    KubernetesClient client = context.getStore(STORE).get("client", KubernetesClient.class);
    String namespace = context.getStore(STORE).get("namespace", String.class);
    if (client != null) {
      // No namespace controller runs without kube-controller-manager, so this only marks it
      // Terminating; names are random, so later classes never collide with it.
      client.namespaces().withName(namespace).delete();
      client.close();
    }
  }

  private static String freshNamespace(KubernetesClient client, Class<?> testClass) {
    String base = testClass.getSimpleName().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    String name =
        "e2e-"
            + base.substring(0, Math.min(40, base.length()))
            + "-"
            + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000, 0xfffff));
    Namespace ns = new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build();
    client.namespaces().resource(ns).create();
    return name;
  }

  private static void inject(
      Class<?> testClass, KubernetesClient client, String namespace, Cluster cluster)
      throws IllegalAccessException {
    for (Field field : testClass.getDeclaredFields()) {
      if (!field.isAnnotationPresent(Kube.class)) {
        continue;
      }
      field.setAccessible(true);
      if (field.getType() == KubernetesClient.class) {
        field.set(null, client);
      } else if (field.getType() == String.class) {
        field.set(null, namespace);
      } else if (field.getType() == java.nio.file.Path.class) {
        field.set(null, cluster.controlPlane().kubeconfig());
      } else if (field.getType() == Registry.class) {
        field.set(null, cluster.controlPlane().registry());
      } else if (field.getType() == ControlPlane.class) {
        field.set(null, cluster.controlPlane());
      } else {
        throw new IllegalStateException("@Kube field of unsupported type: " + field);
      }
    }
  }

  /** The shared control plane, closed by JUnit when the whole run ends. */
  record Cluster(ControlPlane controlPlane, Config config) implements AutoCloseable {
    static Cluster start(ControlPlane.Flavour flavour) {
      try {
        ControlPlane plane = ControlPlane.start(flavour);
        Config config = Config.fromKubeconfig(Files.readString(plane.kubeconfig()));
        Cluster cluster = new Cluster(plane, config);
        try (KubernetesClient client = cluster.newClient()) {
          CrdInstaller.installAll(client);
        }
        System.out.println(
            "[e2e] control plane: " + plane.description() + " at " + config.getMasterUrl());
        return cluster;
      } catch (org.opentest4j.TestAbortedException e) {
        throw e;
      } catch (Exception e) {
        // Never a skip: a suite that cannot start its control plane fails, in CI and locally.
        throw new IllegalStateException(
            "The e2e control plane could not start: " + e.getMessage(), e);
      }
    }

    KubernetesClient newClient() {
      return new KubernetesClientBuilder().withConfig(config).build();
    }

    @Override
    public void close() throws Exception {
      controlPlane.stop();
    }
  }
}
