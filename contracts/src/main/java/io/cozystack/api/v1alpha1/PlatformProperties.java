package io.cozystack.api.v1alpha1;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * What this platform provides (contract K3), published for catalogs to be judged against:
 * capabilities set by the platform's operator (spec, from the Helm values), versions detected by
 * the operator (status). Cluster-scoped; exactly one, named {@value #NAME}.
 */
@Group("cozystack.io")
@Version("v1alpha1")
@Plural("platformproperties")
@Singular("platformproperty")
@ValidationRule(
    value = "self.metadata.name == 'cozystack'",
    message = "there is one PlatformProperties and it is named 'cozystack'")
@AdditionalPrinterColumn(name = "Kubernetes", jsonPath = ".status.kubernetesVersion")
@AdditionalPrinterColumn(name = "Platform", jsonPath = ".status.platformVersion")
public class PlatformProperties
    extends CustomResource<PlatformPropertiesSpec, PlatformPropertiesStatus> {
  public static final String NAME = "cozystack";
}
