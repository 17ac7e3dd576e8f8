package io.cozystack.contracts.artifact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The oci:// references push accepts, and the messages for those it does not. */
class OciReferenceTest {
  @Test
  void parsesHostPortRepositoryAndTag() {
    OciReference ref = OciReference.parse("oci://127.0.0.1:5000/acme/catalogs/databases:1.0.0");

    assertThat(ref.host()).isEqualTo("127.0.0.1:5000");
    assertThat(ref.repository()).isEqualTo("acme/catalogs/databases");
    assertThat(ref.tag()).isEqualTo("1.0.0");
    assertThat(ref).hasToString("oci://127.0.0.1:5000/acme/catalogs/databases:1.0.0");
    assertThat(OciReference.parse("oci://[::1]:5000/a:b").host()).isEqualTo("[::1]:5000");
  }

  @Test
  void namesWhatIsWrong() {
    assertThatThrownBy(() -> OciReference.parse("ghcr.io/acme/catalog:1"))
        .hasMessageContaining("write oci://<host[:port]>/<repository>:<tag>");
    assertThatThrownBy(() -> OciReference.parse("oci://ghcr.io/acme/catalog"))
        .hasMessageContaining("names no repository and tag");
    assertThatThrownBy(() -> OciReference.parse("oci://ghcr.io/Acme/catalog:1"))
        .hasMessageContaining("'Acme/catalog' is not a valid OCI repository");
    assertThatThrownBy(() -> OciReference.parse("oci://ghcr.io/acme/catalog:-x"))
        .hasMessageContaining("'-x' is not a valid OCI tag");
  }
}
