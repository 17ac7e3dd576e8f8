package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import io.fabric8.crd.generator.annotation.SchemaFrom;

/** Override of one component of a {@link Package}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PackageComponent(
    @JsonPropertyDescription("false: no release; an existing one is removed.") Boolean enabled,
    @PreserveUnknownFields
        @SchemaFrom(type = HelmValues.class)
        @JsonPropertyDescription("Helm values (an object), copied verbatim into the HelmRelease.")
        JsonNode values) {

  /** Schema of {@code values}: an object of any keys ({@code type: object}, kept as is). */
  static final class HelmValues {
    private HelmValues() {}
  }
}
