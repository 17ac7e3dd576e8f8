package io.cozystack.operator.backups.credentials;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;

/**
 * Projects the platform's bucket credentials into a namespace (Cozystack §3.5): reads the source
 * Secret (never cached), and writes the target Secret, labelled as the platform's, unless a Secret
 * of that name exists that is not the platform's (it is never overwritten).
 */
public final class CredentialsProjector {
  public static final String MANAGED_BY = "apps.cozystack.io/managed-by";
  public static final String MANAGED_BY_VALUE = "cozystack-backups";

  /** What a projection came to. */
  public sealed interface Outcome {}

  /** The namespace has the current credentials (or projection is off). */
  public record Projected() implements Outcome {}

  /** Not yet: the source is missing or unreadable; a change of the source retries. */
  public record Pending(String message) implements Outcome {}

  /** Never, as configured: the source is malformed or the target is someone else's. */
  public record Refused(String reason, String message) implements Outcome {}

  private final KubernetesClient client;
  private final CredentialsSettings settings;

  public CredentialsProjector(KubernetesClient client, CredentialsSettings settings) {
    this.client = client;
    this.settings = settings;
  }

  public CredentialsSettings settings() {
    return settings;
  }

  public Outcome project(String namespace) {
    if (!settings.enabled()) {
      return new Projected();
    }
    String source = settings.sourceNamespace() + "/" + settings.sourceName();
    Secret secret;
    try {
      secret =
          client
              .secrets()
              .inNamespace(settings.sourceNamespace())
              .withName(settings.sourceName())
              .get();
    } catch (KubernetesClientException e) {
      return new Pending(
          "cannot read the backup credentials Secret " + source + ": " + e.getMessage());
    }
    if (secret == null) {
      return new Pending("the backup credentials Secret " + source + " does not exist yet");
    }
    BucketCredentials credentials;
    try {
      credentials = BucketCredentials.parse(secret.getData(), settings);
    } catch (BucketCredentials.MalformedException e) {
      return new Refused("CredentialsMalformed", source + ": " + e.getMessage());
    }
    return write(namespace, credentials.projected(settings.forcePathStyle()));
  }

  private Outcome write(String namespace, Map<String, String> plain) {
    var target = client.secrets().inNamespace(namespace).withName(settings.targetName());
    Secret existing = target.get();
    if (existing != null && !managed(existing)) {
      return new Refused(
          "CredentialsTargetNotOwned",
          "Secret "
              + namespace
              + "/"
              + settings.targetName()
              + " exists and is not the platform's (label "
              + MANAGED_BY
              + "="
              + MANAGED_BY_VALUE
              + "); the platform never overwrites it: rename it, or add the label to hand it over");
    }
    Map<String, String> data = encode(plain);
    if (existing != null && data.equals(existing.getData())) {
      return new Projected();
    }
    Secret desired =
        new SecretBuilder()
            .withMetadata(
                new ObjectMetaBuilder()
                    .withName(settings.targetName())
                    .withNamespace(namespace)
                    .withLabels(Map.of(MANAGED_BY, MANAGED_BY_VALUE))
                    .build())
            .withType("Opaque")
            .withData(data)
            .build();
    client
        .resource(desired)
        .fieldManager("cozystack-backup-credentials")
        .forceConflicts()
        .serverSideApply();
    return new Projected();
  }

  private static boolean managed(Secret secret) {
    Map<String, String> labels = secret.getMetadata().getLabels();
    return labels != null && MANAGED_BY_VALUE.equals(labels.get(MANAGED_BY));
  }

  private static Map<String, String> encode(Map<String, String> plain) {
    Map<String, String> data = new TreeMap<>();
    plain.forEach(
        (k, v) ->
            data.put(k, Base64.getEncoder().encodeToString(v.getBytes(StandardCharsets.UTF_8))));
    return data;
  }
}
