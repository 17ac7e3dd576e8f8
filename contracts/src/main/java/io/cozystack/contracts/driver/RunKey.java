package io.cozystack.contracts.driver;

/** One object the driver runtime's work loop handles: a job to drive or a Backup to clean up. */
record RunKey(Type type, String namespace, String name) {
  /** What kind of object a key names. */
  enum Type {
    BACKUP_JOB("BackupJob"),
    RESTORE_JOB("RestoreJob"),
    BACKUP("Backup");

    private final String kind;

    Type(String kind) {
      this.kind = kind;
    }

    String kind() {
      return kind;
    }
  }

  @Override
  public String toString() {
    return type.kind() + " " + namespace + "/" + name;
  }
}
