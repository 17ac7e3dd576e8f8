package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.catalog.CatalogRights;
import io.cozystack.api.properties.PropertyRequirement;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import java.util.List;

/**
 * What the catalog a PackageSource comes from needs of the platform, copied from its catalog.yaml:
 * its name and version, the oldest platform, the contract version and the K3 properties.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CatalogRequirements(
    @Required String name,
    @Required String version,
    @Required
        @Pattern("^[0-9]+\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?$")
        @JsonPropertyDescription("The oldest platform version the catalog works with.")
        String minPlatformVersion,
    @Required @JsonPropertyDescription("The contract version the catalog was built against.")
        Integer contractVersion,
    @JsonPropertyDescription("Platform properties the catalog needs.")
        List<PropertyRequirement> requires,
    @JsonPropertyDescription(
            "The rights catalog.yaml declares: what the catalog's releases may create when the"
                + " platform does not trust the catalog.")
        CatalogRights rights) {

  public CatalogRequirements(
      String name,
      String version,
      String minPlatformVersion,
      Integer contractVersion,
      List<PropertyRequirement> requires) {
    this(name, version, minPlatformVersion, contractVersion, requires, null);
  }
}
