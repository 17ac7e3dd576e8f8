/**
 * The backup-driver SDK (a contract versioned like K1 to K6): the {@link
 * io.cozystack.contracts.driver.StrategyDriver} interface a catalog's driver implements, and the
 * {@link io.cozystack.contracts.driver.DriverRuntime} that registers it, keeps its heartbeat, and
 * runs the BackupJob, RestoreJob and Backup lifecycle around it. A driver runs as its own process,
 * with its own version; it acts only on jobs the platform dispatched to it.
 */
package io.cozystack.contracts.driver;
