package io.cozystack.catalog.services.backups.mariadb;

/** A rendered strategy template or restore option the driver cannot use; names the field. */
final class SpecProblem extends Exception {
  SpecProblem(String message) {
    super(message);
  }
}
