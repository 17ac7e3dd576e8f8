package io.cozystack.operator.values;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.ClusterValuesSpec;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A namespace that is neither a tenant's nor a system namespace never gets values: an application
 * instance there is told so (missing, for a person to act on), while a Package, which makes its
 * namespaces system namespaces itself, still waits for the projection.
 */
class UncoveredNamespacesTest {
  private static final ClusterValuesSpec SPEC =
      Serialization.unmarshal("{\"rootHost\": \"example.org\"}", ClusterValuesSpec.class);

  @Test
  void thePlanNamesEveryExistingNamespaceThatGetsNoValues() {
    ProjectionPlan.Plan plan =
        ProjectionPlan.plan(
            SPEC,
            null,
            List.of(
                namespace("tenant-root", Map.of()),
                namespace("cozy-system", Map.of()),
                namespace("cozy-cilium", Map.of(ProjectionPlan.SYSTEM_LABEL, "true")),
                namespace("default", Map.of()),
                namespace("kube-system", Map.of())),
            List.of());

    assertThat(plan.targets()).containsOnlyKeys("tenant-root", "cozy-system", "cozy-cilium");
    assertThat(plan.uncovered()).containsExactly("default", "kube-system");
  }

  @Test
  void anInstanceInAnUncoveredNamespaceIsMissingValuesAndAPackageWaits() {
    ValuesBoard board = new ValuesBoard();
    board.transport(ValuesTransport.ConfigMap);
    board.uncovered(Set.of("default"));
    AtomicInteger woken = new AtomicInteger();

    ValuesCheck instance =
        board.checkInstance(
            "default",
            List.of(),
            ValuesTransport.ConfigMap,
            ValuesTransport.ConfigMap,
            woken::incrementAndGet);
    ValuesCheck pkg =
        board.check(
            "default", List.of(), ValuesTransport.ConfigMap, ValuesTransport.ConfigMap, () -> {});

    assertThat(instance.state()).isEqualTo(ValuesCheck.State.MISSING);
    assertThat(instance.message())
        .contains("namespace default is neither a tenant's namespace nor a system namespace")
        .contains("create the instance in a tenant's namespace");
    assertThat(pkg.state()).isNotEqualTo(ValuesCheck.State.MISSING);
    assertThat(pkg.ready()).isFalse();

    board.uncovered(Set.of());
    assertThat(woken).as("the instance is woken when its namespace becomes covered").hasValue(1);
  }

  @Test
  void systemValuesAreWithdrawnWhereTheNamespaceIsNoLongerATargetAndTenantValuesNever() {
    ProjectionPlan.Plan plan =
        ProjectionPlan.plan(
            SPEC,
            null,
            List.of(
                namespace("cozy-cilium", Map.of(ProjectionPlan.SYSTEM_LABEL, "true")),
                namespace("cozy-left", Map.of())),
            List.of());
    String system = "_cluster:\n  root-host: example.org\n";
    String tenant = system + "_namespace:\n  host: acme.example.org\n";

    assertThat(ProjectionPlan.withdrawn(plan, "cozy-left", system)).isTrue();
    assertThat(ProjectionPlan.withdrawn(plan, "cozy-cilium", system))
        .as("still a target")
        .isFalse();
    assertThat(ProjectionPlan.withdrawn(plan, "tenant-acme", tenant))
        .as("tenant values wait for their Tenant, whose informer may lag")
        .isFalse();
  }

  @Test
  void aReleaseRenderedWithAnOutdatedPlatformTransportWaitsToBeRenderedAgain() {
    ValuesBoard board = new ValuesBoard();
    board.carried("cozy-x", ValuesDocument.of(Map.of("root-host", "a.org"), null), true, true);
    board.transport(ValuesTransport.Secret);

    ValuesCheck unknownAtRender =
        board.check("cozy-x", List.of(), ValuesTransport.ConfigMap, null, () -> {});
    ValuesCheck flipped =
        board.check(
            "cozy-x", List.of(), ValuesTransport.ConfigMap, ValuesTransport.ConfigMap, () -> {});
    ValuesCheck current =
        board.check("cozy-x", List.of(), ValuesTransport.Secret, ValuesTransport.Secret, () -> {});

    assertThat(unknownAtRender.ready())
        .as("rendered before any transport was known: by the ConfigMap default")
        .isFalse();
    assertThat(flipped.ready()).isFalse();
    assertThat(flipped.message()).contains("transport is now Secret");
    assertThat(current.ready()).isTrue();
  }

  private static Namespace namespace(String name, Map<String, String> labels) {
    return new NamespaceBuilder()
        .withNewMetadata()
        .withName(name)
        .withLabels(labels)
        .endMetadata()
        .build();
  }
}
