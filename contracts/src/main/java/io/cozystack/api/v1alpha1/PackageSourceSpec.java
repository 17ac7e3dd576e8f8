package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/** Spec of a {@link PackageSource}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PackageSourceSpec(
    @JsonPropertyDescription(
            "The Flux source holding the charts. Absent: no artifacts are generated (Ready=Unknown).")
        PackageSourceRef sourceRef,
    @JsonPropertyDescription("The variants a Package can choose; the default one is named default.")
        List<Variant> variants,
    @JsonPropertyDescription(
            "What the catalog this source comes from needs of the platform (from its catalog.yaml);"
                + " a Package of an incompatible source is not installed.")
        CatalogRequirements catalog) {}
