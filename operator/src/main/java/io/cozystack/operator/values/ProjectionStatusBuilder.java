package io.cozystack.operator.values;

import io.cozystack.api.v1alpha1.ClusterValues;
import io.cozystack.api.v1alpha1.ClusterValuesStatus;
import io.cozystack.api.v1alpha1.ClusterValuesStatus.NamespaceProjection;
import io.cozystack.api.v1alpha1.ClusterValuesStatus.ProjectionState;
import io.cozystack.operator.status.Conditions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The one place ClusterValues status is built: counts, per namespace, and the Ready condition. */
final class ProjectionStatusBuilder {
  private static final int NAMED = 10;

  private ProjectionStatusBuilder() {}

  static ClusterValuesStatus build(
      ClusterValues values,
      ProjectionPlan.Plan plan,
      List<ProjectionWriter.Outcome> outcomes,
      Instant now) {
    List<NamespaceProjection> namespaces =
        outcomes.stream()
            .map(
                o ->
                    new NamespaceProjection(
                        o.target().namespace(),
                        o.target().role(),
                        o.state() == ProjectionState.Projected
                            ? o.target().document().hash()
                            : null,
                        o.generation(),
                        o.state(),
                        o.message()))
            .toList();
    List<String> lagging =
        namespaces.stream()
            .filter(n -> n.state() != ProjectionState.Projected)
            .map(n -> n.namespace() + " (" + n.message() + ")")
            .toList();
    int projected = namespaces.size() - lagging.size();
    Conditions conditions =
        Conditions.from(
            values.getStatus() == null ? null : values.getStatus().conditions(),
            Optional.ofNullable(values.getMetadata().getGeneration()).orElse(0L),
            now);
    String counts = projected + "/" + namespaces.size() + " namespaces carry their values";
    if (!plan.problems().isEmpty()) {
      conditions.stalled("InvalidValues", String.join("; ", plan.problems()) + "; " + counts);
    } else if (!lagging.isEmpty()) {
      conditions.waiting("PartialProjection", counts + "; lagging: " + names(lagging));
    } else {
      String awaiting =
          plan.awaitingNamespace().isEmpty()
              ? ""
              : "; " + plan.awaitingNamespace().size() + " tenant(s) wait for their namespace";
      conditions.ready("Projected", counts + awaiting);
    }
    return new ClusterValuesStatus(
        values.getMetadata().getGeneration(),
        conditions.build(),
        projected,
        namespaces.size(),
        namespaces);
  }

  private static String names(List<String> lagging) {
    List<String> shown = new ArrayList<>(lagging.subList(0, Math.min(NAMED, lagging.size())));
    if (lagging.size() > NAMED) {
      shown.add("and " + (lagging.size() - NAMED) + " more");
    }
    return String.join(", ", shown);
  }
}
