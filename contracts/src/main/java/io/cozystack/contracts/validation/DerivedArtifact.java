package io.cozystack.contracts.validation;

import io.cozystack.api.v1alpha1.ArtifactNaming;
import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.Variant;

/** One component with a path: the ExternalArtifact it derives, and where it is declared. */
record DerivedArtifact(
    DeclaredSource source, Variant variant, Component component, String artifact) {
  /** The chart directory the component copies, from the catalog root. */
  String path() {
    return ArtifactNaming.trimSlashes(component.path());
  }

  String describe() {
    return "component "
        + component.name()
        + " of variant "
        + variant.name()
        + " of PackageSource "
        + source.name()
        + " ("
        + source.file()
        + ")";
  }
}
