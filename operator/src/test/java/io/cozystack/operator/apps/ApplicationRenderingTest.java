package io.cozystack.operator.apps;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.contracts.definition.ApplicationCrdRenderer;
import io.cozystack.contracts.validation.DefinitionCheck;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.packages.ReleaseSettings;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Definition checks, the generated CRD and the rendered release, without a cluster. */
class ApplicationRenderingTest {

  @Test
  void theTenantExampleIsValidAndServedWithItsSchemaAndNameLimit() throws Exception {
    ApplicationDefinition tenant = example("examples/06-applicationdefinition-tenant.yaml");

    DefinitionCheck.Result check = DefinitionCheck.check(tenant);
    var rendered = ApplicationCrdRenderer.render(tenant, check.schema().orElseThrow());

    assertThat(check.problems()).isEmpty();
    var crd = rendered.crd();
    assertThat(crd.getMetadata().getName()).isEqualTo("tenants.apps.cozystack.io");
    assertThat(crd.getSpec().getScope()).isEqualTo("Namespaced");
    assertThat(crd.getSpec().getNames().getKind()).isEqualTo("Tenant");
    JSONSchemaProps root = crd.getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema();
    assertThat(root.getProperties().get("spec").getProperties())
        .containsKeys("host", "etcd", "resourceQuotas");
    assertThat(root.getXKubernetesValidations().get(0).getRule())
        .isEqualTo("size(self.metadata.name) <= 46");
    assertThat(crd.getSpec().getVersions().get(0).getAdditionalPrinterColumns())
        .extracting(c -> c.getName())
        .containsExactly("Ready", "Age");
    assertThat(crd.getMetadata().getLabels())
        .containsEntry("cozystack.io/applicationdefinition", "tenant");
  }

  @Test
  void everyProblemOfABadDefinitionIsNamed() {
    ApplicationDefinition bad =
        Serialization.unmarshal(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: ApplicationDefinition
            metadata:
              name: bad
              annotations: {release.cozystack.io/helm-install-timeout: soon}
            spec:
              application: {kind: lower, plural: Things, singular: Things, openAPISchema: '{"type":"object","properties":{"a":{"properties":{}}}}'}
              release: {prefix: x-, chartRef: {kind: ExternalArtifact, name: x}}
            """,
            ApplicationDefinition.class);

    assertThat(DefinitionCheck.check(bad).problems())
        .anyMatch(p -> p.startsWith("spec.application.kind 'lower'"))
        .anyMatch(p -> p.startsWith("spec.application.plural 'Things'"))
        .anyMatch(p -> p.startsWith("spec.application.plural and singular must differ"))
        .anyMatch(p -> p.contains("helm-install-timeout 'soon'"))
        .anyMatch(
            p ->
                p.equals(
                    "spec.application.openAPISchema.properties.a has no \"type\" (a structural schema needs one on every property)"));
  }

  @Test
  void unparsableSchemaIsReported() {
    ApplicationDefinition bad = definition("{not json");
    assertThat(DefinitionCheck.check(bad).problems())
        .singleElement()
        .asString()
        .startsWith("spec.application.openAPISchema is not valid JSON");
  }

  @Test
  void cozystackExtensionsLeaveTheCrdAndAreKeptByPath() {
    ApplicationDefinition postgres =
        definition(
            "{\"type\":\"object\",\"properties\":{\"storageClass\":{\"type\":\"string\",\"x-cozystack-options\":{\"source\":\"storageclass\"}}}}");

    var rendered =
        ApplicationCrdRenderer.render(
            postgres, DefinitionCheck.check(postgres).schema().orElseThrow());

    assertThat(rendered.extensions()).containsOnlyKeys("spec.storageClass.x-cozystack-options");
    assertThat(Serialization.asJson(rendered.crd())).doesNotContain("x-cozystack");
  }

  @Test
  void anInstanceRendersCozystacksRelease() throws Exception {
    ApplicationDefinition tenant = example("examples/06-applicationdefinition-tenant.yaml");
    GenericKubernetesResource instance =
        Serialization.unmarshal(
            """
            apiVersion: apps.cozystack.io/v1alpha1
            kind: Tenant
            metadata: {name: acme, namespace: tenant-root, uid: u-1, labels: {team: a}}
            spec: {etcd: true, host: ""}
            """,
            GenericKubernetesResource.class);

    HelmRelease release =
        ApplicationReleaseRenderer.render(
            tenant,
            DefinitionCheck.check(tenant).schema().orElseThrow(),
            instance,
            ReleaseSettings.defaults(),
            ValuesTransport.ConfigMap);

    assertThat(release.getMetadata().getName()).isEqualTo("tenant-acme");
    assertThat(release.getMetadata().getNamespace()).isEqualTo("tenant-root");
    assertThat(release.getMetadata().getLabels())
        .containsEntry("apps.cozystack.io/application.kind", "Tenant")
        .containsEntry("apps.cozystack.io/application.group", "apps.cozystack.io")
        .containsEntry("apps.cozystack.io/application.name", "acme")
        .containsEntry("apps.cozystack.io-team", "a")
        .containsEntry("sharding.fluxcd.io/key", "tenants");
    assertThat(release.getSpec().install().timeout()).isEqualTo("15m0s");
    assertThat(release.getSpec().install().strategy().name()).isEqualTo("RetryOnFailure");
    assertThat(release.getSpec().chartRef().name())
        .isEqualTo("cozystack-tenant-application-default-tenant");
    assertThat(release.getSpec().values().path("etcd").asBoolean()).isTrue();
    assertThat(release.getSpec().valuesFrom())
        .singleElement()
        .satisfies(v -> assertThat(v.kind()).isEqualTo("ConfigMap"))
        .satisfies(v -> assertThat(v.name()).isEqualTo("cozystack-values"));
    assertThat(release.getSpec().values().path("monitoring").isBoolean())
        .as("the definition's defaults are in the values")
        .isTrue();
    assertThat(release.getSpec().values().has("gateway"))
        .as("a property without a default stays absent")
        .isFalse();
    assertThat(release.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(ref -> assertThat(ref.getUid()).isEqualTo("u-1"));
  }

  private static ApplicationDefinition definition(String schema) {
    ApplicationDefinition ad =
        Serialization.unmarshal(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: ApplicationDefinition
            metadata: {name: postgres}
            spec:
              application: {kind: Postgres, plural: postgreses, singular: postgres, openAPISchema: "{}"}
              release: {prefix: postgres-, chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}}
            """,
            ApplicationDefinition.class);
    var app = ad.getSpec().application();
    ad.setSpec(
        new io.cozystack.api.v1alpha1.ApplicationDefinitionSpec(
            new io.cozystack.api.v1alpha1.ApplicationDefinitionApplication(
                app.kind(), schema, app.plural(), app.singular()),
            ad.getSpec().release(),
            null,
            null,
            null,
            null,
            null));
    return ad;
  }

  private static ApplicationDefinition example(String path) throws Exception {
    try (InputStream in =
        ApplicationRenderingTest.class.getClassLoader().getResourceAsStream(path)) {
      return Serialization.unmarshal(
          new String(in.readAllBytes(), StandardCharsets.UTF_8), ApplicationDefinition.class);
    }
  }
}
