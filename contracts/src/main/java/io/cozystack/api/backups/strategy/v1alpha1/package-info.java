/**
 * {@code strategy.backups.cozystack.io/v1alpha1}: the platform's own backup strategy kinds. The
 * reference driver is {@link io.cozystack.api.backups.strategy.v1alpha1.Job}, a pod template.
 */
package io.cozystack.api.backups.strategy.v1alpha1;
