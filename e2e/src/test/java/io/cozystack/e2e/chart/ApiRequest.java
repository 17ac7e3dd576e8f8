package io.cozystack.e2e.chart;

import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import java.net.URI;
import java.util.List;

/** A Kubernetes API request as RBAC sees it: verb, API group, resource (with subresource). */
record ApiRequest(String verb, String group, String resource) {

  static ApiRequest of(String method, URI uri) {
    String[] parts = uri.getPath().replaceFirst("^/", "").split("/");
    // /api/v1/... or /apis/<group>/<version>/...
    int start = parts[0].equals("api") ? 2 : 3;
    String group = parts[0].equals("api") ? "" : parts[1];
    int i = start;
    if (i < parts.length && parts[i].equals("namespaces") && i + 2 < parts.length) {
      i += 2;
    }
    String resource = i < parts.length ? parts[i] : "";
    boolean named = i + 1 < parts.length;
    if (i + 2 < parts.length) {
      resource += "/" + parts[i + 2];
    }
    String query = uri.getQuery() == null ? "" : uri.getQuery();
    String verb =
        switch (method) {
          case "GET" -> query.contains("watch=true") ? "watch" : named ? "get" : "list";
          case "POST" -> "create";
          case "PUT" -> "update";
          case "PATCH" -> "patch";
          case "DELETE" -> "delete";
          default -> method.toLowerCase(java.util.Locale.ROOT);
        };
    return new ApiRequest(verb, group, resource);
  }

  static ApiRequest parse(String text) {
    String[] p = text.split(" ", -1);
    return new ApiRequest(p[0], p[1], p[2]);
  }

  boolean allowedBy(List<PolicyRule> rules) {
    return rules.stream()
        .anyMatch(
            r ->
                (r.getApiGroups().contains(group) || r.getApiGroups().contains("*"))
                    && (r.getResources().contains(resource)
                        || r.getResources().contains("*")
                        || (resource.contains("/")
                            && r.getResources()
                                .contains("*/" + resource.substring(resource.indexOf('/') + 1))))
                    && (r.getVerbs().contains(verb) || r.getVerbs().contains("*")));
  }

  @Override
  public String toString() {
    return verb + " " + group + " " + resource;
  }
}
