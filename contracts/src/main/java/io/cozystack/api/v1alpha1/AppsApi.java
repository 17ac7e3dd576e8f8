package io.cozystack.api.v1alpha1;

/** Names of the served application API (contract K1). */
public final class AppsApi {
  public static final String GROUP = "apps.cozystack.io";
  public static final String VERSION = "v1alpha1";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  /** Labels every application HelmRelease carries. */
  public static final String KIND_LABEL = "apps.cozystack.io/application.kind";

  public static final String GROUP_LABEL = "apps.cozystack.io/application.group";
  public static final String NAME_LABEL = "apps.cozystack.io/application.name";

  /** Label on a generated CRD naming the ApplicationDefinition it serves. */
  public static final String DEFINITION_LABEL = "cozystack.io/applicationdefinition";

  /** Finalizer on instances: their HelmRelease is removed before they go. */
  public static final String FINALIZER = "apps.cozystack.io/helmrelease";

  /** Annotations of an ApplicationDefinition read when rendering releases (Cozystack's names). */
  public static final String INSTALL_TIMEOUT = ReleaseAnnotations.INSTALL_TIMEOUT;

  public static final String UPGRADE_TIMEOUT = ReleaseAnnotations.UPGRADE_TIMEOUT;
  public static final String DISABLE_WAIT = ReleaseAnnotations.DISABLE_WAIT;

  /** Helm's limit on a release name. */
  public static final int RELEASE_NAME_LIMIT = 53;

  private AppsApi() {}
}
