package io.cozystack.contracts.artifact;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The artifact package is a library the CLI calls, not the other way round: no compiled class of it
 * refers to the validation package (where the validator and the CLI live), so the two packages do
 * not depend on each other.
 */
class ArtifactDependenciesTest {
  private static final String VALIDATION = "io/cozystack/contracts/validation/";

  @Test
  void noArtifactClassRefersToTheValidationPackage() throws IOException, URISyntaxException {
    Path classes =
        Path.of(CatalogArtifact.class.getResource("CatalogArtifact.class").toURI()).getParent();
    try (Stream<Path> files = Files.list(classes)) {
      var offenders =
          files
              .filter(p -> p.toString().endsWith(".class"))
              .filter(p -> refersToValidation(p))
              .map(p -> p.getFileName().toString())
              .toList();

      assertThat(offenders).isEmpty();
    }
  }

  /** A referenced class's name is in the class file's constant pool as modified UTF-8. */
  private static boolean refersToValidation(Path classFile) {
    try {
      return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1)
          .contains(VALIDATION);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
