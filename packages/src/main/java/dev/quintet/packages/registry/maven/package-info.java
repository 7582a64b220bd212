/** The Maven repository adapter: maven-metadata.xml for versions, POMs (with parents) for metadata and dependencies. */
package dev.quintet.packages.registry.maven;
