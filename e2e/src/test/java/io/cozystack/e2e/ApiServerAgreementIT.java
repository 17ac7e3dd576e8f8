package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.contracts.definition.ApplicationCrdRenderer;
import io.cozystack.contracts.validation.DefinitionCheck;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cozy-catalog check} says what the API server says: every manifest of the {@link
 * AgreementCorpus} is judged by the CLI (the built jar, as a catalog author runs it) and by a
 * server-side dry-run create with strict field validation on the real API server; the verdicts must
 * match one for one. An object that already exists (409) was validated before storage said so, and
 * counts as accepted.
 */
@ExtendWith(KubernetesExtension.class)
class ApiServerAgreementIT {
  @Kube static KubernetesClient client;
  @Kube static String namespace;

  @TempDir static Path corpusDir;

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theCliAndTheApiServerGiveTheSameVerdictOnEveryManifestOfTheCorpus() throws Exception {
    AgreementCorpus.Corpus built = AgreementCorpus.build(ControlPlane.repoRoot());
    Map<String, JsonNode> corpus = built.cases();
    Path crds = Files.createDirectories(corpusDir.resolveSibling("crds"));
    for (JsonNode crd : built.crds()) {
      String name = crd.path("metadata").path("name").asText();
      Files.writeString(crds.resolve(name + ".yaml"), new YAMLMapper().writeValueAsString(crd));
      serve(crd);
    }
    for (Map.Entry<String, JsonNode> c : corpus.entrySet()) {
      Files.writeString(
          corpusDir.resolve(c.getKey() + ".yaml"),
          new YAMLMapper().writeValueAsString(c.getValue()));
    }
    Set<String> refusedByCli = cliRefusals(crds);
    List<String> disagreements = new ArrayList<>();
    int refusedByServer = 0;
    int definitionsServed = 0;
    int definitionsRefused = 0;
    for (Map.Entry<String, JsonNode> c : corpus.entrySet()) {
      String server = dryRunCreate(c.getValue());
      boolean serverRefused = refused(c.getKey(), server);
      if (!serverRefused && "ApplicationDefinition".equals(c.getValue().path("kind").asText())) {
        // The definition is accepted; the CRD its kind is served by must be too.
        server = servedCrdDryRun(c.getValue());
        serverRefused = refused(c.getKey(), server);
        definitionsServed += serverRefused ? 0 : 1;
        definitionsRefused += serverRefused ? 1 : 0;
      }
      refusedByServer += serverRefused ? 1 : 0;
      if (serverRefused != refusedByCli.contains(c.getKey() + ".yaml")) {
        disagreements.add(
            c.getKey()
                + ": API server "
                + server.substring(0, Math.min(300, server.length()))
                + "; CLI "
                + (serverRefused ? "accepted" : "refused"));
      }
    }
    int agreed = corpus.size() - disagreements.size();
    System.out.printf(
        "[agreement] %d manifests: CLI and API server agree on %d (%.1f%%); the server refused %d"
            + " and accepted %d%n",
        corpus.size(),
        agreed,
        100.0 * agreed / corpus.size(),
        refusedByServer,
        corpus.size() - refusedByServer);
    System.out.printf(
        "[agreement] of them %d definitions: the CRD each serves accepted for %d, refused for %d%n",
        definitionsServed + definitionsRefused, definitionsServed, definitionsRefused);
    assertThat(disagreements).isEmpty();
    assertThat(definitionsRefused).isGreaterThanOrEqualTo(15);
    assertThat(corpus.size()).isGreaterThanOrEqualTo(50);
    assertThat(refusedByServer).isGreaterThanOrEqualTo(25);
    assertThat(corpus.size() - refusedByServer).isGreaterThanOrEqualTo(25);
  }

  /**
   * 422 (invalid) and 400 (strict decoding) are refusals; 2xx and 409 AlreadyExists acceptances;
   * anything else is no verdict and fails the test.
   */
  private static boolean refused(String name, String server) {
    if (server.startsWith("2") || (server.startsWith("409") && server.contains("AlreadyExists"))) {
      return false;
    }
    if (server.startsWith("422") || server.startsWith("400")) {
      return true;
    }
    throw new AssertionError(name + ": no verdict from the API server: " + server);
  }

