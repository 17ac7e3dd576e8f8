package io.cozystack.catalog.virtualization.backups.velero;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;

class RestoreOptionsTest {
  static RestoreOptions parse(String json) throws Exception {
    return RestoreOptions.parse(Serialization.jsonMapper().readTree(json));
  }

  @Test
  void noOptionsIsAnInPlaceRestoreThatFailsIfTheTargetExists() throws Exception {
    RestoreOptions options = parse("{}");

    assertThat(options.targetNamespace()).isNull();
    assertThat(options.failIfTargetExists()).isTrue();
    assertThat(options.copyTo("tenant-a")).isEmpty();
  }

  @Test
  void anotherTargetNamespaceIsACopyRestore() throws Exception {
    RestoreOptions options =
        parse("{\"targetNamespace\":\"tenant-b\",\"failIfTargetExists\":false,\"other\":1}");

    assertThat(options.failIfTargetExists()).isFalse();
    assertThat(options.copyTo("tenant-a")).contains("tenant-b");
    assertThat(options.copyTo("tenant-b")).isEmpty();
    assertThat(parse("{\"targetNamespace\":\"\"}").copyTo("tenant-a")).isEmpty();
  }

  @Test
  void optionsOfTheWrongTypeAreRefusedNamingTheOption() {
    assertThatThrownBy(() -> parse("{\"targetNamespace\":3}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("options.targetNamespace");
    assertThatThrownBy(() -> parse("{\"failIfTargetExists\":\"yes\"}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("options.failIfTargetExists");
  }
}
