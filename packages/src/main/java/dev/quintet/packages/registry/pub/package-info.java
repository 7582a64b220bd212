/** The pub.dev adapter: package documents with every version's pubspec, retractions and discontinuation. */
package dev.quintet.packages.registry.pub;