  /** Creates (or replaces) the CRD of a catalog's kind and waits until it is served. */
  private static void serve(JsonNode crd) {
    CustomResourceDefinition definition =
        Serialization.jsonMapper().convertValue(crd, CustomResourceDefinition.class);
    client
        .apiextensions()
        .v1()
        .customResourceDefinitions()
        .resource(definition)
        .forceConflicts()
        .serverSideApply();
    client
        .apiextensions()
        .v1()
        .customResourceDefinitions()
        .withName(definition.getMetadata().getName())
        .waitUntilCondition(
            c ->
                c != null
                    && c.getStatus() != null
                    && c.getStatus().getConditions() != null
                    && c.getStatus().getConditions().stream()
                        .anyMatch(
                            x -> "Established".equals(x.getType()) && "True".equals(x.getStatus())),
            1,
            TimeUnit.MINUTES);
  }

  @AfterAll
  static void removeTheCatalogKinds() {
    client.apiextensions().v1().customResourceDefinitions().withLabel("e2e", "agreement").delete();
  }

  /**
   * The files {@code cozy-catalog check --output json} finds an error in (warnings: no verdict).
   */
  private static Set<String> cliRefusals(Path crds) throws Exception {
    Path jar = ControlPlane.repoRoot().resolve("contracts/target/cozy-catalog.jar");
    Path out = Files.createTempFile(corpusDir.getParent(), "check", ".json");
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                jar.toString(),
                "check",
                "--crds",
                crds.toString(),
                "--output",
                "json",
                ".")
            .directory(corpusDir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
    String output = Files.readString(out);
    assertThat(process.exitValue()).as(output).isIn(0, 1);
    Set<String> files = new HashSet<>();
    for (JsonNode finding : JSON.readTree(output).path("findings")) {
      if (!"warning".equals(finding.path("severity").asText())) {
        files.add(Path.of(finding.path("file").asText()).getFileName().toString());
      }
    }
    return files;
  }

  /**
   * The CRD the operator would create for the definition, dry-run created; "2xx" when the operator
   * would not render one (it refuses the definition first, and serves nothing).
   */
  private static String servedCrdDryRun(JsonNode manifest) throws Exception {
    ApplicationDefinition definition =
        Serialization.jsonMapper().convertValue(manifest, ApplicationDefinition.class);
    var check = DefinitionCheck.check(definition);
    if (check.schema().isEmpty()) {
      return "200 the operator serves nothing for it: " + check.problems();
    }
    JsonNode crd =
        Serialization.jsonMapper()
            .valueToTree(ApplicationCrdRenderer.render(definition, check.schema().get()).crd());
    var request =
        client
            .getHttpClient()
            .newHttpRequestBuilder()
            .uri(
                client.getMasterUrl()
                    + "apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All&fieldValidation=Strict")
            .post("application/json", crd.toString())
            .build();
    var response = client.getHttpClient().sendAsync(request, String.class).get();
    return response.code() + " " + response.body();
  }

  /** POST with dryRun=All and fieldValidation=Strict (as kubectl asks); code and body. */
  private static String dryRunCreate(JsonNode manifest) throws Exception {
    ObjectNode object = manifest.deepCopy();
    String[] apiVersion = object.path("apiVersion").asText().split("/");
    String kind = object.path("kind").asText();
    var resource =
        client.getApiResources(object.path("apiVersion").asText()).getResources().stream()
            .filter(r -> r.getKind().equals(kind) && !r.getName().contains("/"))
            .findFirst()
            .orElseThrow(() -> new AssertionError(kind + " is not served"));
    String path = "apis/" + apiVersion[0] + "/" + apiVersion[1] + "/";
    if (resource.getNamespaced()) {
      ((ObjectNode) object.get("metadata")).put("namespace", namespace);
      path += "namespaces/" + namespace + "/";
    }
    var request =
        client
            .getHttpClient()
            .newHttpRequestBuilder()
            .uri(
                client.getMasterUrl()
                    + path
                    + resource.getName()
                    + "?fieldValidation=Strict&dryRun=All")
            .post("application/json", object.toString())
            .build();
    var response = client.getHttpClient().sendAsync(request, String.class).get();
    return response.code() + " " + response.body();
  }
}
