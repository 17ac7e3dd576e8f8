package io.cozystack.catalog.services.backups;

/** This catalog's identity, as its drivers register it (kept equal to catalog.yaml by a test). */
public final class ServicesCatalog {
  public static final String NAME = "cozystack.services";
  public static final String VERSION = "0.1.0";

  private ServicesCatalog() {}
}
