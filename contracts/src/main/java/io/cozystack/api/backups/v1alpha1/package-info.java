/**
 * {@code backups.cozystack.io/v1alpha1}: BackupClass, Plan, BackupJob, Backup and RestoreJob,
 * wire-compatible with Cozystack's backup API.
 */
package io.cozystack.api.backups.v1alpha1;
