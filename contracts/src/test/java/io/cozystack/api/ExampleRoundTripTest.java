package io.cozystack.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.cozystack.api.ExampleManifests.Example;
import io.cozystack.api.v1alpha1.Package;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example manifest survives deserialisation into the Java types and back, field for field.
 */
class ExampleRoundTripTest {
  private static final ObjectMapper MAPPER = Serialization.jsonMapper();

  static List<Example> examples() {
    return ExampleManifests.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void roundTripKeepsEveryField(Example example) throws Exception {
    var type = ExampleManifests.typeOf(example).orElseThrow(() -> unknownKind(example));

    Object typed = MAPPER.treeToValue(example.manifest(), type);

    assertThat(normalised(typed)).isEqualTo(normalised(example.manifest()));
  }

  @Test
  void examplesCoverEveryKind() {
    Set<String> covered =
        examples().stream()
            .map(Example::kind)
            .collect(Collectors.toCollection(java.util.TreeSet::new));
    Set<String> all =
        ApiTypes.ALL.stream()
            .map(io.fabric8.kubernetes.api.model.HasMetadata::getKind)
            .collect(Collectors.toCollection(java.util.TreeSet::new));
    assertThat(covered).containsAll(all);
  }

  @Test
  void aFieldTheTypesDoNotKnowIsRejectedNotDropped() throws Exception {
    JsonNode withUnknown =
        MAPPER.readTree(
            "{\"apiVersion\":\"cozystack.io/v1alpha1\",\"kind\":\"Package\","
                + "\"metadata\":{\"name\":\"p\"},\"spec\":{\"variant\":\"a\",\"notAField\":1}}");

    assertThatThrownBy(() -> MAPPER.treeToValue(withUnknown, Package.class))
        .isInstanceOf(UnrecognizedPropertyException.class)
        .hasMessageContaining("notAField");
  }

  /** Through JSON text, so that numbers compare by value, not by node class (int vs long). */
  private static JsonNode normalised(Object value) throws Exception {
    return MAPPER.readTree(MAPPER.writeValueAsString(value));
  }

  private static IllegalStateException unknownKind(Example example) {
    return new IllegalStateException("no Java type for " + example);
  }
}
