/**
 * What an ApplicationDefinition serves: the CRD of its kind ({@link
 * io.cozystack.contracts.definition.ApplicationCrdRenderer}), with the schema's defaults and the
 * platform's reserved keys. The operator creates that CRD; the validator judges instances against
 * it, and says whether the API server will accept it, before any cluster sees the catalog.
 */
package io.cozystack.contracts.definition;
