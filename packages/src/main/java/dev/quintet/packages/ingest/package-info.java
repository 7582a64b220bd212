/** Whole-index ingestion: Debian's Packages indexes read in bulk, on a schedule, into the package store. */
package dev.quintet.packages.ingest;
