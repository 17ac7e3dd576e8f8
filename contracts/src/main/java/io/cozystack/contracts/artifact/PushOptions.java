package io.cozystack.contracts.artifact;

import java.time.Instant;
import java.util.Optional;

/**
 * How {@link OciPusher} talks to the registry and what it records in the manifest. Start from
 * {@link #defaults()} and change what you need.
 *
 * @param plainHttp use http instead of https; meant for loopback test registries
 * @param username with {@code password}, the registry credentials (basic, or exchanged for a bearer
 *     token when the registry asks for one); empty for anonymous
 * @param password see {@code username}
 * @param source the {@code org.opencontainers.image.source} annotation, e.g. the catalog's Git URL;
 *     empty for the reference's repository URL
 * @param revision the {@code org.opencontainers.image.revision} annotation; empty for {@code
 *     <tag>@sha256:<layer digest>}
 * @param created the {@code org.opencontainers.image.created} annotation; empty leaves it out, so
 *     the same content gives the same manifest digest
 */
public record PushOptions(
    boolean plainHttp,
    Optional<String> username,
    Optional<String> password,
    Optional<String> source,
    Optional<String> revision,
    Optional<Instant> created) {

  public PushOptions {
    if (username.isPresent() != password.isPresent()) {
      throw new IllegalArgumentException("give both a username and a password, or neither");
    }
  }

  /** HTTPS, anonymous, default annotations, no creation time. */
  public static PushOptions defaults() {
    return new PushOptions(
        false,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  public PushOptions withPlainHttp(boolean plain) {
    return new PushOptions(plain, username, password, source, revision, created);
  }

  public PushOptions withCredentials(String user, String secret) {
    return new PushOptions(
        plainHttp, Optional.of(user), Optional.of(secret), source, revision, created);
  }

  public PushOptions withSource(String value) {
    return new PushOptions(plainHttp, username, password, Optional.of(value), revision, created);
  }

  public PushOptions withRevision(String value) {
    return new PushOptions(plainHttp, username, password, source, Optional.of(value), created);
  }

  public PushOptions withCreated(Instant value) {
    return new PushOptions(plainHttp, username, password, source, revision, Optional.of(value));
  }

  /** Never prints the password. */
  @Override
  public String toString() {
    return "PushOptions[plainHttp="
        + plainHttp
        + ", username="
        + username.orElse("")
        + ", password="
        + password.map(p -> "***").orElse("")
        + ", source="
        + source.orElse("")
        + ", revision="
        + revision.orElse("")
        + ", created="
        + created.map(Instant::toString).orElse("")
        + "]";
  }
}
