package io.cozystack.operator.bootstrap;

import io.cozystack.operator.bootstrap.PlatformSource.Kind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads Cozystack's {@code --platform-source-*} flags (and ours, {@code
 * --platform-source-insecure}) into a {@link PlatformSource}, refusing what Flux or the API server
 * would refuse later. Pure: no I/O. Every refusal is an {@link InvalidFlagException} naming the
 * flag and the fix.
 */
public final class PlatformSourceFlags {
  public static final String URL = "--platform-source-url";
  public static final String NAME = "--platform-source-name";
  public static final String REF = "--platform-source-ref";
  public static final String SECRET = "--platform-source-secret";
  public static final String INSECURE = "--platform-source-insecure";

  /** Cozystack's default name of the Flux source. */
  public static final String DEFAULT_NAME = "cozystack-platform";

  /** A Kubernetes object name (RFC 1123 subdomain). */
  private static final Pattern OBJECT_NAME =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

  /**
   * Longest source name: short enough that every name derived from it (the PackageSource {@code
   * cozystack.<name>}, the artifact {@code cozystack-<name>-default-platform}) stays a valid name.
   */
  static final int MAX_NAME = 63;

  private static final Pattern DIGEST = Pattern.compile("sha256:[0-9a-f]{64}");
  private static final Pattern COMMIT = Pattern.compile("[0-9a-fA-F]{7,}");

  private PlatformSourceFlags() {}

  /**
   * The platform source the flags describe; empty when {@code url} is empty (no bootstrap).
   *
   * @throws InvalidFlagException naming the first flag at fault
   */
  public static Optional<PlatformSource> parse(
      String url, String name, String ref, String secret, boolean insecure) {
    String location = trim(url);
    if (location.isEmpty()) {
      requireNoneWithoutUrl(ref, secret, insecure);
      return Optional.empty();
    }
    Kind kind = kindOf(location);
    String sourceName = name(trim(name));
    Map<String, String> refs = refs(kind, trim(ref));
    String secretName = secret(trim(secret));
    if (insecure && kind == Kind.GIT) {
      throw new InvalidFlagException(
          INSECURE,
          INSECURE
              + " applies to an OCI registry served over plain HTTP (OCIRepository"
              + " spec.insecure); "
              + location
              + " is a Git repository: unset "
              + INSECURE
              + ", or use an oci:// URL");
    }
    return Optional.of(
        new PlatformSource(
            kind, location, sourceName, refs, secretName.isEmpty() ? null : secretName, insecure));
  }

  /** Without a URL nothing is bootstrapped, so a flag that only tunes the source is a mistake. */
  private static void requireNoneWithoutUrl(String ref, String secret, boolean insecure) {
    List<String> set = new ArrayList<>();
    if (!trim(ref).isEmpty()) {
      set.add(REF);
    }
    if (!trim(secret).isEmpty()) {
      set.add(SECRET);
    }
    if (insecure) {
      set.add(INSECURE);
    }
    if (!set.isEmpty()) {
      throw new InvalidFlagException(
          set.get(0),
          String.join(" and ", set)
              + (set.size() == 1 ? " is" : " are")
              + " set but "
              + URL
              + " is not: set "
              + URL
              + " to the platform catalog (oci://... or https://...), or unset "
              + String.join(" and ", set));
    }
  }

  /** oci:// is an OCIRepository; https://, http:// and ssh:// a GitRepository (as Cozystack). */
  static Kind kindOf(String url) {
    Kind kind;
    String rest;
    if (url.startsWith("oci://")) {
      kind = Kind.OCI;
      rest = url.substring("oci://".length());
    } else if (url.startsWith("https://")
        || url.startsWith("http://")
        || url.startsWith("ssh://")) {
      kind = Kind.GIT;
      rest = url.substring(url.indexOf("://") + 3);
    } else {
      throw new InvalidFlagException(
          URL,
          URL
              + " '"
              + url
              + "' has no supported scheme: use oci://<registry>/<repository> for an OCI artifact"
              + " (OCIRepository), or https://, http:// or ssh:// for a Git repository"
              + " (GitRepository)");
    }
    if (rest.isEmpty() || rest.startsWith("/") || rest.chars().anyMatch(Character::isWhitespace)) {
      throw new InvalidFlagException(
          URL,
          URL
              + " '"
              + url
              + "' names no host or contains spaces: write it as "
              + (kind == Kind.OCI
                  ? "oci://<registry>/<repository>"
                  : "https://<host>/<path> or ssh://<user>@<host>/<path>"));
    }
    return kind;
  }

