package io.cozystack.operator.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cozystack.operator.bootstrap.PlatformSource.Kind;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The flags' parser: what it accepts, and that every refusal names the flag (and the key). */
class PlatformSourceFlagsTest {
  private static final String DIGEST = "sha256:" + "0123456789abcdef".repeat(4);

  @Test
  void noUrlMeansNoBootstrap() {
    assertThat(PlatformSourceFlags.parse(null, "cozystack-platform", null, null, false)).isEmpty();
    assertThat(PlatformSourceFlags.parse("  ", "cozystack-platform", "", "", false)).isEmpty();
  }

  @Test
  void anOciUrlIsAnOciRepositoryWithCozystacksDefaults() {
    PlatformSource source =
        parse("oci://ghcr.io/acme/platform", "cozystack-platform", "", "", false);

    assertThat(source)
        .isEqualTo(
            new PlatformSource(
                Kind.OCI,
                "oci://ghcr.io/acme/platform",
                "cozystack-platform",
                Map.of(),
                null,
                false));
    assertThat(source.packageName()).isEqualTo("cozystack.cozystack-platform");
  }

  @Test
  void httpsHttpAndSshUrlsAreGitRepositories() {
    for (String url :
        new String[] {
          "https://github.com/acme/platform",
          "http://git.local/platform",
          "ssh://git@github.com/a/b"
        }) {
      assertThat(parse(url, "p", "", "", false).kind()).as(url).isEqualTo(Kind.GIT);
    }
  }

  @Test
  void refPairsSplitOnTheFirstEqualsSkipBlanksAndKeepTheirOrder() {
    PlatformSource source =
        parse(
            " oci://r.local/p ",
            "p",
            "semver=>=1.0.0, semverFilter=.*-rc.*,, digest=" + DIGEST + " ",
            " creds ",
            true);

    assertThat(source.url()).isEqualTo("oci://r.local/p");
    assertThat(source.ref())
        .containsExactly(
            Map.entry("semver", ">=1.0.0"),
            Map.entry("semverFilter", ".*-rc.*"),
            Map.entry("digest", DIGEST));
    assertThat(source.secret()).isEqualTo("creds");
    assertThat(source.insecure()).isTrue();
    assertThat(parse("https://g/p", "p", "commit=ABCdef0", "", false).ref())
        .containsEntry("commit", "ABCdef0");
  }

  @Test
  void aUrlWithoutASupportedSchemeOrHostIsRefused() {
    assertRefused(PlatformSourceFlags.URL, "git@github.com:acme/platform.git", "", "", false)
        .contains("oci://", "https://", "ssh://");
    assertRefused(PlatformSourceFlags.URL, "oci://", "", "", false).contains("oci://<registry>");
    assertRefused(PlatformSourceFlags.URL, "https:///path", "", "", false).contains("no host");
    assertRefused(PlatformSourceFlags.URL, "oci://r.local/my platform", "", "", false)
        .contains("spaces");
  }

  @Test
  void aBadNameIsRefused() {
    assertThat(refusal("oci://r/p", "", "", "", false).flag()).isEqualTo(PlatformSourceFlags.NAME);
    assertThat(refusal("oci://r/p", "Cozy_Platform", "", "", false).getMessage())
        .startsWith(PlatformSourceFlags.NAME)
        .contains("'Cozy_Platform'", "lower-case");
    assertThat(refusal("oci://r/p", "p".repeat(64), "", "", false).flag())
        .isEqualTo(PlatformSourceFlags.NAME);
  }

  @Test
  void aMalformedRefPairIsRefusedNamingIt() {
    assertRefused(PlatformSourceFlags.REF, "oci://r/p", "tag", "", false)
        .contains("'tag' is not key=value");
    assertRefused(PlatformSourceFlags.REF, "oci://r/p", "=v1", "", false)
        .contains("'=v1' has no key");
    assertRefused(PlatformSourceFlags.REF, "oci://r/p", "tag= ", "", false)
        .contains("key tag has no value");
    assertRefused(PlatformSourceFlags.REF, "oci://r/p", "tag=a,tag=b", "", false)
        .contains("key tag is given twice");
  }

  @Test
  void aKeyOfTheOtherKindIsRefusedListingTheValidOnes() {
    assertRefused(PlatformSourceFlags.REF, "oci://r/p", "branch=main", "", false)
        .contains("key branch", "OCIRepository", "digest, semver, semverFilter, tag");
    assertRefused(PlatformSourceFlags.REF, "https://g/p", "digest=" + DIGEST, "", false)
        .contains("key digest", "GitRepository", "branch, tag, semver, name, commit");
  }

  @Test
  void digestsAndCommitsAreChecked() {
    assertRefused(PlatformSourceFlags.REF, "oci://r/p", "digest=md5:abc", "", false)
        .contains("key digest", "sha256:");
    assertRefused(PlatformSourceFlags.REF, "oci://r/p", "digest=sha256:abc", "", false)
        .contains("key digest");
    assertRefused(PlatformSourceFlags.REF, "https://g/p", "commit=abc12", "", false)
        .contains("key commit", "at least 7");
    assertRefused(PlatformSourceFlags.REF, "https://g/p", "commit=xyz1234", "", false)
        .contains("key commit", "hexadecimal");
  }

  @Test
  void aBadSecretNameIsRefused() {
    assertRefused(PlatformSourceFlags.SECRET, "oci://r/p", "", "Bad_Secret", false)
        .contains("'Bad_Secret'");
  }

  @Test
  void insecureIsRefusedWithAGitUrl() {
    assertRefused(PlatformSourceFlags.INSECURE, "https://g/p", "", "", true)
        .contains("oci://", "is a Git repository");
  }

  @Test
  void sourceFlagsWithoutAUrlAreRefusedNamingThem() {
    assertRefused(PlatformSourceFlags.REF, "", "tag=v1", "", false)
        .contains(PlatformSourceFlags.URL + " is not");
    assertRefused(PlatformSourceFlags.SECRET, null, "", "creds", false)
        .contains(PlatformSourceFlags.URL);
    assertThat(refusal("", "p", "tag=v1", "", true).getMessage())
        .contains(PlatformSourceFlags.REF + " and " + PlatformSourceFlags.INSECURE + " are set");
  }

  private static PlatformSource parse(
      String url, String name, String ref, String secret, boolean insecure) {
    Optional<PlatformSource> source = PlatformSourceFlags.parse(url, name, ref, secret, insecure);
    assertThat(source).isPresent();
    return source.get();
  }

  /** The refusal's message, checked to name {@code flag} first. */
  private static org.assertj.core.api.AbstractStringAssert<?> assertRefused(
      String flag, String url, String ref, String secret, boolean insecure) {
    InvalidFlagException e = refusal(url, "cozystack-platform", ref, secret, insecure);
    assertThat(e.flag()).isEqualTo(flag);
    return assertThat(e.getMessage()).startsWith(flag);
  }

  private static InvalidFlagException refusal(
      String url, String name, String ref, String secret, boolean insecure) {
    InvalidFlagException e =
        catchThrowableOfType(
            InvalidFlagException.class,
            () -> PlatformSourceFlags.parse(url, name, ref, secret, insecure));
    assertThat(e).as("refused").isNotNull();
    return e;
  }
}
