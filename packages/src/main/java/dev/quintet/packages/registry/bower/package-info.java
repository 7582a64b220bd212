/** Bower: the Bower registry's name-to-repository map, then the repository's tags and {@code bower.json}. */
package dev.quintet.packages.registry.bower;
