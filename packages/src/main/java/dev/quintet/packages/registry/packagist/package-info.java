/** The Packagist adapter: Composer v2 (minified) package metadata with require/require-dev and abandonment. */
package dev.quintet.packages.registry.packagist;
