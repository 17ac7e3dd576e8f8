package io.cozystack.api.v1alpha1;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * Where a package's charts come from (a Flux source) and which variants and components it offers.
 * Cluster-scoped; its name is the package name.
 */
@Group("cozystack.io")
@Version("v1alpha1")
@Plural("packagesources")
@ShortNames("pks")
@AdditionalPrinterColumn(name = "Variants", jsonPath = ".status.variants")
@AdditionalPrinterColumn(name = "Ready", jsonPath = ".status.conditions[?(@.type=='Ready')].status")
@AdditionalPrinterColumn(
    name = "Status",
    jsonPath = ".status.conditions[?(@.type=='Ready')].message")
public class PackageSource extends CustomResource<PackageSourceSpec, PackageSourceStatus> {}
