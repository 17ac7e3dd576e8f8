package io.cozystack.contracts.artifact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cozystack.contracts.validation.ChartRender;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packed layer: reproducible, laid out as Flux and the PackageSources expect, no host state.
 */
class CatalogArtifactTest {
  @TempDir Path dir;

  @Test
  void theSameContentGivesTheSameBytesWhateverTheFilesTimesAndModes() throws IOException {
    Path first = Catalogs.good(dir.resolve("first"));
    Path second = Catalogs.good(dir.resolve("second"));
    try (Stream<Path> files = Files.walk(second)) {
      for (Path p : files.toList()) {
        Files.setLastModifiedTime(p, FileTime.fromMillis(1_234_567_890_000L));
        if (Files.isRegularFile(p)) {
          Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        }
      }
    }

    CatalogArtifact a = CatalogArtifact.pack(first);
    CatalogArtifact b = CatalogArtifact.pack(second);

    assertThat(b.layer()).isEqualTo(a.layer());
    assertThat(b.digest()).isEqualTo(a.digest()).matches("sha256:[0-9a-f]{64}");
    assertThat(CatalogArtifact.pack(first).digest()).isEqualTo(a.digest());
  }

  @Test
  void aChangedFileChangesTheDigest() throws IOException {
    Path catalog = Catalogs.good(dir);
    String before = CatalogArtifact.pack(catalog).digest();

    Catalogs.write(catalog, "charts/postgres/values.yaml", "replicas: 3\n");

    assertThat(CatalogArtifact.pack(catalog).digest()).isNotEqualTo(before);
  }

  @Test
  void cozyLibIsAtLibraryCozyLibAndBuildDirectoriesAreLeftOut() throws IOException {
    Path catalog = Catalogs.good(dir);
    Set<String> expected = new TreeSet<>(files(catalog));
    Catalogs.write(catalog, "target/catalog.tar.gz", "old");
    Catalogs.write(catalog, "src/main/java/Driver.java", "class Driver {}");
    Catalogs.write(catalog, ".git/HEAD", "ref: refs/heads/main");
    Catalogs.write(catalog, "charts/x/.git/HEAD", "a nested checkout");
    Catalogs.write(catalog, "charts/postgres/values.yaml.bak", "backup");
    Catalogs.write(catalog, "docs/drafts/idea.md", "draft");
    for (String kept :
        List.of(
            ".cozyignore", "deploy/drivers/Chart.yaml", "charts/x/src/kept.txt", "docs/guide.md")) {
      Catalogs.write(
          catalog, kept, kept.equals(".cozyignore") ? "# notes\n*.bak\ndocs/drafts\n" : kept);
      expected.add(kept);
    }
    for (String lib : ChartRender.cozyLib().keySet()) {
      expected.add("library/cozy-lib/" + lib);
    }

    List<TarEntries.Entry> entries = TarEntries.read(CatalogArtifact.pack(catalog).layer());

    Map<String, String> files =
        entries.stream()
            .filter(e -> e.type() == '0')
            .collect(Collectors.toMap(TarEntries.Entry::path, TarEntries.Entry::text));
    assertThat(files.keySet()).containsExactlyInAnyOrderElementsOf(expected);
    for (Map.Entry<String, byte[]> lib : ChartRender.cozyLib().entrySet()) {
      assertThat(files.get("library/cozy-lib/" + lib.getKey()))
          .isEqualTo(new String(lib.getValue(), StandardCharsets.UTF_8));
    }
    assertThat(entries.stream().filter(e -> e.type() == '5').map(TarEntries.Entry::path))
        .contains("library/", "library/cozy-lib/", "library/cozy-lib/templates/", "charts/")
        .doesNotContain("target/", "src/", ".git/", "docs/drafts/");
  }

