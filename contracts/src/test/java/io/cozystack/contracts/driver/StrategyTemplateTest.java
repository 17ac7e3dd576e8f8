package io.cozystack.contracts.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;

/** Strategy templates: references rendered, everything else refused with the field named. */
class StrategyTemplateTest {
  private static final JsonNode CONTEXT =
      json(
          "{\"Release\":{\"Name\":\"pg\",\"Namespace\":\"tenant-a\"},\"Mode\":\"backup\","
              + "\"Parameters\":{\"bucket\":\"b1\"},\"Application\":{\"spec\":{\"replicas\":2}}}");

  @Test
  void everyStringLeafIsRendered() throws Exception {
    JsonNode rendered =
        StrategyTemplate.render(
            json(
                "{\"spec\":{\"containers\":[{\"args\":[\"{{ .Mode }}\",\"s3://{{.Parameters.bucket}}/{{ .Release.Namespace }}/{{ .Release.Name }}\",\"{{ .Application.spec.replicas }}\"]}]}}"),
            CONTEXT);

    assertThat(rendered.at("/spec/containers/0/args/0").asText()).isEqualTo("backup");
    assertThat(rendered.at("/spec/containers/0/args/1").asText()).isEqualTo("s3://b1/tenant-a/pg");
    assertThat(rendered.at("/spec/containers/0/args/2").asText()).isEqualTo("2");
  }

  @Test
  void anUnsupportedExpressionOrAMissingReferenceIsAnErrorNamingTheField() {
    assertThatThrownBy(
            () ->
                StrategyTemplate.render(
                    json("{\"spec\":{\"image\":\"{{ include \\\"x\\\" . }}\"}}"), CONTEXT))
        .hasMessageContaining("template.spec.image")
        .hasMessageContaining("unsupported template expression");
    assertThatThrownBy(
            () -> StrategyTemplate.render(json("{\"a\":[\"{{ .Parameters.region }}\"]}"), CONTEXT))
        .hasMessageContaining("template.a[0]")
        .hasMessageContaining(".Parameters.region refers to nothing");
  }

  private static JsonNode json(String text) {
    try {
      return Serialization.jsonMapper().readTree(text);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }
}
