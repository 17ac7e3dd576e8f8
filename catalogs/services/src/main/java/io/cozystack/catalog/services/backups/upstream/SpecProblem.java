package io.cozystack.catalog.services.backups.upstream;

/** A rendered strategy template or restore option a driver cannot use; names the field. */
public final class SpecProblem extends Exception {
  public SpecProblem(String message) {
    super(message);
  }
}
