package io.cozystack.contracts.apiserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The API server's rules on created platform objects, one rule at a time; that the verdicts agree
 * with a real API server's is the e2e suite's {@code ApiServerAgreementIT}.
 */
class ApiServerRulesTest {
  private static final ApiServerRules RULES = ApiServerRules.platform();
  private static final YAMLMapper YAML = new YAMLMapper();

  private static final String SOURCE =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: PackageSource
      metadata: {name: cozystack.acme}
      spec:
        sourceRef: {kind: OCIRepository, name: acme, namespace: cozy-system}
        variants:
          - name: default
            components:
              - name: acme
                path: charts/acme
      """;

  private static List<String> violations(String yaml) throws Exception {
    ApiServerRules.Result result = RULES.create(YAML.readTree(yaml));
    assertThat(result.known()).isTrue();
    return result.violations().stream().map(Violation::describe).toList();
  }

  @Test
  void aValidObjectIsAccepted() throws Exception {
    assertThat(violations(SOURCE)).isEmpty();
  }

  @Test
  void aKindNoCrdServesIsNotJudged() throws Exception {
    ApiServerRules.Result result =
        RULES.create(YAML.readTree("{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}"));
    assertThat(result.known()).isFalse();
    assertThat(result.accepted()).isTrue();
  }

  @Test
  void unknownFieldsWrongTypesAndEnumsAreNamedByTheirPath() throws Exception {
    String yaml =
        SOURCE
            .replace("kind: OCIRepository", "kind: HelmRepository")
            .replace("path: charts/acme", "path: charts/acme\n          colour: blue")
            .replace("name: default", "name: 7");
    assertThat(violations(yaml))
        .anyMatch(v -> v.startsWith("spec.sourceRef.kind: Unsupported value: \"HelmRepository\""))
        .anyMatch(v -> v.startsWith("spec.variants[0].components[0].colour: unknown field"))
        .anyMatch(v -> v.startsWith("spec.variants[0].name: Invalid value: \"integer\""));
  }

  @Test
  void patternsAreGoRegularExpressionsFoundAnywhereInTheValue() throws Exception {
    String definition =
        """
        apiVersion: cozystack.io/v1alpha1
        kind: ApplicationDefinition
        metadata: {name: acme}
        spec:
          application: {kind: Acme, plural: acmes, singular: acme, openAPISchema: '{"type":"object"}'}
          release:
            prefix: %s
            chartRef: {kind: ExternalArtifact, name: acme, namespace: cozy-public}
        """;
    assertThat(violations(definition.formatted("acme-"))).isEmpty();
    assertThat(violations(definition.formatted("bad.prefix-")))
        .containsExactly(
            "spec.release.prefix: Invalid value: \"bad.prefix-\": should match '^[a-z0-9-]*$'");
  }

  @Test
  void metadataNamesLabelsAndAnnotationsFollowKubernetesRules() throws Exception {
    String yaml =
        SOURCE.replace(
            "metadata: {name: cozystack.acme}",
            "metadata: {name: Cozystack.Acme, labels: {ok/x: 'has space'}, annotations: {'-bad': v}}");
    assertThat(violations(yaml))
        .anyMatch(v -> v.startsWith("metadata.name: Invalid value: \"Cozystack.Acme\""))
        .anyMatch(v -> v.startsWith("metadata.labels[ok/x]: Invalid value"))
        .anyMatch(v -> v.startsWith("metadata.annotations[-bad]: Invalid value"));
  }

  @Test
  void celRulesAreEvaluatedAndTransitionRulesDoNotApplyToACreate() throws Exception {
    String driver =
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupDriver
        metadata: {name: %s}
        spec:
          driver: velero.example.org
          catalog: {name: cozystack.services, version: 0.1.0}
          contractVersion: 1
          strategies: [{apiGroup: strategy.backups.cozystack.io, kind: Velero}]
        """;
    assertThat(violations(driver.formatted("velero.example.org"))).isEmpty();
    assertThat(violations(driver.formatted("other")))
        .containsExactly(
            "(the object): Invalid value: a BackupDriver is named after its spec.driver");
  }

  @Test
  void defaultsApplyBeforeValidationAndNullsWithoutOneAreDropped() throws Exception {
    JsonNode values =
        YAML.readTree(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: ClusterValues
            metadata: {name: cozystack}
            spec:
              rootHost: example.org
              extensions: {dropped: null}
            """);
    assertThat(RULES.create(values).violations()).isEmpty();
    assertThat(
            violations(
                "{apiVersion: cozystack.io/v1alpha1, kind: ClusterValues, metadata: {name: other}}"))
        .containsExactly(
            "(the object): Invalid value: there is one ClusterValues and it is named 'cozystack'");
  }

  @Test
  void aRuleCallingAFunctionCelJavaLacksIsUncheckedNotRefused() {
    assertThat(ApiServerRules.celCompileError("self.size() > 0 && self.startsWith('a')")).isEmpty();
    assertThat(ApiServerRules.celCompileError("quantity(self).isGreaterThan(quantity('1'))"))
        .isPresent();
  }

  private static List<String> schemaViolations(String property) throws Exception {
    JsonNode schema =
        YAML.readTree(
            "{type: object, properties: {spec: {type: object, properties: {field: "
                + property
                + "}}}}");
    return ApiServerRules.schema(schema).violations().stream().map(Violation::describe).toList();
  }

  @Test
  void aCrdSchemaIsJudgedAsTheApiServerJudgesItBeforeServingTheKind() throws Exception {
    assertThat(schemaViolations("{type: foo}"))
        .singleElement()
        .asString()
        .startsWith("properties[spec].properties[field].type: Unsupported value: \"foo\"");
    assertThat(schemaViolations("{type: integer, maximum: 3, default: 4}"))
        .singleElement()
        .asString()
        .startsWith("properties[spec].properties[field].default: Invalid value: 4");
    assertThat(
            schemaViolations("{type: array, x-kubernetes-list-type: map, items: {type: string}}"))
        .anyMatch(v -> v.contains("x-kubernetes-list-map-keys: Required value"));
    assertThat(schemaViolations("{type: integer, x-kubernetes-validations: [{rule: 'self >'}]}"))
        .singleElement()
        .asString()
        .contains(
            "x-kubernetes-validations[0].rule: Invalid value: \"self >\": compilation failed");
    assertThat(
            schemaViolations(
                "{type: integer, minimum: 1, default: 3, x-kubernetes-validations: [{rule: 'self > 0'}]}"))
        .isEmpty();
  }

  @Test
  void aRuleWithAKubernetesOnlyFunctionIsLeftUncheckedNotRefused() throws Exception {
    JsonNode schema =
        YAML.readTree(
            "{type: object, properties: {size: {type: string, x-kubernetes-validations:"
                + " [{rule: \"quantity(self).isGreaterThan(quantity('1'))\"}]}}}");
    ApiServerRules.Result result = ApiServerRules.schema(schema);
    assertThat(result.violations()).isEmpty();
    assertThat(result.unchecked()).singleElement().asString().contains("quantity");
  }
}
