/** The packages benchmark: whole-index ingestion of Debian's Packages file into the store. */
package dev.quintet.bench.packages;
