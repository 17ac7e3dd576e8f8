package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.e2e.CollateralSnapshot.Watched;
import io.cozystack.e2e.HostileCase.Handled;
import io.cozystack.e2e.HostileCase.Ref;
import io.cozystack.e2e.HostileCase.Refused;
import io.cozystack.e2e.HostileCase.Reported;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.FieldValidateable.Validation;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The hostile-input suite: over a hundred manifests of every kind a user can write, each refused by
 * the API server naming the field, reported by the operator on the object with a named reason, or
 * handled harmlessly; none accepted silently, none left without status, and nothing healthy beside
 * them changed. Prints the figures; any silent, status-less or misleading outcome fails.
 */
@ExtendWith(KubernetesExtension.class)
class HostileInputIT {
  private static final String MANAGER = "cozy-e2e-hostile";
  private static final Duration SETTLE = Duration.ofSeconds(90);
  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;
  static final List<GenericKubernetesResource> created = new ArrayList<>();

  /** What became of one case. */
  enum Outcome {
    REFUSED,
    REPORTED,
    HANDLED,
    SILENT,
    NO_STATUS,
    MISLEADING
  }

  record Result(HostileCase hostile, Outcome outcome, boolean expected, String detail) {}

  @BeforeAll
  static void healthyPlatform() throws Exception {
    HostilePlatform.prepare(client, namespace);
    operator = InProcessOperator.start(kubeconfig);
    HostilePlatform.installHealthy(client, namespace);
    created.addAll(HostilePlatform.reservedKeysPolicy(client));
  }

  @AfterAll
  static void removeEverything() {
    try {
      HostilePlatform.remove(client, created);
    } finally {
      if (operator != null) {
        operator.close();
      }
    }
  }

  @Test
  void hostileInputIsRefusedOrReportedAndHarmsNothingHealthy() {
    List<HostileCase> cases =
        Stream.of(HostilePackages.all(), HostileApplications.all(), HostileBackups.all())
            .flatMap(List::stream)
            .toList();
    CollateralSnapshot before = CollateralSnapshot.take(client, HostilePlatform.watched(namespace));
    long started = System.nanoTime();

    Map<HostileCase, Result> results = new LinkedHashMap<>();
    List<HostileCase> accepted = new ArrayList<>();
    Map<String, Long> slowest = new LinkedHashMap<>();
    for (HostileCase hostile : cases) {
      long one = System.nanoTime();
      Result refusal = submit(hostile);
      slowest.put(
          hostile.kind() + " [" + hostile.id() + "]", (System.nanoTime() - one) / 1_000_000);
      if (refusal != null) {
        results.put(hostile, refusal);
      } else {
        accepted.add(hostile);
      }
    }
    double submitted = (System.nanoTime() - started) / 1e9;
    slowest.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(5)
        .forEach(
            e ->
                System.out.println(
                    "[hostile] slowest submit " + e.getValue() + " ms: " + e.getKey()));
    settle(accepted, results);
    double seconds = (System.nanoTime() - started) / 1e9;
    System.out.printf(
        "[hostile] %d submitted in %.1f s (%d accepted), all settled %.1f s after the first%n",
        cases.size(), submitted, accepted.size(), seconds);
    List<String> collateral = before.changes(client);

    List<Result> ordered = cases.stream().map(results::get).toList();
    HostileFigures.print(ordered, before.size(), collateral, seconds);
    assertThat(cases).as("hostile manifests").hasSizeGreaterThanOrEqualTo(100);
    assertThat(ordered.stream().filter(r -> !r.expected()).map(HostileInputIT::line))
        .as("cases that did not end as expected")
        .isEmpty();
    assertThat(collateral).as("healthy objects changed by hostile input").isEmpty();
  }

