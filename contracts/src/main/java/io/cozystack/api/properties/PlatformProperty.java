package io.cozystack.api.properties;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/**
 * The vocabulary of what a platform provides (contract K3), by dotted name. A catalog requires some
 * of them; the platform publishes the ones it has.
 */
public enum PlatformProperty {
  NETWORK_MULTUS("network.multus", Kind.FLAG),
  NETWORK_STABLE_VM_ADDRESS("network.stableVMAddress", Kind.FLAG),
  NETWORK_LOAD_BALANCER("network.loadBalancer", Kind.FLAG),
  STORAGE_DEFAULT_CLASS("storage.defaultClass", Kind.FLAG),
  STORAGE_RWX("storage.rwx", Kind.FLAG),
  STORAGE_SNAPSHOTS("storage.snapshots", Kind.FLAG),
  STORAGE_OBJECT_STORAGE("storage.objectStorage", Kind.FLAG),
  GPU_HOST_STACK("gpu.hostStack", Kind.FLAG),
  GPU_MIG("gpu.mig", Kind.FLAG),
  KUBERNETES_VERSION("kubernetes.version", Kind.VERSION),
  PLATFORM_VERSION("platform.version", Kind.VERSION);

  /** A flag is present or not; a version is compared with a requirement's minimum. */
  public enum Kind {
    FLAG,
    VERSION
  }

  private final String key;
  private final Kind kind;

  PlatformProperty(String key, Kind kind) {
    this.key = key;
    this.kind = kind;
  }

  @JsonValue
  public String key() {
    return key;
  }

  public Kind kind() {
    return kind;
  }

  @JsonCreator
  public static PlatformProperty of(String key) {
    return Arrays.stream(values())
        .filter(p -> p.key.equals(key))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown platform property '"
                        + key
                        + "'; known: "
                        + Arrays.stream(values()).map(PlatformProperty::key).toList()));
  }
}
