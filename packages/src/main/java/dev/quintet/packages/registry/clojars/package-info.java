/** Clojars: a Maven repository read by the Maven adapter, with clojars.org's artifact API for what its metadata misses. */
package dev.quintet.packages.registry.clojars;
