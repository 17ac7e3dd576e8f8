package io.cozystack.api.v1alpha1;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Paths a PackageSource copies stay inside its source: the CRD pattern and the Java check agree.
 */
class SourcePathTest {
  static final List<String> INSIDE =
      List.of(
          "apps/postgres",
          "system/postgres-rd",
          "library/cozy-lib",
          "charts/tenant/",
          "values.yaml",
          "values-extra.yaml",
          ".",
          "./apps/x",
          "a/./b",
          "a//b",
          "..x",
          "x..",
          "a/...",
          ".hidden/chart",
          "a/.b");
  static final List<String> OUTSIDE =
      List.of(
          "", "..", "../x", "a/..", "a/../b", "a/../../etc", "/", "/etc/passwd", "/apps/x", "//x");

  @Test
  void relativePathsWithoutDotDotSegmentsAreAccepted() {
    assertThat(INSIDE).allMatch(SourcePath::valid);
    assertThat(INSIDE).allMatch(p -> p.matches(SourcePath.PATTERN));
    assertThat(INSIDE).allMatch(p -> SourcePath.problem("f", p).isEmpty());
  }

  @Test
  void absolutePathsAndDotDotSegmentsAreRefusedNamingTheFieldAndWhy() {
    assertThat(OUTSIDE).noneMatch(SourcePath::valid);
    assertThat(OUTSIDE).noneMatch(p -> p.matches(SourcePath.PATTERN));
    assertThat(SourcePath.problem("spec.variants[0].components[1].path", "../etc"))
        .contains(
            "spec.variants[0].components[1].path '../etc' has a \"..\" segment: paths are"
                + " relative to the source's base path and may not leave it");
    assertThat(SourcePath.problem("x", "/etc")).get().asString().contains("'/etc' is absolute");
  }
}
