package io.cozystack.operator.packages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.Variant;
import io.cozystack.operator.flux.HelmRelease;
import java.util.List;
import org.junit.jupiter.api.Test;

class HelmReleaseRendererTest {

  @Test
  void aComponentThatDisablesWaitingInstallsAndUpgradesWithoutWaitOrHealthChecks() {
    Variant variant =
        Fixtures.yaml(
                """
                apiVersion: cozystack.io/v1alpha1
                kind: PackageSource
                metadata: {name: e2e.nowait}
                spec:
                  sourceRef: {kind: OCIRepository, name: repo, namespace: cozy-system, path: /}
                  variants:
                    - name: default
                      components:
                        - name: app
                          path: charts/app
                          install:
                            namespace: apps
                            disableWait: true
                            healthCheckExprs:
                              - {apiVersion: v1, kind: ConfigMap, current: "true"}
                """,
                PackageSource.class)
            .getSpec()
            .variants()
            .get(0);
    Package pkg = PackagePlannerTest.pkg("e2e.nowait", "");

    HelmRelease release =
        HelmReleaseRenderer.render(
            pkg,
            variant,
            variant.components().get(0),
            List.of(),
            ReleaseSettings.defaults(),
            "e2e.nowait",
            null);

    assertThat(release.getSpec().install().disableWait()).isTrue();
    assertThat(release.getSpec().upgrade().disableWait()).isTrue();
    assertThat(release.getSpec().healthCheckExprs()).isNull();
    assertThat(release.getSpec().waitStrategy()).isNull();
  }

  @Test
  void aComponentThatWaitsWritesNoDisableWait() {
    PackageSource source = PackagePlannerTest.source("e2e.wait", "app", "apps");
    Variant variant = source.getSpec().variants().get(0);

    HelmRelease release =
        HelmReleaseRenderer.render(
            PackagePlannerTest.pkg("e2e.wait", ""),
            variant,
            variant.components().get(0),
            List.of(),
            ReleaseSettings.defaults(),
            "e2e.wait",
            null);

    assertThat(release.getSpec().install().disableWait()).isNull();
    assertThat(release.getSpec().upgrade().disableWait()).isNull();
  }
}
