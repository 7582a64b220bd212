/** Per-key, per-service quotas: a minute window and a day window, exact on one node, shared through Redis. */
package dev.quintet.platform.quota;
