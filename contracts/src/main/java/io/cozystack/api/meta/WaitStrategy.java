package io.cozystack.api.meta;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How Flux's helm-controller waits for a release: {@code HelmRelease.spec.waitStrategy.name}. */
public enum WaitStrategy {
  @JsonProperty("poller")
  POLLER,
  @JsonProperty("legacy")
  LEGACY
}
