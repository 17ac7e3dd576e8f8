package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.ExampleManifests;
import io.cozystack.api.ExampleManifests.Example;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example manifest applies unchanged to the real API server (namespaced ones into the test
 * namespace, as {@code kubectl apply -n} would), and nothing in its spec is pruned by our schemas.
 */
@ExtendWith(KubernetesExtension.class)
class ExamplesApplyIT {
  @Kube static KubernetesClient client;
  @Kube static String namespace;

  static List<Example> examples() {
    return ExampleManifests.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void appliesAndKeepsItsSpec(Example example) throws Exception {
    var type = ExampleManifests.typeOf(example).orElseThrow();
    GenericKubernetesResource manifest =
        Serialization.jsonMapper().treeToValue(example.manifest(), GenericKubernetesResource.class);
    boolean namespaced = Namespaced.class.isAssignableFrom(type);
    var resource =
        namespaced
            ? client
                .genericKubernetesResources(manifest.getApiVersion(), manifest.getKind())
                .inNamespace(namespace)
                .resource(manifest)
            : client
                .genericKubernetesResources(manifest.getApiVersion(), manifest.getKind())
                .resource(manifest);

    GenericKubernetesResource stored =
        resource.fieldManager("cozy-e2e").forceConflicts().serverSideApply();

    JsonNode storedTree = Serialization.jsonMapper().valueToTree(stored);
    assertThat(normalised(storedTree.path("spec")))
        .as("spec after the API server's pruning and defaulting")
        .isEqualTo(normalised(example.manifest().path("spec")));
  }

  /** Through JSON text, so that numbers compare by value, not by node class. */
  private static JsonNode normalised(JsonNode node) throws Exception {
    return Serialization.jsonMapper().readTree(node.toString());
  }
}
