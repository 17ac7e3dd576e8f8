package io.cozystack.operator.flux;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.meta.HealthCheckExpr;
import java.util.List;

/** The fields of {@code HelmRelease.spec} the operator sets. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record HelmReleaseSpec(
    String interval,
    Integer maxHistory,
    ChartRef chartRef,
    Action install,
    Action upgrade,
    List<HealthCheckExpr> healthCheckExprs,
    WaitStrategyRef waitStrategy,
    List<DependsOn> dependsOn,
    List<ValuesReference> valuesFrom,
    JsonNode values,
    Boolean suspend,
    String serviceAccountName,
    String storageNamespace,
    KubeConfig kubeConfig,
    String targetNamespace,
    String releaseName) {

  /** A release installed into the management cluster with helm-controller's own rights. */
  public HelmReleaseSpec(
      String interval,
      Integer maxHistory,
      ChartRef chartRef,
      Action install,
      Action upgrade,
      List<HealthCheckExpr> healthCheckExprs,
      WaitStrategyRef waitStrategy,
      List<DependsOn> dependsOn,
      List<ValuesReference> valuesFrom,
      JsonNode values,
      Boolean suspend) {
    this(
        interval,
        maxHistory,
        chartRef,
        install,
        upgrade,
        healthCheckExprs,
        waitStrategy,
        dependsOn,
        valuesFrom,
        values,
        suspend,
        null,
        null,
        null,
        null,
        null);
  }

  /**
   * This spec applied as {@code serviceAccountName} (helm-controller impersonates it in the
   * release's namespace), its Helm history kept in {@code storageNamespace} (null: the release's).
   */
  public HelmReleaseSpec boundTo(String serviceAccount, String storage) {
    return with(suspend, serviceAccount, storage, kubeConfig, targetNamespace, releaseName);
  }

  /**
   * This spec installed into another cluster, the one {@code kubeconfig} reaches: into {@code
   * namespace} there (Helm's history beside it) as {@code release}.
   */
  public HelmReleaseSpec remote(KubeConfig kubeconfig, String namespace, String release) {
    return with(suspend, serviceAccountName, namespace, kubeconfig, namespace, release);
  }

  /** This spec with {@code suspend} as given (a field other writers may own). */
  public HelmReleaseSpec withSuspend(Boolean value) {
    return with(
        value, serviceAccountName, storageNamespace, kubeConfig, targetNamespace, releaseName);
  }

  /** This spec's chart, actions, values and dependencies with the other fields as given. */
  private HelmReleaseSpec with(
      Boolean suspended,
      String serviceAccount,
      String storage,
      KubeConfig kubeconfig,
      String target,
      String release) {
    return new HelmReleaseSpec(
        interval,
        maxHistory,
        chartRef,
        install,
        upgrade,
        healthCheckExprs,
        waitStrategy,
        dependsOn,
        valuesFrom,
        values,
        suspended,
        serviceAccount,
        storage,
        kubeconfig,
        target,
        release);
  }

  /** {@code spec.chartRef}. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record ChartRef(String kind, String name, String namespace) {}

  /** {@code spec.install} and {@code spec.upgrade}. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Action(
      String timeout,
      Strategy strategy,
      String crds,
      Boolean disableWait,
      Boolean createNamespace) {
    public Action(String timeout, Strategy strategy, String crds) {
      this(timeout, strategy, crds, null, null);
    }

    public Action(String timeout, Strategy strategy, String crds, Boolean disableWait) {
      this(timeout, strategy, crds, disableWait, null);
    }
  }

  /**
   * {@code spec.kubeConfig}: the release is installed into the cluster the Secret's kubeconfig
   * names, not into the cluster the HelmRelease lives in.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record KubeConfig(SecretKeyReference secretRef) {}

  /** A key of a Secret in the HelmRelease's own namespace. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record SecretKeyReference(String name, String key) {}

  /** {@code spec.install.strategy}. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Strategy(String name, String retryInterval) {}

  /** {@code spec.waitStrategy}. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record WaitStrategyRef(String name) {}

  /** {@code spec.dependsOn[]}. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record DependsOn(String name, String namespace) {}

  /** {@code spec.valuesFrom[]}. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record ValuesReference(
      String kind, String name, String valuesKey, String targetPath, Boolean optional) {}
}
