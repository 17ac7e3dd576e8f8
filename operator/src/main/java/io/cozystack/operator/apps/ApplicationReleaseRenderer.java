package io.cozystack.operator.apps;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ApplicationDefinitionRelease;
import io.cozystack.api.v1alpha1.AppsApi;
import io.cozystack.api.v1alpha1.Placement;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.contracts.definition.ReservedKeys;
import io.cozystack.contracts.definition.SchemaDefaults;
import io.cozystack.operator.computeplane.ComputePlaneCluster;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.flux.HelmReleaseSpec;
import io.cozystack.operator.flux.HelmReleaseSpec.Action;
import io.cozystack.operator.flux.HelmReleaseSpec.ChartRef;
import io.cozystack.operator.flux.HelmReleaseSpec.KubeConfig;
import io.cozystack.operator.flux.HelmReleaseSpec.SecretKeyReference;
import io.cozystack.operator.flux.HelmReleaseSpec.Strategy;
import io.cozystack.operator.flux.HelmReleaseSpec.WaitStrategyRef;
import io.cozystack.operator.packages.GoDuration;
import io.cozystack.operator.packages.HelmReleaseRenderer;
import io.cozystack.operator.packages.Ownership;
import io.cozystack.operator.packages.ReleaseSettings;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The HelmRelease of one application instance, as cozystack-api renders it: {@code <prefix><name>}
 * in the instance's namespace, the definition's chart, the instance spec as values (never a
 * top-level key starting with {@code _}: those are the platform's).
 */
public final class ApplicationReleaseRenderer {
  /** Prefix Cozystack gives an instance's own labels on its release. */
  public static final String USER_LABEL_PREFIX = "apps.cozystack.io-";

  /**
   * Where a {@code placement: ComputePlane} release is installed: the cluster of the instance's own
   * namespace's ComputePlane, into a namespace of the same name there (created on install), under
   * the same release name, with Helm's release storage beside it, so nothing of the release is on
   * the management cluster.
   */
  static final KubeConfig COMPUTE_PLANE_KUBECONFIG =
      new KubeConfig(
          new SecretKeyReference(
              ComputePlaneCluster.KUBECONFIG_SECRET, ComputePlaneCluster.KUBECONFIG_KEY));

  private ApplicationReleaseRenderer() {}

  public static String releaseName(ApplicationDefinition definition, String instance) {
    return definition.getSpec().release().prefix() + instance;
  }

  /**
   * The release of {@code instance}; its values are the instance spec with the definition's
   * defaults applied ({@code valuesSchema} is the definition's parsed values schema) and reserved
   * keys dropped.
   */
  public static HelmRelease render(
      ApplicationDefinition definition,
      JsonNode valuesSchema,
      GenericKubernetesResource instance,
      ReleaseSettings settings,
      ValuesTransport transport) {
    ApplicationDefinitionRelease release = definition.getSpec().release();
    String name = instance.getMetadata().getName();
    Map<String, String> labels = new LinkedHashMap<>();
    if (release.labels() != null) {
      labels.putAll(release.labels());
    }
    if (instance.getMetadata().getLabels() != null) {
      instance.getMetadata().getLabels().forEach((k, v) -> labels.put(USER_LABEL_PREFIX + k, v));
    }
    labels.put(AppsApi.KIND_LABEL, definition.getSpec().application().kind());
    labels.put(AppsApi.GROUP_LABEL, AppsApi.GROUP);
    labels.put(AppsApi.NAME_LABEL, name);
    HelmRelease result = new HelmRelease();
    result.setMetadata(
        new ObjectMetaBuilder()
            .withName(releaseName(definition, name))
            .withNamespace(instance.getMetadata().getNamespace())
            .withLabels(labels)
            .withOwnerReferences(Ownership.controllerReference(instance))
            .build());
    result.setSpec(spec(definition, valuesSchema, instance, settings, transport));
    return result;
  }

  private static HelmReleaseSpec spec(
      ApplicationDefinition definition,
      JsonNode valuesSchema,
      GenericKubernetesResource instance,
      ReleaseSettings settings,
      ValuesTransport transport) {
    ApplicationDefinitionRelease release = definition.getSpec().release();
    Map<String, String> annotations =
        definition.getMetadata().getAnnotations() == null
            ? Map.of()
            : definition.getMetadata().getAnnotations();
    String installTimeout =
        GoDuration.canonical(
            annotations.getOrDefault(AppsApi.INSTALL_TIMEOUT, settings.installTimeout()));
    String upgradeTimeout =
        GoDuration.canonical(
            annotations.getOrDefault(
                AppsApi.UPGRADE_TIMEOUT,
                annotations.getOrDefault(AppsApi.INSTALL_TIMEOUT, settings.upgradeTimeout())));
    boolean disableWait = "true".equalsIgnoreCase(annotations.get(AppsApi.DISABLE_WAIT));
    Strategy strategy = new Strategy("RetryOnFailure", settings.retryInterval());
    boolean healthChecks =
        !disableWait && release.healthCheckExprs() != null && !release.healthCheckExprs().isEmpty();
    String wait =
        release.waitStrategy() != null
            ? release.waitStrategy().name().toLowerCase(Locale.ROOT)
            : healthChecks ? "poller" : null;
    var chart = release.chartRef();
    boolean remote = Placement.of(definition.getSpec()) == Placement.COMPUTE_PLANE;
    HelmReleaseSpec spec =
        new HelmReleaseSpec(
            settings.interval(),
            settings.maxHistory(),
            new ChartRef(chart.kind().name(), chart.name(), chart.namespace()),
            new Action(
                installTimeout,
                strategy,
                null,
                disableWait ? Boolean.TRUE : null,
                remote ? Boolean.TRUE : null),
            new Action(upgradeTimeout, strategy, null, disableWait ? Boolean.TRUE : null),
            healthChecks ? release.healthCheckExprs() : null,
            wait == null ? null : new WaitStrategyRef(wait),
            null,
            HelmReleaseRenderer.valuesFrom(transport),
            values(valuesSchema, instance).values(),
            null);
    // With a targetNamespace Flux would name the release <namespace>-<name>; the chart sees the
    // same release name wherever it is installed.
    return remote
        ? spec.remote(
            COMPUTE_PLANE_KUBECONFIG,
            instance.getMetadata().getNamespace(),
            releaseName(definition, instance.getMetadata().getName()))
        : spec;
  }

  /**
   * The release's values: the instance spec with the definition's defaults, without the reserved
   * keys ({@link ReservedKeys}), whatever the served schema let through; and the keys dropped.
   */
  static ReservedKeys.Stripped values(JsonNode valuesSchema, GenericKubernetesResource instance) {
    Object spec = instance.getAdditionalProperties().get("spec");
    return ReservedKeys.strip(
        SchemaDefaults.apply(
            valuesSchema, spec == null ? null : Serialization.jsonMapper().valueToTree(spec)));
  }
}
