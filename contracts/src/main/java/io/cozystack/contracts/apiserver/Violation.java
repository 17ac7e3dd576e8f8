package io.cozystack.contracts.apiserver;

/**
 * One rule the API server would refuse the object for: the field, Kubernetes' field path ({@code
 * spec.release.prefix}, {@code spec.components[0].name}, {@code metadata.labels[a/b]}; empty for
 * the object as a whole), and why.
 */
public record Violation(String field, String message) {
  public String describe() {
    return (field.isEmpty() ? "(the object)" : field) + ": " + message;
  }
}
