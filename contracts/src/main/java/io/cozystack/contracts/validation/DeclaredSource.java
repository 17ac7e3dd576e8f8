package io.cozystack.contracts.validation;

import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.Variant;
import java.util.List;

/** A PackageSource the catalog declares in spec.packageSources, and the file it came from. */
record DeclaredSource(String file, PackageSource source) {
  String name() {
    return source.getMetadata().getName();
  }

  List<Variant> variants() {
    return ManifestRules.orEmpty(source.getSpec().variants());
  }
}
