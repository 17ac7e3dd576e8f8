package io.cozystack.e2e;

import io.fabric8.kubernetes.api.model.authentication.TokenRequest;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A kubeconfig that authenticates as a ServiceAccount, with a token from the API server's
 * TokenRequest API: a process run with it has exactly that ServiceAccount's permissions.
 */
final class ServiceAccountKubeconfig {
  private ServiceAccountKubeconfig() {}

  static Path write(
      KubernetesClient client, Path adminKubeconfig, String namespace, String serviceAccount)
      throws IOException {
    TokenRequest request =
        new TokenRequestBuilder().withNewSpec().withExpirationSeconds(3600L).endSpec().build();
    String token =
        client
            .serviceAccounts()
            .inNamespace(namespace)
            .withName(serviceAccount)
            .tokenRequest(request)
            .getStatus()
            .getToken();
    Config admin = Config.fromKubeconfig(Files.readString(adminKubeconfig));
    Path file = Files.createTempFile(serviceAccount + "-sa", ".kubeconfig");
    Files.writeString(
        file,
        """
        apiVersion: v1
        kind: Config
        clusters: [{name: c, cluster: {server: "%s", certificate-authority-data: %s}}]
        users: [{name: sa, user: {token: "%s"}}]
        contexts: [{name: x, context: {cluster: c, user: sa, namespace: %s}}]
        current-context: x
        """
            .formatted(admin.getMasterUrl(), admin.getCaCertData(), token, namespace));
    return file;
  }
}
