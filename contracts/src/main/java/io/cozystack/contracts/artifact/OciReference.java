package io.cozystack.contracts.artifact;

import java.util.regex.Pattern;

/**
 * Where an artifact is pushed: {@code oci://<host[:port]>/<repository>:<tag>}, as Flux's
 * OCIRepository {@code spec.url} plus {@code spec.ref.tag} name it.
 *
 * @param host the registry's host, with its port when not the scheme's default
 * @param repository the repository path, e.g. {@code acme/catalogs/databases}
 * @param tag the tag the manifest is put under
 */
public record OciReference(String host, String repository, String tag) {
  private static final String SCHEME = "oci://";
  // The distribution spec's grammar for repository names and tags.
  private static final Pattern REPOSITORY =
      Pattern.compile("[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*");
  private static final Pattern TAG = Pattern.compile("[a-zA-Z0-9_][a-zA-Z0-9._-]{0,127}");
  private static final Pattern HOST =
      Pattern.compile("(\\[[0-9a-fA-F:.]+]|[A-Za-z0-9.-]+)(:\\d+)?");

  public OciReference {
    check(HOST, host, "host", "registry.example.com or 127.0.0.1:5000");
    check(REPOSITORY, repository, "repository", "lowercase segments like acme/catalogs");
    check(TAG, tag, "tag", "letters, digits, '.', '_', '-'; at most 128");
  }

  /** Parses {@code oci://<host[:port]>/<repository>:<tag>}; the message names what is wrong. */
  public static OciReference parse(String reference) {
    if (!reference.startsWith(SCHEME)) {
      throw new IllegalArgumentException(
          reference + " is not an OCI reference; write oci://<host[:port]>/<repository>:<tag>");
    }
    String rest = reference.substring(SCHEME.length());
    int slash = rest.indexOf('/');
    int colon = rest.lastIndexOf(':');
    if (slash < 0 || colon < slash) {
      throw new IllegalArgumentException(
          reference + " names no repository and tag; write oci://<host[:port]>/<repository>:<tag>");
    }
    return new OciReference(
        rest.substring(0, slash), rest.substring(slash + 1, colon), rest.substring(colon + 1));
  }

  private static void check(Pattern pattern, String value, String what, String expected) {
    if (value == null || !pattern.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "'" + value + "' is not a valid OCI " + what + " (expected " + expected + ")");
    }
  }

  /** {@code oci://host/repository}, without the tag: the source a manifest is pushed from. */
  public String repositoryUrl() {
    return SCHEME + host + "/" + repository;
  }

  /** {@code oci://host/repository:tag}. */
  @Override
  public String toString() {
    return repositoryUrl() + ":" + tag;
  }
}
