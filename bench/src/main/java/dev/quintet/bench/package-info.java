/** Benchmarks run over loopback: {@code ./quintet bench <name>}. */
package dev.quintet.bench;
