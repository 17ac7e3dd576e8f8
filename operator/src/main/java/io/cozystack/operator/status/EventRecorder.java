package io.cozystack.operator.status;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records Kubernetes Events on the objects the operator manages, for changes a person should notice
 * ({@code kubectl describe}). Events of cluster-scoped objects go to the {@code default} namespace,
 * as kubectl expects. A failure to record never fails a reconcile.
 */
public final class EventRecorder {
  public static final String COMPONENT = "cozy-operator";
  private static final Logger LOG = LoggerFactory.getLogger(EventRecorder.class);

  private final KubernetesClient client;
  private final Clock clock;

  public EventRecorder(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
  }

  public void normal(HasMetadata object, String reason, String message) {
    record(object, "Normal", reason, message);
  }

  public void warning(HasMetadata object, String reason, String message) {
    record(object, "Warning", reason, message);
  }

  private void record(HasMetadata object, String type, String reason, String message) {
    String namespace =
        object.getMetadata().getNamespace() == null
            ? "default"
            : object.getMetadata().getNamespace();
    String now = clock.instant().truncatedTo(ChronoUnit.SECONDS).toString();
    Event event =
        new EventBuilder()
            .withNewMetadata()
            .withGenerateName(object.getMetadata().getName() + ".")
            .withNamespace(namespace)
            .endMetadata()
            .withNewInvolvedObject()
            .withApiVersion(object.getApiVersion())
            .withKind(object.getKind())
            .withName(object.getMetadata().getName())
            .withNamespace(object.getMetadata().getNamespace())
            .withUid(object.getMetadata().getUid())
            .endInvolvedObject()
            .withType(type)
            .withReason(reason)
            .withMessage(message.length() > 1024 ? message.substring(0, 1021) + "..." : message)
            .withNewSource()
            .withComponent(COMPONENT)
            .endSource()
            .withReportingComponent(COMPONENT)
            .withFirstTimestamp(now)
            .withLastTimestamp(now)
            .withCount(1)
            .build();
    try {
      client.v1().events().inNamespace(namespace).resource(event).create();
    } catch (KubernetesClientException e) {
      LOG.warn(
          "Could not record event {} on {} {}: {}",
          reason,
          object.getKind(),
          object.getMetadata().getName(),
          e.getMessage());
    }
  }
}
