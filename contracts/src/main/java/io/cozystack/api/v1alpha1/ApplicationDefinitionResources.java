package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** Allow-list of an application's objects of one type that its tenant may see. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApplicationDefinitionResources(
    List<ApplicationDefinitionResourceSelector> include,
    List<ApplicationDefinitionResourceSelector> exclude) {}
