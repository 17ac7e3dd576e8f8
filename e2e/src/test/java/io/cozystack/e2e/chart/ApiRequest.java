package io.cozystack.e2e.chart;

import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import java.net.URI;
import java.util.List;

/**
 * A Kubernetes API request as RBAC sees it: verb, API group, resource (with subresource), and the
 * namespace and object name it is about (null when none). A path that names no resource (API
 * discovery, {@code /version}) is a non-resource request: verb {@code get}, empty group, the path
 * as resource.
 *
 * <p>Its text form is {@code verb group resource[ in NAMESPACE][ named NAME]} (an empty group gives
 * two spaces); {@link #parse} reads it back, also without the optional parts.
 */
public record ApiRequest(
    String verb, String group, String resource, String namespace, String name) {

  public static ApiRequest of(String method, URI uri) {
    String path = uri.getPath();
    String[] parts = path.replaceFirst("^/", "").split("/");
    boolean core = parts[0].equals("api");
    int start = core ? 2 : 3;
    if (!(core || parts[0].equals("apis")) || parts.length <= start) {
      return new ApiRequest(method.toLowerCase(java.util.Locale.ROOT), "", path, null, null);
    }
    String group = core ? "" : parts[1];
    int i = start;
    String namespace = null;
    if (parts[i].equals("namespaces") && i + 2 < parts.length) {
      namespace = parts[i + 1];
      i += 2;
    }
    String resource = parts[i];
    String name = i + 1 < parts.length ? parts[i + 1] : null;
    if (i + 2 < parts.length) {
      resource += "/" + parts[i + 2];
    }
    if (resource.equals("namespaces") && name != null) {
      namespace = name; // RBAC sees a request on namespace X as one in namespace X
    }
    String query = uri.getQuery() == null ? "" : uri.getQuery();
    if (name == null) {
      // A list or watch selecting one name by field is a request on that name (as RBAC sees it).
      for (String param : query.split("&")) {
        if (param.startsWith("fieldSelector=metadata.name=")) {
          name = param.substring("fieldSelector=metadata.name=".length());
        }
      }
    }
    boolean named = i + 1 < parts.length;
    String verb =
        switch (method) {
          case "GET" -> query.contains("watch=true") ? "watch" : named ? "get" : "list";
          case "POST" -> "create";
          case "PUT" -> "update";
          case "PATCH" -> "patch";
          case "DELETE" -> named ? "delete" : "deletecollection";
          default -> method.toLowerCase(java.util.Locale.ROOT);
        };
    return new ApiRequest(verb, group, resource, namespace, name);
  }

  public static ApiRequest parse(String text) {
    String[] p = text.split(" ", -1);
    String namespace = null;
    String name = null;
    for (int i = 3; i + 1 < p.length; i += 2) {
      switch (p[i]) {
        case "in" -> namespace = p[i + 1];
        case "named" -> name = p[i + 1];
        default -> throw new IllegalArgumentException("not an API request: " + text);
      }
    }
    return new ApiRequest(p[0], p[1], p[2], namespace, name);
  }

  /** The same request with another verb (server-side apply that created: a create). */
  public ApiRequest withVerb(String other) {
    return new ApiRequest(other, group, resource, namespace, name);
  }

  /** Whether this is a request on a path rather than on a resource (discovery, /version). */
  public boolean nonResource() {
    return resource.startsWith("/");
  }

  /**
   * Whether one of {@code rules} allows this request, wherever they are bound (the caller checks
   * that a Role's rules are used only for requests in its namespace). A rule with resourceNames
   * allows only requests that name one of them.
   */
  public boolean allowedBy(List<PolicyRule> rules) {
    return rules.stream().anyMatch(this::allowedBy);
  }

  private boolean allowedBy(PolicyRule r) {
    if (!(r.getVerbs().contains(verb) || r.getVerbs().contains("*"))) {
      return false;
    }
    if (nonResource()) {
      return r.getNonResourceURLs().stream()
          .anyMatch(
              u ->
                  u.equals(resource)
                      || (u.endsWith("*") && resource.startsWith(u.substring(0, u.length() - 1))));
    }
    return (r.getApiGroups().contains(group) || r.getApiGroups().contains("*"))
        && (r.getResources().contains(resource)
            || r.getResources().contains("*")
            || (resource.contains("/")
                && r.getResources().contains("*/" + resource.substring(resource.indexOf('/') + 1))))
        && (r.getResourceNames().isEmpty() || r.getResourceNames().contains(name));
  }

  @Override
  public String toString() {
    return verb
        + " "
        + group
        + " "
        + resource
        + (namespace != null ? " in " + namespace : "")
        + (name != null ? " named " + name : "");
  }
}
