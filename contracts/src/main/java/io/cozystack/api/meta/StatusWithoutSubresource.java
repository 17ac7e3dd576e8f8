package io.cozystack.api.meta;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a resource whose status is written together with the object (on create), so its CRD must
 * not declare a status subresource: with one, the API server would drop that status.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface StatusWithoutSubresource {}
