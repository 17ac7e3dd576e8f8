package io.cozystack.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/** Once deposed, the operator's client sends no write; reads still go out. */
@EnableKubernetesMockClient(crud = true)
class LeadershipFenceTest {
  KubernetesMockServer server;
  KubernetesClient mockClient;

  @Test
  void aDeposedReplicaSendsNoWriteButStillReads() {
    LeadershipFence fence = new LeadershipFence();
    Config config = mockClient.getConfiguration();
    try (KubernetesClient client =
        KubeClients.builder(config, new SimpleMeterRegistry(), fence).build()) {
      client.configMaps().inNamespace("default").resource(configMap("before")).create();
      int sent = server.getRequestCount();

      fence.depose();

      assertThatThrownBy(
              () ->
                  client.configMaps().inNamespace("default").resource(configMap("after")).create())
          .hasStackTraceContaining("not the leader any more: POST");
      assertThatThrownBy(
              () ->
                  client
                      .configMaps()
                      .inNamespace("default")
                      .withName("before")
                      .edit(cm -> new ConfigMapBuilder(cm).addToData("k", "v").build()))
          .hasStackTraceContaining("not the leader any more");
      assertThat(client.configMaps().inNamespace("default").withName("before").get())
          .as("reads still go out")
          .isNotNull()
          .satisfies(
              cm ->
                  assertThat(java.util.Optional.ofNullable(cm.getData()).orElse(java.util.Map.of()))
                      .as("the refused edit changed nothing")
                      .doesNotContainKey("k"));
      assertThat(server.getRequestCount())
          .as("only the reads reached the server")
          .isBetween(sent + 1, sent + 2);
      assertThat(mockClient.configMaps().inNamespace("default").withName("after").get()).isNull();
    }
  }

  private static io.fabric8.kubernetes.api.model.ConfigMap configMap(String name) {
    return new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata().build();
  }
}
