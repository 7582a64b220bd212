/** The packages benchmarks: npm look-ups (cold and cached) and whole-index ingestion of Debian's Packages file. */
package dev.quintet.bench.packages;
