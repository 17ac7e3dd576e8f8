package io.cozystack.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A plain-HTTP OCI registry on loopback, as {@code host:port}. */
record Registry(String host) {

  /** The registry of a local control plane, from its {@code ports.env}. */
  static Registry fromPorts(Path portsEnv) throws IOException {
    return Files.readAllLines(portsEnv).stream()
        .filter(line -> line.startsWith("REGISTRY_PORT="))
        .map(line -> new Registry("127.0.0.1:" + line.substring("REGISTRY_PORT=".length())))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no REGISTRY_PORT in " + portsEnv));
  }

  /** {@code oci://host/repository}. */
  String url(String repository) {
    return "oci://" + host + "/" + repository;
  }
}
