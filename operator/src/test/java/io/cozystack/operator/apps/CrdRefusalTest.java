package io.cozystack.operator.apps;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.junit.jupiter.api.Test;

/** The API server's refusal of a generated CRD, told field by field with where to fix it. */
class CrdRefusalTest {
  @Test
  void eachCauseIsNamedOnceWithItsField() {
    Status status =
        new StatusBuilder()
            .withCode(422)
            .withMessage("CustomResourceDefinition.apiextensions.k8s.io \"x\" is invalid: [...]")
            .withNewDetails()
            .addNewCause()
            .withField(
                "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[size].type")
            .withMessage("Unsupported value: \"foo\"")
            .endCause()
            .addNewCause()
            .withField(
                "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[size].type")
            .withMessage("Unsupported value: \"foo\"")
            .endCause()
            .endDetails()
            .build();

    String described = CrdRefusal.describe("sizes.apps.cozystack.io", refusal(status));

    assertThat(described)
        .isEqualTo(
            "the API server refused CRD sizes.apps.cozystack.io generated from this definition:"
                + " spec.application.openAPISchema.properties[size].type: Unsupported value:"
                + " \"foo\"; fix spec.application.openAPISchema at the fields named");
  }

  @Test
  void aPathOutsideTheSchemaIsLeftAsTheApiServerWroteIt() {
    assertThat(CrdRefusal.definitionPath("spec.names.plural")).isEqualTo("spec.names.plural");
    assertThat(
            CrdRefusal.definitionPath(
                "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[a]"))
        .isEqualTo("spec.application.openAPISchema.properties[a]");
  }

  @Test
  void withoutCausesTheApiServersMessageIsShown() {
    Status status = new StatusBuilder().withCode(400).withMessage("the body is not valid").build();

    assertThat(CrdRefusal.describe("x.apps.cozystack.io", refusal(status)))
        .contains("generated from this definition: the body is not valid;");
  }

  @Test
  void onlyARefusalOfTheObjectIsTerminal() {
    assertThat(CrdRefusal.isRefusal(new KubernetesClientException("invalid", 422, null))).isTrue();
    assertThat(CrdRefusal.isRefusal(new KubernetesClientException("bad", 400, null))).isTrue();
    assertThat(CrdRefusal.isRefusal(new KubernetesClientException("conflict", 409, null)))
        .isFalse();
    assertThat(CrdRefusal.isRefusal(new KubernetesClientException("unavailable", 503, null)))
        .isFalse();
  }

  private static KubernetesClientException refusal(Status status) {
    return new KubernetesClientException(status);
  }
}
