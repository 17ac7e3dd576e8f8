package io.cozystack.operator.apps;

import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The API server's refusal of a CRD generated from an ApplicationDefinition (a schema type it does
 * not know, a default of the wrong type, CEL that does not compile or costs too much, a list map
 * without keys, ...), told as the definition's author can act on it: which CRD, each field the API
 * server names and why, and where in the definition to fix it.
 */
final class CrdRefusal {
  static final String REASON = "CRDRefused";
  private static final String SCHEMA_FIELD = "spec.application.openAPISchema";

  /** Where the API server places the definition's schema in the CRD it validates. */
  private static final List<String> CRD_SCHEMA_ROOTS =
      List.of(
          "spec.validation.openAPIV3Schema.properties[spec]",
          "spec.versions[0].schema.openAPIV3Schema.properties[spec]");

  private CrdRefusal() {}

  /** A refusal of the object itself (422 Invalid, 400 BadRequest), not a transient failure. */
  static boolean isRefusal(KubernetesClientException e) {
    return e.getCode() == 422 || e.getCode() == 400;
  }

  static String describe(String crdName, KubernetesClientException e) {
    return "the API server refused CRD "
        + crdName
        + " generated from this definition: "
        + causes(e.getStatus(), e.getMessage())
        + "; fix spec.application.openAPISchema at the fields named";
  }

  /**
   * A CRD path as the definition's author knows it: the schema's root is the definition's field.
   */
  static String definitionPath(String crdPath) {
    for (String root : CRD_SCHEMA_ROOTS) {
      if (crdPath.startsWith(root)) {
        return SCHEMA_FIELD + crdPath.substring(root.length());
      }
    }
    return crdPath;
  }

  private static String causes(Status status, String fallback) {
    List<StatusCause> causes =
        status == null || status.getDetails() == null || status.getDetails().getCauses() == null
            ? List.of()
            : status.getDetails().getCauses();
    if (causes.isEmpty()) {
      return status != null && status.getMessage() != null ? status.getMessage() : fallback;
    }
    return causes.stream()
        .map(
            c ->
                c.getField() == null
                    ? c.getMessage()
                    : definitionPath(c.getField()) + ": " + c.getMessage())
        .distinct()
        .collect(Collectors.joining("; "));
  }
}
