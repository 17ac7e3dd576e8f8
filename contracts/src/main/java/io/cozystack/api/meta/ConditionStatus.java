package io.cozystack.api.meta;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The three values of {@code metav1.ConditionStatus}. */
public enum ConditionStatus {
  @JsonProperty("True")
  TRUE,
  @JsonProperty("False")
  FALSE,
  @JsonProperty("Unknown")
  UNKNOWN
}
