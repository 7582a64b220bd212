/** Helm charts, as Artifact Hub indexes them. */
package dev.quintet.packages.registry.helm;
