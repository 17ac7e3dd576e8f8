/**
 * Bootstrap a platform from one URL, as Cozystack's {@code --platform-source-*} flags do: the flags
 * are parsed and checked ({@link PlatformSourceFlags}), the desired objects are rendered ({@link
 * PlatformRenderer}) and written once at start-up ({@link PlatformBootstrap}): the Flux source of
 * the platform catalog in {@code cozy-system}, the PackageSource {@code cozystack.<name>} and, only
 * when absent, the Package of the same name.
 */
package io.cozystack.operator.bootstrap;