  @Test
  void aReleaseTheApiServerRefusesIsShownOnItsInstanceWithAWarningEvent() {
    HostilePlatform.refuseReleasesNamed(client, "hxdb-refused");
    try {
      GenericKubernetesResource instance =
          Serialization.unmarshal(
              """
              apiVersion: apps.cozystack.io/v1alpha1
              kind: HxDb
              metadata: {name: refused}
              spec: {size: small}
              """,
              GenericKubernetesResource.class);
      instance.getMetadata().setNamespace(namespace);
      created.add(client.resource(instance).create());

      var ready =
          await()
              .atMost(Duration.ofSeconds(60))
              .until(
                  () ->
                      HostileStatus.condition(
                              client
                                  .genericKubernetesResources(HostileApplications.APPS, "HxDb")
                                  .inNamespace(namespace)
                                  .withName("refused")
                                  .get(),
                              "Ready")
                          .orElse(Map.of()),
                  c -> "ReconcileError".equals(c.get("reason")));
      assertThat(ready.get("status")).isEqualTo("False");
      assertThat((String) ready.get("message"))
          .startsWith("retrying with backoff (attempt ")
          .contains("this cluster's policy refuses HelmReleases named hxdb-refused");
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  client.v1().events().inNamespace(namespace).list().getItems().stream()
                      .anyMatch(
                          e ->
                              "refused".equals(e.getInvolvedObject().getName())
                                  && "Warning".equals(e.getType())
                                  && "ReconcileError".equals(e.getReason())));
    } finally {
      HostilePlatform.allowReleases(client);
    }
  }

  /** Creates the case's documents; the refusal if the API server refused the hostile one. */
  private static Result submit(HostileCase hostile) {
    List<GenericKubernetesResource> documents = documents(hostile);
    for (int i = 0; i < documents.size(); i++) {
      boolean last = i == documents.size() - 1;
      try {
        create(documents.get(i), hostile.dryRun());
      } catch (KubernetesClientException e) {
        String message = e.getCode() + " " + e.getMessage();
        if (!last) {
          return new Result(
              hostile, Outcome.MISLEADING, false, "a fixture was refused: " + message);
        }
        return refusal(hostile, message);
      }
    }
    if (hostile.dryRun()) {
      return new Result(hostile, Outcome.SILENT, false, "accepted by a dry run");
    }
    return null;
  }

  private static Result refusal(HostileCase hostile, String message) {
    if (!(hostile.expect() instanceof Refused refused)) {
      return new Result(hostile, Outcome.REFUSED, false, "refused unexpectedly: " + message);
    }
    boolean named = refused.mentions().stream().allMatch(message::contains);
    return named
        ? new Result(hostile, Outcome.REFUSED, true, message)
        : new Result(
            hostile,
            Outcome.MISLEADING,
            false,
            "refused without naming " + refused.mentions() + ": " + message);
  }

  private static void create(GenericKubernetesResource object, boolean dryRun) {
    if (dryRun) {
      // A replace, as kubectl replace sends it: a server-side apply of a wrongly typed field is
      // answered 500, which the client retries for seconds before it gives up.
      var existing = client.resource(object).get();
      if (existing == null) {
        client.resource(object).dryRun().fieldValidation(Validation.STRICT).create();
        return;
      }
      object.getMetadata().setResourceVersion(existing.getMetadata().getResourceVersion());
      client.resource(object).dryRun().fieldValidation(Validation.STRICT).update();
      return;
    }
    created.add(client.resource(object).fieldValidation(Validation.STRICT).create());
  }

  /** Waits until every accepted case shows what it should, or the deadline; classifies them. */
  private static void settle(List<HostileCase> accepted, Map<HostileCase, Result> results) {
    List<HostileCase> pending = new ArrayList<>(accepted);
    try {
      await()
          .atMost(SETTLE)
          .pollInterval(Duration.ofSeconds(1))
          .until(
              () -> {
                pending.removeIf(c -> judge(c).expected());
                return pending.isEmpty();
              });
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      // Classified below, case by case.
    }
    accepted.forEach(c -> results.put(c, judge(c)));
  }

  private static Result judge(HostileCase hostile) {
    if (hostile.expect() instanceof Handled handled) {
      return handled.check().test(client)
          ? new Result(hostile, Outcome.HANDLED, true, handled.what())
          : new Result(hostile, Outcome.SILENT, false, "not " + handled.what());
    }
    GenericKubernetesResource object = observed(hostile);
    String state = HostileStatus.describe(object);
    var ready = object == null ? null : HostileStatus.condition(object, "Ready").orElse(null);
    if (ready == null) {
      return new Result(hostile, Outcome.NO_STATUS, false, state);
    }
    if (!"False".equals(ready.get("status")) || !HostileStatus.current(object, ready)) {
      return new Result(hostile, Outcome.SILENT, false, "accepted; " + state);
    }
    boolean wanted =
        hostile.expect() instanceof Reported reported
            && reported.reason().equals(ready.get("reason"));
    return new Result(hostile, wanted ? Outcome.REPORTED : Outcome.MISLEADING, wanted, state);
  }

  /** Where the case's outcome shows: the object it names, or the hostile object itself. */
  private static GenericKubernetesResource observed(HostileCase hostile) {
    Ref on = hostile.expect() instanceof Reported r ? r.on() : null;
    if (on == null) {
      List<GenericKubernetesResource> documents = documents(hostile);
      GenericKubernetesResource last = documents.get(documents.size() - 1);
      on =
          new Ref(
              last.getApiVersion(),
              last.getKind(),
              last.getMetadata().getNamespace(),
              last.getMetadata().getName());
    }
    var resources = client.genericKubernetesResources(on.apiVersion(), on.kind());
    return on.namespace() == null
        ? resources.withName(on.name()).get()
        : resources.inNamespace(on.namespace()).withName(on.name()).get();
  }

  static List<GenericKubernetesResource> documents(HostileCase hostile) {
    return Arrays.stream(hostile.yaml().replace("{{ns}}", namespace).split("(?m)^---\\s*$"))
        .filter(d -> !d.isBlank())
        .map(d -> Serialization.unmarshal(d, GenericKubernetesResource.class))
        .toList();
  }

  private static String line(Result r) {
    return r.outcome() + " " + r.hostile().kind() + " [" + r.hostile().id() + "]: " + r.detail();
  }

  static void namespace(KubernetesClient client, String name, Map<String, String> labels) {
    client
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(name)
                .withLabels(labels)
                .endMetadata()
                .build())
        .fieldManager(MANAGER)
        .serverSideApply();
  }

  static Watched written(String apiVersion, String kind, String ns, String name) {
    return Watched.written(apiVersion, kind, ns, name);
  }
}
