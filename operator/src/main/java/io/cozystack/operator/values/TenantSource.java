package io.cozystack.operator.values;

import io.cozystack.api.v1alpha1.ClusterValues;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
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
 * served only once its ApplicationDefinition is installed, so the informer keeps retrying until the
 * kind exists instead of failing the operator's start; until then there are no tenants but
 * tenant-root.
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

  private final KubernetesClient client;
  private volatile SharedIndexInformer<GenericKubernetesResource> informer;

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
    informer = client.genericKubernetesResources(TENANTS).inAnyNamespace().runnableInformer(0);
    informer.addEventHandler(new Wake());
    informer.exceptionHandler((started, error) -> true);
    informer.start();
    super.start();
  }

  @Override
  public void stop() {
    if (informer != null) {
      informer.stop();
    }
    super.stop();
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
