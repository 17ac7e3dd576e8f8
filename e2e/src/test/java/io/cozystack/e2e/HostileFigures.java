package io.cozystack.e2e;

import io.cozystack.e2e.HostileInputIT.Outcome;
import io.cozystack.e2e.HostileInputIT.Result;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Prints what the hostile-input suite found: per kind, how many cases ended each way. */
final class HostileFigures {
  private HostileFigures() {}

  static void print(List<Result> results, int watched, List<String> collateral, double seconds) {
    Map<String, Map<Outcome, Integer>> byKind = new TreeMap<>();
    Map<Outcome, Integer> total = new EnumMap<>(Outcome.class);
    for (Result r : results) {
      byKind
          .computeIfAbsent(r.hostile().kind(), k -> new EnumMap<>(Outcome.class))
          .merge(r.outcome(), 1, Integer::sum);
      total.merge(r.outcome(), 1, Integer::sum);
    }
    System.out.printf(
        "[hostile] %-22s %5s %7s %8s %7s %6s %9s %10s%n",
        "kind", "cases", "refused", "reported", "handled", "silent", "no-status", "misleading");
    byKind.forEach((kind, counts) -> System.out.println(row(kind, counts)));
    System.out.println(row("total", total));
    System.out.printf(
        "[hostile] %d cases in %.1f s; %d healthy objects watched, %d changed (collateral)%n",
        results.size(), seconds, watched, collateral.size());
    results.stream()
        .filter(r -> !r.expected())
        .forEach(
            r ->
                System.out.println(
                    "[hostile] UNEXPECTED "
                        + r.outcome()
                        + " "
                        + r.hostile().kind()
                        + " ["
                        + r.hostile().id()
                        + "]: "
                        + r.detail()));
    collateral.forEach(c -> System.out.println("[hostile] COLLATERAL " + c));
  }

  private static String row(String kind, Map<Outcome, Integer> counts) {
    int cases = counts.values().stream().mapToInt(Integer::intValue).sum();
    return String.format(
        "[hostile] %-22s %5d %7d %8d %7d %6d %9d %10d",
        kind,
        cases,
        counts.getOrDefault(Outcome.REFUSED, 0),
        counts.getOrDefault(Outcome.REPORTED, 0),
        counts.getOrDefault(Outcome.HANDLED, 0),
        counts.getOrDefault(Outcome.SILENT, 0),
        counts.getOrDefault(Outcome.NO_STATUS, 0),
        counts.getOrDefault(Outcome.MISLEADING, 0));
  }
}
