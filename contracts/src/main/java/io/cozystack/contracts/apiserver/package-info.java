/**
 * The rules the API server applies when a platform object is created: its CRD's OpenAPI schema
 * (defaults, types, unknown fields, enums, patterns, formats, bounds, list keys), its CEL rules
 * ({@code x-kubernetes-validations}) and the object metadata rules. {@link ApiServerRules} is the
 * entry point; the validator CLI uses it so that a catalog that passes CI is not refused at
 * install.
 */
package io.cozystack.contracts.apiserver;
