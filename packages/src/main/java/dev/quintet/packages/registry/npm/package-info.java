/** The npm registry adapter: packuments with versions, publish times, licences and all dependency kinds. */
package dev.quintet.packages.registry.npm;
