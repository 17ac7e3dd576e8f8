package io.cozystack.api.backups.v1alpha1;

import io.cozystack.api.meta.Condition;
import java.util.List;

/** What the status of a BackupJob and of a RestoreJob have in common: the run protocol. */
public interface RunStatus {
  RunPhase phase();

  String startedAt();

  String completedAt();

  String message();

  String driver();

  List<Condition> conditions();
}
