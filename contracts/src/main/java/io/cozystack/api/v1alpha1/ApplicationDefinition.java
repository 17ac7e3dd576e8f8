package io.cozystack.api.v1alpha1;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * Declares an application kind tenants can order (contract K1) and how it is shown (K6).
 * Cluster-scoped. Cozystack's type has no status; ours adds one to report whether the kind is
 * served.
 */
@Group("cozystack.io")
@Version("v1alpha1")
@Plural("applicationdefinitions")
@AdditionalPrinterColumn(name = "Kind", jsonPath = ".spec.application.kind")
@AdditionalPrinterColumn(name = "Ready", jsonPath = ".status.conditions[?(@.type=='Ready')].status")
@ValidationRule(
    value = "size(self.metadata.name) <= " + ApplicationDefinition.NAME_LIMIT,
    message =
        "an ApplicationDefinition's name has at most "
            + ApplicationDefinition.NAME_LIMIT
            + " characters: the CRD it serves carries it as a label value")
public class ApplicationDefinition
    extends CustomResource<ApplicationDefinitionSpec, ApplicationDefinitionStatus> {
  /** A label value's limit: the served CRD is labelled with the definition's name. */
  public static final int NAME_LIMIT = 63;
}
