package io.cozystack.operator.values;

import io.cozystack.api.v1alpha1.ClusterValues;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.javaoperatorsdk.operator.health.Status;
import io.javaoperatorsdk.operator.processing.event.Event;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.AbstractEventSource;
import java.util.List;
import java.util.Set;

/**
 * The Tenant objects (the tenant tree) as an event source of the projection. The Tenant kind is
 * served only once its ApplicationDefinition is installed, so the Tenant informer starts when the
 * kind's CRD appears (and stops if it goes), rather than failing the operator's start or retrying a
 * list that cannot succeed; until then there are no tenants but tenant-root.
 */
final class TenantSource extends AbstractEventSource<GenericKubernetesResource, ClusterValues> {
  static final ResourceDefinitionContext TENANTS =
      new ResourceDefinitionContext.Builder()
          .withGroup("apps.cozystack.io")
          .withVersion("v1alpha1")
          .withKind("Tenant")
          .withPlural("tenants")
          .withNamespaced(true)
          .build();

  static final String TENANTS_CRD = "tenants.apps.cozystack.io";
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TenantSource.class);

  private final KubernetesClient client;
  private volatile SharedIndexInformer<GenericKubernetesResource> informer;
  private SharedIndexInformer<CustomResourceDefinition> kind;

  TenantSource(KubernetesClient client) {
    super(GenericKubernetesResource.class, "tenants");
    this.client = client;
  }

  List<GenericKubernetesResource> tenants() {
    return informer == null ? List.of() : informer.getStore().list();
  }

  @Override
  public Set<GenericKubernetesResource> getSecondaryResources(ClusterValues primary) {
    return Set.copyOf(tenants());
  }

  @Override
  public void start() {
    super.start();
    kind =
        client
            .apiextensions()
            .v1()
            .customResourceDefinitions()
            .withName(TENANTS_CRD)
            .inform(new KindWatch(), 0);
    if (kind.getStore().list().isEmpty()) {
      LOG.info(
          "The Tenant kind is not served yet; tenant values wait for its ApplicationDefinition");
    }
  }

  @Override
  public void stop() {
    if (kind != null) {
      kind.stop();
    }
    stopTenants();
    super.stop();
  }

  private synchronized void startTenants() {
    if (informer != null) {
      return;
    }
    LOG.info("The Tenant kind is served; watching tenants");
    informer = client.genericKubernetesResources(TENANTS).inAnyNamespace().runnableInformer(0);
    informer.addEventHandler(new Wake());
    // The CRD may exist a moment before the kind is served: retry instead of giving up.
    informer.exceptionHandler((started, error) -> true);
    informer.start();
  }

  private synchronized void stopTenants() {
    if (informer != null) {
      informer.stop();
      informer = null;
    }
  }

  /** Starts the Tenant informer when the kind's CRD exists, stops it when the CRD goes. */
  private final class KindWatch implements ResourceEventHandler<CustomResourceDefinition> {
    @Override
    public void onAdd(CustomResourceDefinition crd) {
      startTenants();
    }

    @Override
    public void onUpdate(CustomResourceDefinition before, CustomResourceDefinition crd) {
      startTenants();
    }

    @Override
    public void onDelete(CustomResourceDefinition crd, boolean unknownFinalState) {
      stopTenants();
      if (isRunning()) {
        getEventHandler().handleEvent(new Event(new ResourceID(ClusterValues.NAME)));
      }
    }
  }

  @Override
  public Status getStatus() {
    return Status.HEALTHY;
  }

  private final class Wake implements ResourceEventHandler<GenericKubernetesResource> {
    @Override
    public void onAdd(GenericKubernetesResource tenant) {
      wake();
    }

    @Override
    public void onUpdate(GenericKubernetesResource before, GenericKubernetesResource tenant) {
      if (!java.util.Objects.equals(
          before.getAdditionalProperties().get("spec"),
          tenant.getAdditionalProperties().get("spec"))) {
        wake();
      }
    }

    @Override
    public void onDelete(GenericKubernetesResource tenant, boolean unknownFinalState) {
      wake();
    }

    private void wake() {
      if (isRunning()) {
        getEventHandler().handleEvent(new Event(new ResourceID(ClusterValues.NAME)));
      }
    }
  }
}
