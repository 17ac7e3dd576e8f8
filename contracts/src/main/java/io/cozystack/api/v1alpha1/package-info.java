/**
 * {@code cozystack.io/v1alpha1}: PackageSource, Package and ApplicationDefinition, wire-compatible
 * with Cozystack's types of the same names.
 */
package io.cozystack.api.v1alpha1;
