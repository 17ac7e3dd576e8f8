package io.cozystack.operator;

import io.cozystack.api.ApiTypes;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import java.util.List;
import java.util.Locale;

/** The table of every controller the operator runs. */
public final class Controllers {

  /** A controller: its name, the kind it reconciles and its reconciler. */
  public record Entry<R extends HasMetadata>(String name, Class<R> type, Reconciler<R> reconciler) {
    public String kind() {
      return HasMetadata.getKind(type);
    }

    public String apiVersion() {
      return HasMetadata.getApiVersion(type);
    }
  }

  private Controllers() {}

  /**
   * Every controller. Kinds whose behaviour is not built yet run an {@link ObservingReconciler}: it
   * keeps an informer on the kind (so a missing CRD fails start-up) and changes nothing.
   */
  public static List<Entry<?>> all() {
    return ApiTypes.ALL.stream().map(Controllers::observing).<Entry<?>>map(e -> e).toList();
  }

  private static <R extends HasMetadata> Entry<R> observing(Class<R> type) {
    String name = HasMetadata.getKind(type).toLowerCase(Locale.ROOT);
    return new Entry<>(name, type, new ObservingReconciler<>(type));
  }
}
