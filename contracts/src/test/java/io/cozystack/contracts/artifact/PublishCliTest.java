package io.cozystack.contracts.artifact;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.contracts.validation.CatalogCli;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cozy-catalog package} and {@code push}: validation first, output, exit codes. */
class PublishCliTest {
  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
    try {
      int exit = CatalogCli.run(args);
      return new Run(
          exit, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }

  private Path broken() throws IOException {
    Path catalog = Catalogs.good(dir.resolve("broken"));
    String manifest = Files.readString(catalog.resolve("catalog.yaml"));
    Files.writeString(
        catalog.resolve("catalog.yaml"),
        manifest.replace("contractVersion: 1", "contractVersion: 7"));
    return catalog;
  }

  @Test
  void packageWritesTheLayerToTargetAndPrintsItsDigest() throws IOException {
    Path catalog = Catalogs.good(dir.resolve("good"));

    Run run = run("package", catalog.toString());

    Path file = catalog.resolve("target/catalog.tar.gz");
    assertThat(run.exit()).isEqualTo(CatalogCli.OK);
    assertThat(run.out()).startsWith(FakeRegistry.sha256(Files.readAllBytes(file)) + " " + file);
  }

  @Test
  void aCatalogWithFindingsIsNotPackagedUnlessValidationIsSkipped() throws IOException {
    Path catalog = broken();
    Path file = dir.resolve("out.tar.gz");

    Run refused = run("package", catalog.toString(), "--output", file.toString());

    assertThat(refused.exit()).isEqualTo(CatalogCli.FINDINGS);
    assertThat(refused.out())
        .contains("[contract-window]")
        .contains("finding(s); not packaged (fix them, or pass --skip-validation)");
    assertThat(file).doesNotExist();
    assertThat(
            run("package", catalog.toString(), "--output", file.toString(), "--skip-validation")
                .exit())
        .isEqualTo(CatalogCli.OK);
    assertThat(file).exists();
  }

  @Test
  void pushPrintsTheReferenceWithTheManifestDigest() throws IOException {
    try (FakeRegistry registry = new FakeRegistry()) {
      String target = "oci://" + registry.host() + "/acme/catalog:1.0.0";

      Run run = run("push", Catalogs.good(dir.resolve("good")).toString(), target, "--plain-http");

      assertThat(run.exit()).isEqualTo(CatalogCli.OK);
      String manifest = FakeRegistry.sha256(registry.manifests.get("1.0.0"));
      assertThat(run.out().strip()).isEqualTo(target + "@" + manifest);
    }
  }

  @Test
  void pushUsageAndRegistryErrorsExitTwo() throws IOException {
    Path catalog = Catalogs.good(dir.resolve("good"));
    try (FakeRegistry registry = new FakeRegistry()) {
      registry.manifestError = "{\"errors\":[{\"code\":\"DENIED\",\"message\":\"no\"}]}";
      String target = "oci://" + registry.host() + "/acme/catalog:1.0.0";

      Run refused = run("push", catalog.toString(), target, "--plain-http", "--skip-validation");
      Run badReference = run("push", catalog.toString(), "ghcr.io/acme/catalog:1");
      Run halfCredentials = run("push", catalog.toString(), target, "--username", "alice");

      assertThat(refused.exit()).isEqualTo(CatalogCli.ERROR);
      assertThat(refused.err())
          .startsWith("cozy-catalog push: registry " + registry.host() + " refused the manifest")
          .doesNotContain("Exception");
      assertThat(badReference.exit()).isEqualTo(CatalogCli.ERROR);
      assertThat(badReference.err()).contains("write oci://<host[:port]>/<repository>:<tag>");
      assertThat(halfCredentials.exit()).isEqualTo(CatalogCli.ERROR);
      assertThat(halfCredentials.err()).contains("give both --username and --password");
    }
  }

  @Test
  void aCatalogWithItsOwnCozyLibIsAFindingBeforeItIsAPackagingError() throws IOException {
    Path catalog = Catalogs.good(dir.resolve("own"));
    Catalogs.write(catalog, "library/cozy-lib/Chart.yaml", "name: cozy-lib");

    Run refused = run("package", catalog.toString());
    Run skipped = run("package", catalog.toString(), "--skip-validation");

    assertThat(refused.exit()).isEqualTo(CatalogCli.FINDINGS);
    assertThat(refused.out()).contains("library/cozy-lib: [own-cozy-lib]");
    assertThat(skipped.exit()).isEqualTo(CatalogCli.ERROR);
    assertThat(skipped.err()).contains("its own library/cozy-lib");
  }
}
