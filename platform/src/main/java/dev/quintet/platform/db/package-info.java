/** Storage bootstrap: embedded or external PostgreSQL, and Flyway migrations per module schema. */
package dev.quintet.platform.db;
