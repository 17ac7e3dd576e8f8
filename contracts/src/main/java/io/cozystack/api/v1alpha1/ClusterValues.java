package io.cozystack.api.v1alpha1;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * The platform values every chart reads as {@code _cluster} (contract K2), typed; the single source
 * from which the operator projects {@code cozystack-values} into every tenant and system namespace.
 * Cluster-scoped; exactly one, named {@value #NAME}.
 */
@Group("cozystack.io")
@Version("v1alpha1")
@Plural("clustervalues")
@Singular("clustervalue")
@ShortNames("cozyvalues")
@ValidationRule(
    value = "self.metadata.name == 'cozystack'",
    message = "there is one ClusterValues and it is named 'cozystack'")
@AdditionalPrinterColumn(name = "Root-Host", jsonPath = ".spec.rootHost")
@AdditionalPrinterColumn(name = "Transport", jsonPath = ".spec.transport")
@AdditionalPrinterColumn(name = "Ready", jsonPath = ".status.conditions[?(@.type=='Ready')].status")
@AdditionalPrinterColumn(
    name = "Status",
    jsonPath = ".status.conditions[?(@.type=='Ready')].message")
public class ClusterValues extends CustomResource<ClusterValuesSpec, ClusterValuesStatus> {
  public static final String NAME = "cozystack";
}
