package io.cozystack.operator.backups.credentials;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the credentials in the system namespaces (e.g. Velero's), which need them whether or not a
 * job runs there: projected whenever the source Secret changes (an informer on that one Secret),
 * and retried a minute after a failure. Projection is idempotent, so every replica may run it.
 */
public final class SystemCredentials implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SystemCredentials.class);

  private final CredentialsProjector projector;
  private final ScheduledExecutorService retries =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "backup-credentials-retry");
            t.setDaemon(true);
            return t;
          });
  private SharedIndexInformer<Secret> source;

  public SystemCredentials(CredentialsProjector projector) {
    this.projector = projector;
  }

  /** Starts watching the source, if projection is on and any system namespace is named. */
  public void start(KubernetesClient client) {
    CredentialsSettings s = projector.settings();
    if (!s.enabled() || s.systemNamespaces().isEmpty()) {
      return;
    }
    source =
        client
            .secrets()
            .inNamespace(s.sourceNamespace())
            .withField("metadata.name", s.sourceName())
            .inform(
                new ResourceEventHandler<>() {
                  @Override
                  public void onAdd(Secret obj) {
                    projectAll();
                  }

                  @Override
                  public void onUpdate(Secret oldObj, Secret newObj) {
                    projectAll();
                  }

                  @Override
                  public void onDelete(Secret obj, boolean deletedFinalStateUnknown) {}
                });
  }

  private void projectAll() {
    boolean failed = false;
    for (String namespace : projector.settings().systemNamespaces()) {
      try {
        CredentialsProjector.Outcome outcome = projector.project(namespace);
        if (!(outcome instanceof CredentialsProjector.Projected)) {
          LOG.warn("backup credentials not projected into {}: {}", namespace, outcome);
          failed = true;
        }
      } catch (RuntimeException e) {
        LOG.warn("backup credentials not projected into {}: {}", namespace, e.getMessage());
        failed = true;
      }
    }
    if (failed) {
      retries.schedule(this::projectAll, 1, TimeUnit.MINUTES);
    }
  }

  @Override
  public void close() {
    retries.shutdownNow();
    if (source != null) {
      source.close();
    }
  }
}
