package io.cozystack.operator.values;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.ClusterValues;
import io.cozystack.api.values.NamespaceValues;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;

/** The typed cluster values rendered as the _cluster map charts read. */
class ClusterValuesRendererTest {

  private static ClusterValues values(String spec) {
    return Serialization.unmarshal(
        "apiVersion: cozystack.io/v1alpha1\nkind: ClusterValues\nmetadata: {name: cozystack}\nspec: "
            + spec,
        ClusterValues.class);
  }

  @Test
  void fieldsBecomeKebabKeysWithListsJoinedAndScalarsAsText() {
    var rendered =
        ClusterValuesRenderer.render(
            values(
                    "{rootHost: example.org, exposeServices: [api, dashboard], gatewayEnabled: true,"
                        + " dns01CloudflareSecretName: cf, branding: {logo: x}}")
                .getSpec(),
            "Q0E=");

    assertThat(rendered.problems()).isEmpty();
    assertThat(rendered.cluster())
        .containsEntry("root-host", "example.org")
        .containsEntry("expose-services", "api,dashboard")
        .containsEntry("gateway-enabled", "true")
        .containsEntry("dns01-cloudflare-secret-name", "cf")
        .containsEntry("kube-root-ca", "Q0E=")
        .doesNotContainKeys("transport", "extensions", "solver");
    assertThat(rendered.cluster().get("branding")).isInstanceOf(java.util.Map.class);
  }

  @Test
  void extensionsAddKeysButCannotShadowATypedOne() {
    var rendered =
        ClusterValuesRenderer.render(
            values("{rootHost: example.org, extensions: {my-key: v, root-host: evil.org}}")
                .getSpec(),
            null);

    assertThat(rendered.cluster())
        .containsEntry("my-key", "v")
        .containsEntry("root-host", "example.org");
    assertThat(rendered.problems())
        .singleElement()
        .satisfies(p -> assertThat(p).contains("spec.extensions.root-host"));
  }

  @Test
  void theDocumentHasTheShapeChartsReadAndAStableHash() {
    var cluster = ClusterValuesRenderer.render(values("{rootHost: example.org}").getSpec(), null);
    NamespaceValues ns =
        new NamespaceValues(
            "foo.example.org",
            "tenant-root",
            "tenant-root",
            "",
            "tenant-root",
            "tenant-foo",
            null,
            "");

    ValuesDocument doc = ValuesDocument.of(cluster.cluster(), ns);
    ValuesDocument again = ValuesDocument.of(cluster.cluster(), ns);

    assertThat(doc.yaml())
        .contains("_cluster:")
        .contains("_namespace:")
        .contains("root-host: \"example.org\"");
    assertThat(doc.hash()).isEqualTo(again.hash()).hasSize(64);
    assertThat(doc.lookup("_namespace.host")).contains("foo.example.org");
    assertThat(doc.lookup("_namespace.gateway")).contains("");
    assertThat(doc.lookup("_cluster.api-server-endpoint")).isEmpty();
  }
}
