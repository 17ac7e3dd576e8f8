package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.operator.flux.ArtifactGenerator;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.flux.HelmReleaseSpec;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Faults while operator.jar (a child process) converges the {@link FaultWorkload}, on the real API
 * server with the stand-in answering releases: SIGKILL at random points, an API-server outage, and
 * the leader killed with a follower waiting. After each, the workload must converge with no orphan,
 * no duplicate and no wrong spec ({@link FaultAudit}), and a fresh operator started on the result
 * must find nothing to write ({@link WriteRecorder}). Figures are printed ({@code [fault]} lines),
 * never asserted. {@code -Dfault.seed} replays a run's random choices (printed first), as far as
 * the operator's timing lets it.
 */
@ExtendWith(KubernetesExtension.class)
class FaultIT {
  private static final long SEED = Long.getLong("fault.seed", System.nanoTime());
  private static final int KILLS = Integer.getInteger("fault.kills", 50);

  /** Kills land up to this long after the controllers started in the uninterrupted run. */
  private static final long AFTER_START_MS = 1_500;

  private static final Duration OUTAGE = Duration.ofSeconds(30);
  private static final Duration CONVERGE = Duration.ofMinutes(3);

  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  @Kube static String namespace;
  @Kube static ControlPlane plane;
  static FaultWorkload workload;
  static FaultAudit audit;
  static FaultOperators operators;
  static Random random;
  static Watch standIn;

  /** The workload converged after a fault, and how long that took from {@code since}. */
  record Converged(FaultAudit.Findings findings, double seconds) {}

  /** Releases compared with the uninterrupted run's, and those that differ. */
  record Comparison(int compared, List<String> unlike) {}

  @BeforeAll
  static void prepare() throws Exception {
    System.out.printf("[fault] seed %d (replay with -Dfault.seed=%d)%n", SEED, SEED);
    workload =
        new FaultWorkload(
            client,
            Integer.getInteger("fault.packages", 16),
            Integer.getInteger("fault.tenants", 6),
            Integer.getInteger("fault.instances", 40),
            SEED);
    audit = new FaultAudit(client, workload.base);
    operators = new FaultOperators(kubeconfig);
    random = new Random(~SEED);
    workload.base.prepare();
    standIn = FootprintWorkload.answerReleases(client);
  }

  @AfterAll
  static void cleanUp() throws Exception {
    OperatorProcess operator = operators.start("fault-cleanup", List.of());
    try {
      client
          .genericKubernetesResources(FootprintWorkload.APPS, FootprintWorkload.DB_KIND)
          .inAnyNamespace()
          .delete();
      audit.tenants().forEach(t -> client.resource(t).delete());
      client.resources(Package.class).withLabel(FootprintWorkload.LABEL).delete();
      await("the workload's releases deleted by their owners' finalizers")
          .atMost(CONVERGE)
          .pollInterval(Duration.ofMillis(500))
          .until(() -> audit.releases().isEmpty() && audit.tenants().isEmpty());
    } finally {
      FaultOperators.stop(operator);
      standIn.close();
      client.resources(PackageSource.class).withLabel(FootprintWorkload.LABEL).delete();
      // What the garbage collector (not running here) would remove with the sources.
      client.resources(ArtifactGenerator.class).inAnyNamespace().list().getItems().stream()
          .filter(FaultAudit::inScope)
          .forEach(g -> client.resource(g).delete());
      workload.restoreValues();
    }
  }

