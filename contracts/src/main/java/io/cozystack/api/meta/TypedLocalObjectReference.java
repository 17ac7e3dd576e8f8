package io.cozystack.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Required;

/** {@code corev1.TypedLocalObjectReference}: an object in the same namespace, by group and kind. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TypedLocalObjectReference(
    String apiGroup, @Required String kind, @Required String name) {}
