package io.cozystack.operator.values;

import io.cozystack.api.v1alpha1.ClusterValuesStatus.ProjectionState;
import io.cozystack.api.values.ValuesKeys;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

/**
 * Writes one namespace's {@code cozystack-values} ConfigMap (and Secret, while that transport is in
 * use) when what it carries differs from the document: a hand edit or deletion is undone the same
 * way. An object of that name the operator did not write is never touched.
 */
final class ProjectionWriter {
  static final String PROJECTED_LABEL = "values.cozystack.io/projected";
  static final String HASH_ANNOTATION = "values.cozystack.io/hash";
  static final String GENERATION_ANNOTATION = "values.cozystack.io/generation";
  static final String FIELD_MANAGER = "cozystack-values-projection";
  private static final Map<String, String> LABELS =
      Map.of(
          PROJECTED_LABEL,
          "true",
          "reconcile.fluxcd.io/watch",
          "Enabled",
          "app.kubernetes.io/managed-by",
          "cozystack-operator");

  /** What one namespace carries after the write. */
  record Outcome(
      ProjectionPlan.Target target,
      ProjectionState state,
      boolean configMap,
      boolean secret,
      Long generation,
      String message,
      int writes) {}

  private final KubernetesClient client;

  ProjectionWriter(KubernetesClient client) {
    this.client = client;
  }

  Outcome write(
      ProjectionPlan.Target target,
      ConfigMap cachedConfigMap,
      Secret cachedSecret,
      boolean secretWanted,
      long generation) {
    ValuesDocument doc = target.document();
    int writes = 0;
    Long carriedGeneration = generationOf(cachedConfigMap);
    try {
      if (!carries(cachedConfigMap, doc.hash(), configMapText(cachedConfigMap))) {
        if (!apply(configMap(target, generation), cachedConfigMap != null)) {
          return conflict(target, "ConfigMap");
        }
        writes++;
        carriedGeneration = generation;
      }
      boolean secret = secretWanted || cachedSecret != null;
      if (secret && !carries(cachedSecret, doc.hash(), secretText(cachedSecret))) {
        if (!apply(secret(target, generation), cachedSecret != null)) {
          return conflict(target, "Secret");
        }
        writes++;
      }
      return new Outcome(
          target, ProjectionState.Projected, true, secret, carriedGeneration, null, writes);
    } catch (KubernetesClientException e) {
      return new Outcome(
          target,
          ProjectionState.Lagging,
          false,
          false,
          null,
          "write failed (" + e.getCode() + "): " + e.getMessage(),
          writes);
    }
  }

  /** Creates or updates; false when a foreign object of that name is in the way. */
  private boolean apply(HasMetadata desired, boolean ours) {
    if (!ours) {
      try {
        client.resource(desired).create();
        return true;
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 || !isOurs(existing(desired))) {
          if (e.getCode() == 409) {
            return false;
          }
          throw e;
        }
      }
    }
    client.resource(desired).fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply();
    return true;
  }

  private HasMetadata existing(HasMetadata desired) {
    return desired instanceof ConfigMap
        ? client
            .configMaps()
            .inNamespace(desired.getMetadata().getNamespace())
            .withName(ValuesKeys.OBJECT_NAME)
            .get()
        : client
            .secrets()
            .inNamespace(desired.getMetadata().getNamespace())
            .withName(ValuesKeys.OBJECT_NAME)
            .get();
  }

  static boolean isOurs(HasMetadata object) {
    return object != null
        && object.getMetadata().getLabels() != null
        && "true".equals(object.getMetadata().getLabels().get(PROJECTED_LABEL));
  }

  private static Outcome conflict(ProjectionPlan.Target target, String kind) {
    return new Outcome(
        target,
        ProjectionState.Conflict,
        false,
        false,
        null,
        kind
            + " "
            + target.namespace()
            + "/"
            + ValuesKeys.OBJECT_NAME
            + " exists and was not written by the operator; it is left untouched. Remove it, or"
            + " label it "
            + PROJECTED_LABEL
            + "=true to hand it over.",
        0);
  }

  private static boolean carries(HasMetadata cached, String hash, String text) {
    return cached != null
        && hash.equals(annotation(cached.getMetadata(), HASH_ANNOTATION))
        && text != null
        && ValuesDocument.sha256(text).equals(hash);
  }

  static String configMapText(ConfigMap cm) {
    return cm == null || cm.getData() == null ? null : cm.getData().get(ValuesKeys.DATA_KEY);
  }

  static String secretText(Secret secret) {
    if (secret == null || secret.getData() == null) {
      return null;
    }
    String encoded = secret.getData().get(ValuesKeys.DATA_KEY);
    return encoded == null
        ? null
        : new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
  }

  private static Long generationOf(HasMetadata cached) {
    return cached == null
        ? null
        : Optional.ofNullable(annotation(cached.getMetadata(), GENERATION_ANNOTATION))
            .map(Long::valueOf)
            .orElse(null);
  }

  private static String annotation(ObjectMeta meta, String key) {
    return meta.getAnnotations() == null ? null : meta.getAnnotations().get(key);
  }

  private static ObjectMeta metadata(ProjectionPlan.Target target, long generation) {
    return new ObjectMetaBuilder()
        .withName(ValuesKeys.OBJECT_NAME)
        .withNamespace(target.namespace())
        .withLabels(LABELS)
        .withAnnotations(
            Map.of(
                HASH_ANNOTATION,
                target.document().hash(),
                GENERATION_ANNOTATION,
                Long.toString(generation)))
        .build();
  }

  private static ConfigMap configMap(ProjectionPlan.Target target, long generation) {
    return new ConfigMapBuilder()
        .withMetadata(metadata(target, generation))
        .withData(Map.of(ValuesKeys.DATA_KEY, target.document().yaml()))
        .build();
  }

  private static Secret secret(ProjectionPlan.Target target, long generation) {
    return new SecretBuilder()
        .withMetadata(metadata(target, generation))
        .withType("Opaque")
        .withData(
            Map.of(
                ValuesKeys.DATA_KEY,
                Base64.getEncoder()
                    .encodeToString(target.document().yaml().getBytes(StandardCharsets.UTF_8))))
        .build();
  }
}