  @Test
  void sigkillAtRandomPointsLeavesNoOrphanDuplicateOrWrongSpec() throws Exception {
    OperatorProcess uninterrupted = operators.start("fault-uninterrupted", List.of());
    FaultOperators.awaitLine(uninterrupted, FaultOperators.CONNECTED);
    long connected = System.nanoTime();
    FaultOperators.awaitStarted(uninterrupted);
    long startMs = (System.nanoTime() - connected) / 1_000_000;
    Map<String, HelmReleaseSpec> referenceSpecs = new TreeMap<>();
    Map<String, String> referenceInputs;
    try {
      workload.base.create();
      Converged first = awaitClean(uninterrupted, System.nanoTime());
      assertClean("in the uninterrupted run", uninterrupted, first.findings());
      audit.releases().forEach((key, r) -> referenceSpecs.put(key, r.getSpec()));
      referenceInputs = audit.releaseInputs();
      System.out.printf(
          "[fault] sigkill: workload %s; the uninterrupted run started its controllers %.1f s"
              + " after its first API request and converged the workload in %.1f s%n",
          workload.base.describe(), startMs / 1e3, first.seconds());
    } finally {
      FaultOperators.stop(uninterrupted);
    }

    KillLoop.Kills kills =
        new KillLoop(operators, workload, random).run(KILLS, startMs + AFTER_START_MS);
    // The transport as in the uninterrupted run, so that releases can be compared with it.
    String last = workload.configMapTransport();
    long restart = System.nanoTime();
    OperatorProcess after = operators.start("fault-after-kills", List.of());
    Converged end;
    try {
      end = awaitClean(after, restart);
      assertClean("after " + KILLS + " kills", after, end.findings());
    } finally {
      FaultOperators.stop(after);
    }
    Comparison reference = compareWithReference(referenceSpecs, referenceInputs);
    FaultOperators.FreshRun fresh = operators.fresh(client);
    System.out.printf(
        "[fault] sigkill: seed %d, %d kills at random points 0-%d ms after the first API request (%s;"
            + " %d after the life had sent writes), %d changes %s, %s before the last start%n",
        SEED,
        kills.kills(),
        kills.spanMs(),
        kills.byPhase(),
        kills.afterWrites(),
        workload.changes(),
        workload.applied(),
        last);
    printOutcome("sigkill", "the last restart", end, fresh);
    System.out.printf(
        "[fault] sigkill: %d releases whose owner and transport are as in the uninterrupted run"
            + " compared with it: %d specs differ%n",
        reference.compared(), reference.unlike().size());
    assertThat(reference.unlike()).as("release specs unlike the uninterrupted run's").isEmpty();
    assertNothingToWrite(fresh, after);
  }

  @Test
  void anApiServerOutageWhileConvergingIsOutlived() throws Exception {
    assumeTrue(plane.canStopApiServer(), "only the local control plane's API server can stop");
    OperatorProcess operator = operators.start("fault-outage", List.of());
    boolean down = false;
    try {
      FaultOperators.awaitStarted(operator);
      List<String> changes = burst();
      Thread.sleep(random.nextInt(500));
      int pending = pending();
      plane.stopApiServer();
      down = true;
      long stopped = System.nanoTime();
      Thread.sleep(OUTAGE.toMillis());
      plane.startApiServer();
      down = false;
      long back = System.nanoTime();
      assertThat(operator.process.isAlive()).as("the operator outlived the outage").isTrue();
      Converged end = awaitClean(operator, back);
      assertClean("after the outage", operator, end.findings());
      FaultOperators.stop(operator);
      FaultOperators.FreshRun fresh = operators.fresh(client);
      System.out.printf(
          "[fault] outage: the API server stopped with %d findings of the %d changes open, back"
              + " after %.1f s; the operator stayed up%n",
          pending, changes.size(), (back - stopped) / 1e9);
      printOutcome("outage", "the API server's return", end, fresh);
      assertNothingToWrite(fresh, operator);
    } finally {
      if (down) {
        plane.startApiServer();
      }
      FaultOperators.stop(operator);
    }
  }

  @Test
  void aLeaderKilledMidConvergenceHandsOverAndTheFollowerFinishes() throws Exception {
    OperatorProcess leader = operators.start("fault-leader", leaderElection());
    OperatorProcess follower = null;
    try {
      leader.await("Became leader", 90);
      follower = operators.start("fault-follower", leaderElection());
      follower.await("Operator started with", 90);
      List<String> changes = burst();
      Thread.sleep(random.nextInt(1_000));
      int pending = pending();
      long killed = System.nanoTime();
      leader.process.destroyForcibly();
      leader.process.waitFor(10, TimeUnit.SECONDS);
      follower.await("Became leader", 90);
      double handover = (System.nanoTime() - killed) / 1e9;
      Converged end = awaitClean(follower, killed);
      assertClean("after the leader's kill", follower, end.findings());
      FaultOperators.stop(follower);
      FaultOperators.FreshRun fresh = operators.fresh(client);
      System.out.printf(
          "[fault] leader: SIGKILLed with %d findings of the %d changes open; the follower led"
              + " %.1f s after the kill%n",
          pending, changes.size(), handover);
      printOutcome("leader", "the leader's kill", end, fresh);
      assertNothingToWrite(fresh, follower);
    } finally {
      leader.process.destroyForcibly();
      if (follower != null) {
        follower.process.destroyForcibly();
      }
      client.leases().inNamespace(namespace).withName("cozy-operator-leader").delete();
    }
  }

