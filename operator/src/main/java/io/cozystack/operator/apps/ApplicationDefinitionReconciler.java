package io.cozystack.operator.apps;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ApplicationDefinitionStatus;
import io.cozystack.api.v1alpha1.AppsApi;
import io.cozystack.contracts.definition.ApplicationCrdRenderer;
import io.cozystack.contracts.validation.DefinitionCheck;
import io.cozystack.operator.ReconcileErrors;
import io.cozystack.operator.status.Conditions;
import io.cozystack.operator.status.EventRecorder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ApplicationDefinition → a served kind, at runtime: validates the definition, applies the CRD that
 * serves its kind, and starts (or updates) the controller of its instances once the CRD is
 * established, with the kind's tenant roles ({@link TenantKindRoles}). An invalid or conflicting
 * definition disables its own kind only. Removing a definition stops reconciling its instances and
 * removes its kind's tenant roles, but deletes nothing a tenant runs: the CRD, the instances and
 * their HelmReleases stay.
 */
public final class ApplicationDefinitionReconciler
    implements Reconciler<ApplicationDefinition>, Cleaner<ApplicationDefinition>, AutoCloseable {
  static final String FIELD_MANAGER = "cozystack-applicationdefinition-controller";
  static final String SPEC_HASH = "cozystack.io/definition-hash";
  private static final Logger LOG = LoggerFactory.getLogger(ApplicationDefinitionReconciler.class);

  private final ApplicationKinds kinds;
  private final Clock clock;

  public ApplicationDefinitionReconciler(ApplicationKinds kinds, Clock clock) {
    this.kinds = kinds;
    this.clock = clock;
  }

  @Override
  public UpdateControl<ApplicationDefinition> reconcile(
      ApplicationDefinition definition, Context<ApplicationDefinition> ctx) {
    String name = definition.getMetadata().getName();
    DefinitionCheck.Result check = DefinitionCheck.check(definition);
    if (!check.valid()) {
      kinds.stop(name);
      TenantKindRoles.remove(ctx.getClient(), name);
      return status(
          definition,
          conditions(definition).stalled("InvalidDefinition", String.join("; ", check.problems())),
          false,
          null);
    }
    ApplicationCrdRenderer.Rendered rendered =
        ApplicationCrdRenderer.render(definition, check.schema().get());
    String crdName = rendered.crd().getMetadata().getName();
    CustomResourceDefinition existing =
        ctx.getSecondaryResource(CustomResourceDefinition.class)
            .orElseGet(
                () ->
                    ctx.getClient()
                        .apiextensions()
                        .v1()
                        .customResourceDefinitions()
                        .withName(crdName)
                        .get());
    Optional<String> holder = foreignHolder(existing, name);
    if (holder.isPresent()) {
      kinds.stop(name);
      return status(
          definition,
          conditions(definition)
              .stalled(
                  "KindConflict",
                  "CRD "
                      + crdName
                      + " already exists for "
                      + holder.get()
                      + "; this definition serves nothing until it is renamed or the other is removed"),
          false,
          rendered.extensions());
    }
    CustomResourceDefinition crd;
    try {
      crd = apply(ctx.getClient(), rendered.crd(), existing);
    } catch (KubernetesClientException e) {
      if (!CrdRefusal.isRefusal(e)) {
        throw e;
      }
      return refused(definition, ctx, existing, CrdRefusal.describe(crdName, e), rendered);
    }
    Optional<CustomResourceDefinitionCondition> namesRefused =
        condition(crd, "NamesAccepted").filter(c -> "False".equals(c.getStatus()));
    if (namesRefused.isPresent()) {
      kinds.stop(name);
      return status(
          definition,
          conditions(definition).stalled("KindConflict", namesRefused.get().getMessage()),
          false,
          rendered.extensions());
    }
    if (condition(crd, "Established").filter(c -> "True".equals(c.getStatus())).isEmpty()) {
      return status(
          definition,
          conditions(definition)
              .progressing("WaitingForCRD", "waiting for CRD " + crdName + " to be established"),
          false,
          rendered.extensions());
    }
    kinds.serve(definition, check.schema().get());
    TenantKindRoles.apply(ctx.getClient(), definition);
    String kind = definition.getSpec().application().kind();
    return status(
        definition,
        conditions(definition)
            .ready(
                "Served", "serving " + kind + " (" + AppsApi.API_VERSION + ") from CRD " + crdName),
        true,
        rendered.extensions());
  }

  /**
   * The API server refused the CRD generated from this generation: a bad spec, so Stalled and no
   * retry until the definition changes. A CRD an earlier generation established keeps serving.
   */
  private UpdateControl<ApplicationDefinition> refused(
      ApplicationDefinition definition,
      Context<ApplicationDefinition> ctx,
      CustomResourceDefinition existing,
      String refusal,
      ApplicationCrdRenderer.Rendered rendered) {
    boolean stillServed =
        existing != null
            && condition(existing, "Established")
                .filter(c -> "True".equals(c.getStatus()))
                .isPresent()
            && kinds.serves(definition.getMetadata().getName());
    String message =
        stillServed
            ? refusal + "; instances are still served from the CRD of the previous definition"
            : refusal;
    boolean known =
        Conditions.find(
                definition.getStatus() == null ? null : definition.getStatus().conditions(),
                Conditions.READY)
            .filter(c -> CrdRefusal.REASON.equals(c.reason()) && message.equals(c.message()))
            .isPresent();
    if (!known) {
      LOG.warn("ApplicationDefinition {}: {}", definition.getMetadata().getName(), message);
      new EventRecorder(ctx.getClient(), clock).warning(definition, CrdRefusal.REASON, message);
    }
    return status(
        definition,
        conditions(definition).stalled(CrdRefusal.REASON, message),
        stillServed,
        rendered.extensions());
  }

  /**
   * A transient failure (API server unreachable, conflict) is shown while the framework retries.
   */
  @Override
  public ErrorStatusUpdateControl<ApplicationDefinition> updateErrorStatus(
      ApplicationDefinition definition, Context<ApplicationDefinition> ctx, Exception e) {
    ReconcileErrors.announce(ctx, definition, e);
    String message = ReconcileErrors.retrying(ctx, e);
    UpdateControl<ApplicationDefinition> update =
        status(
            definition,
            conditions(definition).waiting("ReconcileError", message),
            definition.getStatus() != null && Boolean.TRUE.equals(definition.getStatus().served()),
            null);
    return update.isPatchStatus()
        ? ErrorStatusUpdateControl.patchStatus(update.getResource().orElseThrow())
        : ErrorStatusUpdateControl.defaultErrorProcessing();
  }

  @Override
  public DeleteControl cleanup(
      ApplicationDefinition definition, Context<ApplicationDefinition> ctx) {
    LOG.info(
        "ApplicationDefinition {} removed: its instances are no longer reconciled; the CRD, the instances and their HelmReleases are kept",
        definition.getMetadata().getName());
    kinds.stop(definition.getMetadata().getName());
    TenantKindRoles.remove(ctx.getClient(), definition.getMetadata().getName());
    return DeleteControl.defaultDelete();
  }

  /** Stops every served kind's controller (the operator is stopping). */
  @Override
  public void close() {
    kinds.close();
  }

  private static Optional<String> foreignHolder(
      CustomResourceDefinition existing, String definition) {
    if (existing == null) {
      return Optional.empty();
    }
    Map<String, String> labels = existing.getMetadata().getLabels();
    String owner = labels == null ? null : labels.get(AppsApi.DEFINITION_LABEL);
    if (definition.equals(owner)) {
      return Optional.empty();
    }
    return Optional.of(
        owner == null
            ? "a CRD not generated from any ApplicationDefinition"
            : "ApplicationDefinition " + owner);
  }

  /** Applies the CRD unless the one in the cluster was generated from the same content. */
  private CustomResourceDefinition apply(
      KubernetesClient client,
      CustomResourceDefinition desired,
      CustomResourceDefinition existing) {
    String hash = sha256(Serialization.asJson(desired.getSpec()));
    if (existing != null
        && existing.getMetadata().getAnnotations() != null
        && hash.equals(existing.getMetadata().getAnnotations().get(SPEC_HASH))) {
      return existing;
    }
    desired.getMetadata().setAnnotations(Map.of(SPEC_HASH, hash));
    LOG.info("Applying CRD {}", desired.getMetadata().getName());
    return client.resource(desired).fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply();
  }

  private static String sha256(String text) {
    try {
      byte[] digest =
          java.security.MessageDigest.getInstance("SHA-256")
              .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(digest);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Optional<CustomResourceDefinitionCondition> condition(
      CustomResourceDefinition crd, String type) {
    return crd.getStatus() == null || crd.getStatus().getConditions() == null
        ? Optional.empty()
        : crd.getStatus().getConditions().stream()
            .filter(c -> type.equals(c.getType()))
            .findFirst();
  }

  private Conditions conditions(ApplicationDefinition definition) {
    return Conditions.from(
        definition.getStatus() == null ? null : definition.getStatus().conditions(),
        Optional.ofNullable(definition.getMetadata().getGeneration()).orElse(0L),
        clock.instant());
  }

  private UpdateControl<ApplicationDefinition> status(
      ApplicationDefinition definition,
      Conditions conditions,
      boolean served,
      Map<String, JsonNode> extensions) {
    ApplicationDefinitionStatus status =
        new ApplicationDefinitionStatus(
            definition.getMetadata().getGeneration(),
            conditions.build(),
            AppsApi.API_VERSION + " " + definition.getSpec().application().kind(),
            ApplicationCrdRenderer.crdName(definition),
            served,
            extensions == null || extensions.isEmpty()
                ? null
                : Serialization.jsonMapper().valueToTree(extensions));
    if (Objects.equals(status, definition.getStatus())) {
      return UpdateControl.noUpdate();
    }
    ApplicationDefinition patch = new ApplicationDefinition();
    patch.setMetadata(new ObjectMetaBuilder().withName(definition.getMetadata().getName()).build());
    patch.setStatus(status);
    return UpdateControl.patchStatus(patch);
  }

  @Override
  public List<EventSource<?, ApplicationDefinition>> prepareEventSources(
      EventSourceContext<ApplicationDefinition> context) {
    var crds =
        InformerEventSourceConfiguration.from(
                CustomResourceDefinition.class, ApplicationDefinition.class)
            .withName("application-crds")
            .withLabelSelector(AppsApi.DEFINITION_LABEL)
            .withSecondaryToPrimaryMapper(
                crd ->
                    Set.of(
                        new ResourceID(
                            crd.getMetadata().getLabels().get(AppsApi.DEFINITION_LABEL))))
            .withPrimaryToSecondaryMapper(
                (ApplicationDefinition ad) ->
                    Set.of(new ResourceID(ApplicationCrdRenderer.crdName(ad))))
            .build();
    return List.of(new InformerEventSource<>(crds, context));
  }
}
