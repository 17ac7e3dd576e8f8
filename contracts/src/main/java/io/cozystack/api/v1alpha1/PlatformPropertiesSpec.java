package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** The capabilities a platform has; an absent or false flag means it does not have it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlatformPropertiesSpec(Network network, Storage storage, Gpu gpu) {

  /** Networking capabilities. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Network(
      @JsonPropertyDescription("Multus secondary networks (network.multus).") Boolean multus,
      @JsonPropertyDescription(
              "VMs keep their IP address across restarts (network.stableVMAddress).")
          Boolean stableVMAddress,
      @JsonPropertyDescription(
              "Services of type LoadBalancer get an address (network.loadBalancer).")
          Boolean loadBalancer) {}

  /** Storage capabilities. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Storage(
      @JsonPropertyDescription("A default StorageClass exists (storage.defaultClass).")
          Boolean defaultClass,
      @JsonPropertyDescription("ReadWriteMany volumes (storage.rwx).") Boolean rwx,
      @JsonPropertyDescription("Volume snapshots (storage.snapshots).") Boolean snapshots,
      @JsonPropertyDescription("S3-compatible object storage (storage.objectStorage).")
          Boolean objectStorage) {}

  /** GPU capabilities. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Gpu(
      @JsonPropertyDescription("The GPU host stack (drivers, device plugin) (gpu.hostStack).")
          Boolean hostStack,
      @JsonPropertyDescription("Multi-Instance GPU partitioning (gpu.mig).") Boolean mig) {}
}
