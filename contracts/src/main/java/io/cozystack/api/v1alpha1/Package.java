package io.cozystack.api.v1alpha1;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * An installation of the {@link PackageSource} of the same name: the chosen variant and
 * per-component overrides. Cluster-scoped.
 */
@Group("cozystack.io")
@Version("v1alpha1")
@Plural("packages")
@ShortNames({"pkg", "pkgs"})
@AdditionalPrinterColumn(name = "Variant", jsonPath = ".spec.variant")
@AdditionalPrinterColumn(name = "Ready", jsonPath = ".status.conditions[?(@.type=='Ready')].status")
@AdditionalPrinterColumn(
    name = "Status",
    jsonPath = ".status.conditions[?(@.type=='Ready')].message")
public class Package extends CustomResource<PackageSpec, PackageStatus> {}
