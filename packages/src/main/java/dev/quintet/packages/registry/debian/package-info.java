/** Debian: the archive's control-file formats (Packages indexes, Release files) and relation fields, read as text. */
package dev.quintet.packages.registry.debian;