  private static String name(String name) {
    if (name.isEmpty()) {
      throw new InvalidFlagException(
          NAME,
          NAME + " is empty: leave it unset for the default " + DEFAULT_NAME + ", or name it");
    }
    if (name.length() > MAX_NAME || !OBJECT_NAME.matcher(name).matches()) {
      throw new InvalidFlagException(
          NAME,
          NAME
              + " '"
              + name
              + "' is not a Kubernetes name: use at most "
              + MAX_NAME
              + " lower-case letters, digits, '-' and '.', starting and ending with a letter or"
              + " digit (e.g. "
              + DEFAULT_NAME
              + ")");
    }
    return name;
  }

  private static String secret(String secret) {
    if (!secret.isEmpty() && (secret.length() > 253 || !OBJECT_NAME.matcher(secret).matches())) {
      throw new InvalidFlagException(
          SECRET,
          SECRET
              + " '"
              + secret
              + "' is not a Secret name: use lower-case letters, digits, '-' and '.', starting and"
              + " ending with a letter or digit");
    }
    return secret;
  }

  /**
   * {@code key=value} pairs separated by commas, each split on its first {@code =} (a value may
   * hold {@code =}); blank pairs are skipped, as Cozystack does.
   */
  static Map<String, String> refs(Kind kind, String spec) {
    Map<String, String> refs = new LinkedHashMap<>();
    if (spec.isEmpty()) {
      return refs;
    }
    for (String raw : spec.split(",")) {
      String pair = raw.trim();
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq < 0) {
        throw refError("'" + pair + "' is not key=value: write e.g. " + example(kind));
      }
      String key = pair.substring(0, eq).trim();
      String value = pair.substring(eq + 1).trim();
      if (key.isEmpty()) {
        throw refError("'" + pair + "' has no key: write e.g. " + example(kind));
      }
      if (value.isEmpty()) {
        throw refError("key " + key + " has no value: write e.g. " + example(kind));
      }
      if (!kind.refKeys().contains(key)) {
        throw refError(
            "key "
                + key
                + " is not valid for "
                + (kind == Kind.OCI ? "an OCI URL (OCIRepository)" : "a Git URL (GitRepository)")
                + "; valid keys: "
                + String.join(", ", kind.refKeys()));
      }
      if (refs.putIfAbsent(key, value) != null) {
        throw refError("key " + key + " is given twice: keep one");
      }
      checkValue(key, value);
    }
    return refs;
  }

  private static void checkValue(String key, String value) {
    if (key.equals("digest") && !DIGEST.matcher(value).matches()) {
      throw refError(
          "key digest must be sha256:<64 lower-case hex digits>, got '"
              + value
              + "': copy the digest the registry printed on push");
    }
    if (key.equals("commit") && !COMMIT.matcher(value).matches()) {
      throw refError(
          "key commit must be a hexadecimal commit SHA of at least 7 characters, got '"
              + value
              + "'");
    }
  }

  private static String example(Kind kind) {
    return kind == Kind.OCI ? "tag=v1.0.0 or digest=sha256:<hash>" : "branch=main or tag=v1.0.0";
  }

  private static InvalidFlagException refError(String detail) {
    return new InvalidFlagException(REF, REF + " " + detail);
  }

  private static String trim(String value) {
    return value == null ? "" : value.trim();
  }
}
