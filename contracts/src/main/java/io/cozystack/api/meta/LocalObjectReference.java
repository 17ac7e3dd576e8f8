package io.cozystack.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Required;

/** {@code corev1.LocalObjectReference}: an object in the same namespace, by name. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LocalObjectReference(@Required String name) {}
