package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.ValidationRule;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The virtualization catalog's ComputePlane definition, served by the operator on the real API
 * server: the kind's schema (its CEL rules within the API server's cost budget) refuses node groups
 * the module cannot run and accepts the ones it can.
 */
@ExtendWith(KubernetesExtension.class)
class ComputePlaneSchemaIT {
  static final Path DEFINITION =
      Path.of(System.getProperty("repo.root", ".."))
          .resolve("catalogs/virtualization/charts/computeplane-rd/cozyrds/computeplane.yaml");

  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;
  static int created;

  @BeforeAll
  static void start() throws Exception {
    PlatformValues.ensure(client);
    operator = InProcessOperator.start(kubeconfig);
    client
        .resource(
            Serialization.unmarshal(Files.readString(DEFINITION), ApplicationDefinition.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> {
              ApplicationDefinition ad =
                  client.resources(ApplicationDefinition.class).withName("computeplane").get();
              // This generation's: an earlier class may have served another computeplane
              // definition (Cozystack's example) whose status would otherwise pass at once.
              return ad != null
                  && ad.getStatus() != null
                  && java.util.Objects.equals(
                      ad.getStatus().observedGeneration(), ad.getMetadata().getGeneration())
                  && Boolean.TRUE.equals(ad.getStatus().served());
            });
  }

  @AfterAll
  static void stop() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void theServedKindCarriesTheNodeGroupRules() {
    CustomResourceDefinition crd =
        client
            .apiextensions()
            .v1()
            .customResourceDefinitions()
            .withName("computeplanes.apps.cozystack.io")
            .get();
    JSONSchemaProps nodeGroups =
        crd.getSpec()
            .getVersions()
            .get(0)
            .getSchema()
            .getOpenAPIV3Schema()
            .getProperties()
            .get("spec")
            .getProperties()
            .get("nodeGroups");

    assertThat(nodeGroups.getXKubernetesValidations())
        .extracting(ValidationRule::getRule)
        .anySatisfy(rule -> assertThat(rule).contains("'ingress-nginx' in self[k].roles"))
        .anySatisfy(rule -> assertThat(rule).contains("k.matches("));
    assertThat(nodeGroups.getMaxProperties()).isEqualTo(32L);
  }

  @Test
  void noNodeGroupsMeansTheDefaultGroupAndIsAccepted() {
    GenericKubernetesResource stored = create(Map.of());

    assertThat(spec(stored)).containsEntry("nodeGroups", Map.of());
  }

  @Test
  void aGroupWithTheIngressRoleIsAcceptedWithItsDefaults() {
    GenericKubernetesResource stored =
        create(
            Map.of(
                "nodeGroups",
                Map.of(
                    "gpu0", group(List.of(), 4),
                    "edge", Map.of("roles", List.of("ingress-nginx")))));

    @SuppressWarnings("unchecked")
    Map<String, Object> edge =
        (Map<String, Object>) ((Map<?, ?>) spec(stored).get("nodeGroups")).get("edge");
    assertThat(edge)
        .containsEntry("maxReplicas", 10)
        .containsEntry("minReplicas", 0)
        .containsEntry("instanceType", "u1.medium")
        .containsEntry("diskSize", "20Gi");
  }

  @Test
  void groupsWithoutTheIngressRoleAreRefusedNamingTheFieldAndTheFix() {
    String message =
        refused(Map.of("gpu0", group(List.of("gpu"), 2), "md1", Map.of("minReplicas", 1)));

    assertThat(message)
        .contains("spec.nodeGroups")
        .contains("at least one node group must have \"ingress-nginx\" in roles")
        .contains("add \"ingress-nginx\" to the roles of a group");
  }

  @Test
  void anIngressGroupThatCannotScaleIsRefused() {
    String message = refused(Map.of("edge", group(List.of("ingress-nginx"), 0)));

    assertThat(message).contains("spec.nodeGroups").contains("maxReplicas >= 1");
  }

  @Test
  void aGroupNameThatCannotNameMachinesIsRefused() {
    String message = refused(Map.of("Edge_0", group(List.of("ingress-nginx"), 1)));

    assertThat(message).contains("spec.nodeGroups").contains("node group names must be");
  }

  @Test
  void moreGroupsThanTheLimitAreRefused() {
    Map<String, Object> groups = new LinkedHashMap<>();
    for (int i = 0; i < 33; i++) {
      groups.put("g" + i, group(List.of("ingress-nginx"), 1));
    }

    assertThat(refused(groups)).contains("spec.nodeGroups").contains("32");
  }

  private static Map<String, Object> group(List<String> roles, int maxReplicas) {
    return Map.of("roles", roles, "maxReplicas", maxReplicas);
  }

  private static String refused(Map<String, Object> nodeGroups) {
    KubernetesClientException e =
        catchThrowableOfType(
            KubernetesClientException.class, () -> create(Map.of("nodeGroups", nodeGroups)));
    assertThat(e).as("the API server must refuse these node groups").isNotNull();
    assertThat(e.getCode()).isEqualTo(422);
    return e.getMessage();
  }

  private static GenericKubernetesResource create(Map<String, Object> spec) {
    GenericKubernetesResource instance = new GenericKubernetesResource();
    instance.setApiVersion("apps.cozystack.io/v1alpha1");
    instance.setKind("ComputePlane");
    instance.setMetadata(
        new ObjectMetaBuilder()
            .withName("computeplane")
            .withNamespace(namespace + "-" + ++created)
            .build());
    instance.setAdditionalProperty("spec", spec);
    client
        .namespaces()
        .resource(
            new io.fabric8.kubernetes.api.model.NamespaceBuilder()
                .withNewMetadata()
                .withName(instance.getMetadata().getNamespace())
                .endMetadata()
                .build())
        .fieldManager("cozy-e2e")
        .serverSideApply();
    return client.resource(instance).create();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(GenericKubernetesResource stored) {
    return (Map<String, Object>) stored.getAdditionalProperties().get("spec");
  }
}
