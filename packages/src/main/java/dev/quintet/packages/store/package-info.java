/** The package store in PostgreSQL (schema {@code packages}): projects, their versions and dependencies. */
package dev.quintet.packages.store;