  /** The catalog's regular files, relative and '/'-separated. */
  private static List<String> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString().replace('\\', '/'))
          .toList();
    }
  }

  @Test
  void entriesAreSortedWithFixedOwnerTimeAndModes() throws IOException {
    List<TarEntries.Entry> entries =
        TarEntries.read(CatalogArtifact.pack(Catalogs.good(dir)).layer());

    List<String> paths = entries.stream().map(e -> e.path().replaceAll("/$", "")).toList();
    assertThat(paths).isSorted();
    assertThat(entries)
        .allSatisfy(
            e -> {
              assertThat(e.mode()).isEqualTo(e.type() == '5' ? 0755 : 0644);
              assertThat(e.uid()).isZero();
              assertThat(e.gid()).isZero();
              assertThat(e.mtime()).isZero();
              assertThat(e.owner()).isEqualTo(":");
            });
  }

  @Test
  void theGzipHeaderHasNoTimeAndNoFileName() throws IOException {
    byte[] layer = CatalogArtifact.pack(Catalogs.good(dir)).layer();

    assertThat(layer[0] & 0xff).isEqualTo(0x1f);
    assertThat(layer[1] & 0xff).isEqualTo(0x8b);
    assertThat(layer[3]).as("FLG: no FNAME, FCOMMENT or FEXTRA").isZero();
    assertThat(new byte[] {layer[4], layer[5], layer[6], layer[7]}).as("MTIME").containsOnly(0);
  }

  @Test
  void pathsTooLongForUstarOrNotAsciiRoundTrip() throws IOException {
    Path catalog = Catalogs.good(dir);
    String deep = "charts/postgres/templates/" + "d".repeat(90) + "/" + "f".repeat(95) + ".yaml";
    String oneLongName = "charts/postgres/files/" + "n".repeat(120) + ".txt";
    String unicode = "charts/postgres/files/café.txt";
    for (String path : List.of(deep, oneLongName, unicode)) {
      Catalogs.write(catalog, path, path);
    }

    Map<String, String> files =
        TarEntries.read(CatalogArtifact.pack(catalog).layer()).stream()
            .filter(e -> e.type() == '0')
            .collect(Collectors.toMap(TarEntries.Entry::path, TarEntries.Entry::text));

    assertThat(files).containsEntry(deep, deep);
    assertThat(files).containsEntry(oneLongName, oneLongName);
    assertThat(files).containsEntry(unicode, unicode);
  }

  @Test
  void theOutputFileInsideTheCatalogIsNotPackedIntoTheNextRun() throws IOException {
    Path catalog = Catalogs.good(dir);
    Path output = catalog.resolve("catalog.tar.gz");
    CatalogArtifact first = CatalogArtifact.pack(catalog, java.util.Optional.of(output));
    first.writeTo(output);

    CatalogArtifact second = CatalogArtifact.pack(catalog, java.util.Optional.of(output));

    assertThat(second.digest()).isEqualTo(first.digest());
    assertThat(Files.readAllBytes(output)).isEqualTo(first.layer());
  }

  @Test
  void aCatalogWithItsOwnCozyLibOrALinkIsRefused() throws IOException {
    Path own = Catalogs.good(dir.resolve("own"));
    Catalogs.write(own, "library/cozy-lib/Chart.yaml", "name: cozy-lib");
    Path linked = Catalogs.good(dir.resolve("linked"));
    Files.createSymbolicLink(linked.resolve("link.yaml"), linked.resolve("catalog.yaml"));

    assertThatThrownBy(() -> CatalogArtifact.pack(own))
        .hasMessageContaining("its own library/cozy-lib")
        .hasMessageContaining("remove the catalog's copy");
    assertThatThrownBy(() -> CatalogArtifact.pack(linked))
        .hasMessageContaining("link.yaml is a symbolic link");
  }

  @Test
  void theCatalogsOwnCozyLibIsJudgedAfterItsIgnoreRules() throws IOException {
    Path own = Catalogs.good(dir.resolve("own"));
    Catalogs.write(own, "library/cozy-lib/Chart.yaml", "name: cozy-lib");
    Path file = Catalogs.good(dir.resolve("file"));
    Catalogs.write(file, "library", "not a directory");
    Path ignored = Catalogs.good(dir.resolve("ignored"));
    Catalogs.write(ignored, "library/cozy-lib/Chart.yaml", "name: cozy-lib");
    Catalogs.write(ignored, ".cozyignore", "library/cozy-lib\n");

    assertThat(CatalogArtifact.carriesOwnCozyLib(own)).isTrue();
    assertThat(CatalogArtifact.carriesOwnCozyLib(file)).isTrue();
    assertThat(CatalogArtifact.carriesOwnCozyLib(ignored)).isFalse();
    assertThat(CatalogArtifact.carriesOwnCozyLib(Catalogs.good(dir.resolve("good")))).isFalse();
    assertThatThrownBy(() -> CatalogArtifact.pack(file))
        .hasMessageContaining("its own library/cozy-lib");
    assertThat(CatalogArtifact.pack(ignored).entries())
        .contains("library/cozy-lib/Chart.yaml", "library/cozy-lib/templates/_helpers.tpl");
  }
}
