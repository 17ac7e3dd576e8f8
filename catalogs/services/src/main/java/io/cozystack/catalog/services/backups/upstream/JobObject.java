package io.cozystack.catalog.services.backups.upstream;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Map;

/**
 * An upstream operator's object a driver creates for one job: named after the job with a random
 * suffix ({@code generateName}), so a retried job never collides with its earlier attempt, and
 * labelled with the job's owner labels, by which the driver finds it again and cleans it up.
 */
public final class JobObject {
  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private JobObject() {}

  public static GenericKubernetesResource of(
      String apiVersion,
      String kind,
      String job,
      String namespace,
      Map<String, String> ownerLabels,
      ObjectNode spec) {
    GenericKubernetesResource object = new GenericKubernetesResource();
    object.setApiVersion(apiVersion);
    object.setKind(kind);
    object.setMetadata(
        new ObjectMetaBuilder()
            .withGenerateName(job + "-")
            .withNamespace(namespace)
            .withLabels(Map.copyOf(ownerLabels))
            .build());
    object.setAdditionalProperty("spec", Serialization.jsonMapper().convertValue(spec, MAP));
    return object;
  }
}