  /** Many changes at once, for an operator to be busy with when the fault comes. */
  private static List<String> burst() {
    workload.base.create();
    List<String> changes = new ArrayList<>(List.of("the base workload applied again"));
    changes.add(workload.flipTransport());
    for (int i = 0; i < 8; i++) {
      changes.add(workload.change());
    }
    System.out.printf("[fault] changes: %s%n", changes);
    return changes;
  }

  /** What the audit finds still open (not converged, missing, wrong) right now. */
  private static int pending() {
    FaultAudit.Findings f = audit.audit();
    return f.pending().size() + f.missing().size() + f.wrongSpecs().size();
  }

  /**
   * Polls the audit until it is clean, the operator exits, or {@link #CONVERGE} passed; the last
   * findings either way.
   */
  private static Converged awaitClean(OperatorProcess operator, long since)
      throws InterruptedException {
    FaultAudit.Findings findings = audit.audit();
    while (!findings.clean()
        && operator.process.isAlive()
        && System.nanoTime() - since < CONVERGE.toNanos()) {
      Thread.sleep(250);
      findings = audit.audit();
    }
    return new Converged(findings, (System.nanoTime() - since) / 1e9);
  }

  private static void assertClean(String when, OperatorProcess operator, FaultAudit.Findings f) {
    if (!f.clean()) {
      operator.echo();
      System.out.printf("[fault] %s: %s%n", when, f.counts());
    }
    assertThat(operator.process.isAlive()).as("the operator runs " + when).isTrue();
    assertThat(f.orphans()).as("orphans " + when).isEmpty();
    assertThat(f.duplicates()).as("duplicates " + when).isEmpty();
    assertThat(f.wrongSpecs()).as("wrong specs " + when).isEmpty();
    assertThat(f.missing()).as("missing " + when + " (within " + CONVERGE + ")").isEmpty();
    assertThat(f.pending()).as("not converged " + when + " (within " + CONVERGE + ")").isEmpty();
  }

  /**
   * The releases whose owner (same uid and generation) and values transport are as in the
   * uninterrupted run: how many, and those whose spec differs from that run's.
   */
  private static Comparison compareWithReference(
      Map<String, HelmReleaseSpec> specs, Map<String, String> inputs) {
    Map<String, String> now = audit.releaseInputs();
    List<String> unlike = new ArrayList<>();
    int compared = 0;
    for (Map.Entry<String, HelmRelease> e : audit.releases().entrySet()) {
      String key = e.getKey();
      if (inputs.containsKey(key) && inputs.get(key).equals(now.get(key))) {
        compared++;
        if (!e.getValue().getSpec().equals(specs.get(key))) {
          unlike.add(key + ": " + e.getValue().getSpec() + " instead of " + specs.get(key));
        }
      }
    }
    return new Comparison(compared, unlike);
  }

  /** The fresh operator wrote nothing; else the log of the one that converged is printed. */
  private static void assertNothingToWrite(FaultOperators.FreshRun fresh, OperatorProcess before) {
    if (!fresh.writes().isEmpty()) {
      before.echo();
    }
    assertThat(fresh.writes()).as("writes of a fresh operator on the converged state").isEmpty();
  }

  private static void printOutcome(
      String fault, String since, Converged end, FaultOperators.FreshRun fresh) {
    FaultAudit.Findings f = end.findings();
    System.out.printf(
        "[fault] %s: converged %.1f s after %s, objects as they should be %s; %s; %s%n",
        fault, end.seconds(), since, f.right(), f.counts(), FaultOperators.describe(fresh));
    fresh.writes().forEach(w -> System.out.printf("[fault] %s: fresh operator: %s%n", fault, w));
  }

  private static List<String> leaderElection() {
    return List.of("--leader-elect=true", "--leader-election-namespace=" + namespace);
  }
}
