package io.cozystack.contracts.validation;

import io.cozystack.contracts.artifact.OciPusher;
import io.cozystack.contracts.artifact.OciReference;
import io.cozystack.contracts.artifact.PushOptions;
import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cozy-catalog push}: validate, package and push the catalog as a Flux OCI artifact. */
@Command(
    name = "push",
    mixinStandardHelpOptions = true,
    description = {
      "Validate and package a catalog, then push it as a Flux OCI artifact (the format of"
          + " `flux push artifact`) through the OCI distribution API. Prints"
          + " oci://<host>/<repository>:<tag>@sha256:<manifest digest>."
    })
final class PushCommand implements Callable<Integer> {
  @Mixin PublishInput input;

  @Parameters(
      index = "1",
      paramLabel = "oci://<host[:port]>/<repository>:<tag>",
      description = "Where to push it.")
  String reference;

  @Option(
      names = "--plain-http",
      description =
          "Use http instead of https. For loopback test registries (e.g. a registry on"
              + " 127.0.0.1); without it http is never used, not even for the token service.")
  boolean plainHttp;

  @Option(
      names = "--username",
      defaultValue = "${env:COZY_REGISTRY_USERNAME}",
      description = "Registry user. Default: $COZY_REGISTRY_USERNAME.")
  String username;

  @Option(
      names = "--password",
      defaultValue = "${env:COZY_REGISTRY_PASSWORD}",
      description =
          "Registry password or token. Default: $COZY_REGISTRY_PASSWORD (prefer it: a command"
              + " line is visible to other users).")
  String password;

  @Option(
      names = "--source",
      description =
          "The org.opencontainers.image.source annotation, e.g. the catalog's Git URL."
              + " Default: oci://<host>/<repository>.")
  String source;

  @Option(
      names = "--revision",
      description =
          "The org.opencontainers.image.revision annotation, e.g. main@sha1:<commit>."
              + " Default: <tag>@sha256:<layer digest>.")
  String revision;

  @Option(
      names = "--created",
      paramLabel = "<RFC 3339 time|now>",
      description =
          "Add the org.opencontainers.image.created annotation. Left out by default, so the same"
              + " catalog gives the same manifest digest.")
  String created;

  @Override
  public Integer call() {
    OciReference ref = reference();
    PushOptions options = options();
    try {
      int validation = input.validate("pushed");
      if (validation != CatalogCli.OK) {
        return validation;
      }
      String digest = OciPusher.push(input.directory(), ref, options);
      System.out.println(ref + "@" + digest);
      return CatalogCli.OK;
    } catch (IOException e) {
      return PublishInput.fail("push", e);
    }
  }

  private OciReference reference() {
    try {
      return OciReference.parse(reference);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  private PushOptions options() {
    if ((username == null) != (password == null)) {
      throw usage(
          "give both --username and --password (or COZY_REGISTRY_USERNAME and"
              + " COZY_REGISTRY_PASSWORD), or neither");
    }
    PushOptions options = PushOptions.defaults().withPlainHttp(plainHttp);
    if (username != null) {
      options = options.withCredentials(username, password);
    }
    if (source != null) {
      options = options.withSource(source);
    }
    if (revision != null) {
      options = options.withRevision(revision);
    }
    return created == null ? options : options.withCreated(createdTime());
  }

  private Instant createdTime() {
    if (created.equals("now")) {
      return Instant.now();
    }
    try {
      return OffsetDateTime.parse(created).toInstant();
    } catch (DateTimeParseException e) {
      throw usage("--created " + created + " is not an RFC 3339 time like 2026-01-31T12:00:00Z");
    }
  }

  private CommandLine.ParameterException usage(String message) {
    return new CommandLine.ParameterException(input.spec.commandLine(), message);
  }
}
