package io.cozystack.operator.values;

import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.api.values.ValuesKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the projection has put in each namespace, as consumers need to know it before they create a
 * HelmRelease that reads {@code cozystack-values}. Written only by the projection reconciler; read
 * by the Package and application controllers, which register a wake-up for a namespace they wait
 * on.
 */
public final class ValuesBoard {
  /** A namespace's current document and which transports carry it. */
  record Carried(ValuesDocument document, boolean configMap, boolean secret) {}

  private final Map<String, Carried> carried = new ConcurrentHashMap<>();
  private final Map<String, String> lagging = new ConcurrentHashMap<>();
  private final Map<String, String> misplaced = new ConcurrentHashMap<>();
  private final Set<String> uncovered = ConcurrentHashMap.newKeySet();
  private final Map<String, List<Runnable>> waiters = new ConcurrentHashMap<>();
  private volatile ValuesTransport transport;
  private final List<Runnable> transportListeners =
      new java.util.concurrent.CopyOnWriteArrayList<>();

  /** Calls {@code listener} whenever the platform-wide transport changes (consumers re-render). */
  public void onTransportChange(Runnable listener) {
    transportListeners.add(listener);
  }

  /** The platform-wide transport, or empty while no ClusterValues has been projected. */
  public Optional<ValuesTransport> transport() {
    return Optional.ofNullable(transport);
  }

  /**
   * What a consumer in {@code namespace} that requires {@code required} may do now; when it may not
   * render, {@code wake} is called once the namespace's projection next changes. Checking and
   * registering are one step, so no change slips between them.
   */
  public synchronized ValuesCheck check(
      String namespace,
      List<String> required,
      ValuesTransport wanted,
      ValuesTransport platform,
      Runnable wake) {
    ValuesCheck check = check(namespace, required, wanted, platform);
    if (!check.ready()) {
      waiters
          .computeIfAbsent(namespace, k -> new java.util.concurrent.CopyOnWriteArrayList<>())
          .add(wake);
    }
    return check;
  }

  /**
   * As {@link #check}, for an application instance: a namespace the platform projects nothing into
   * (neither a tenant's nor a system namespace) is missing values until a person moves the
   * instance, since an instance never makes its namespace a system one as a Package does.
   */
  public synchronized ValuesCheck checkInstance(
      String namespace,
      List<String> required,
      ValuesTransport wanted,
      ValuesTransport platform,
      Runnable wake) {
    if (transport != null && uncovered.contains(namespace) && !carried.containsKey(namespace)) {
      waiters
          .computeIfAbsent(namespace, k -> new java.util.concurrent.CopyOnWriteArrayList<>())
          .add(wake);
      return ValuesCheck.missing(
          "namespace "
              + namespace
              + " is neither a tenant's namespace nor a system namespace, so the platform projects"
              + " no values into it; create the instance in a tenant's namespace");
    }
    return check(namespace, required, wanted, platform, wake);
  }

  /**
   * @param platform the platform transport the consumer's release was rendered with: one that is no
   *     longer the platform's (it changed, or became known, since) would write the release by the
   *     wrong transport, so the consumer waits; the transport's listeners render it again
   */
  private ValuesCheck check(
      String namespace, List<String> required, ValuesTransport wanted, ValuesTransport platform) {
    Carried now = carried.get(namespace);
    if (transport == null) {
      return ValuesCheck.waiting(
          "no ClusterValues '"
              + io.cozystack.api.v1alpha1.ClusterValues.NAME
              + "' has been projected yet; create it");
    }
    if (platform != transport) {
      return ValuesCheck.waiting(
          "the platform's values transport is now " + transport + "; rendering again by it");
    }
    if (misplaced.containsKey(namespace) && now == null) {
      return ValuesCheck.missing(misplaced.get(namespace));
    }
    if (now == null || !(wanted == ValuesTransport.Secret ? now.secret() : now.configMap())) {
      String why = lagging.getOrDefault(namespace, "not projected yet");
      return ValuesCheck.waiting(
          wanted + " " + ValuesKeys.OBJECT_NAME + " in namespace " + namespace + ": " + why);
    }
    List<String> missing = new ArrayList<>();
    for (String key : required == null ? List.<String>of() : required) {
      if (now.document().lookup(key).filter(v -> !v.isEmpty()).isEmpty()) {
        missing.add(key);
      }
    }
    return missing.isEmpty()
        ? ValuesCheck.ready(wanted)
        : ValuesCheck.missing(
            "required value(s) "
                + String.join(", ", missing)
                + " missing or empty in namespace "
                + namespace
                + " ("
                + ValuesKeys.OBJECT_NAME
                + "); set them in ClusterValues 'cozystack' or the tenant's spec");
  }

  synchronized void transport(ValuesTransport platform) {
    ValuesTransport before = transport;
    transport = platform;
    if (before != platform) {
      waiters.keySet().forEach(this::wake);
      transportListeners.forEach(Runnable::run);
    }
  }

  synchronized void carried(
      String namespace, ValuesDocument document, boolean configMap, boolean secret) {
    lagging.remove(namespace);
    Carried before = carried.put(namespace, new Carried(document, configMap, secret));
    if (!new Carried(document, configMap, secret).equals(before)) {
      wake(namespace);
    }
  }

  synchronized void lagging(String namespace, String reason) {
    carried.remove(namespace);
    lagging.put(namespace, reason);
  }

  synchronized void forget(String namespace) {
    carried.remove(namespace);
    lagging.remove(namespace);
  }

  /**
   * The namespaces holding a Tenant outside the tenant tree, each with why: none gets tenant
   * values, so a consumer there is told so and waits for a person, not for a projection. A
   * namespace that leaves the set wakes its waiters.
   */
  synchronized void misplaced(Map<String, String> now) {
    List<String> changed = new ArrayList<>();
    misplaced.keySet().stream().filter(ns -> !now.containsKey(ns)).forEach(changed::add);
    now.keySet().stream()
        .filter(ns -> !now.get(ns).equals(misplaced.get(ns)))
        .forEach(changed::add);
    misplaced.clear();
    misplaced.putAll(now);
    changed.forEach(this::wake);
  }

  /** The existing namespaces that get no values at all; one that leaves the set wakes waiters. */
  synchronized void uncovered(Set<String> now) {
    List<String> changed = new ArrayList<>();
    uncovered.stream().filter(ns -> !now.contains(ns)).forEach(changed::add);
    uncovered.clear();
    uncovered.addAll(now);
    changed.forEach(this::wake);
  }

  private void wake(String namespace) {
    List<Runnable> woken = waiters.remove(namespace);
    if (woken != null) {
      woken.forEach(Runnable::run);
    }
  }
}
