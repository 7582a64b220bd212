/** Resolved dependency graphs: one resolution strategy per ecosystem over the cached fetch path. */
package dev.quintet.packages.resolve;
