/** Conda: packages of anaconda.org channels (conda-forge by default). */
package dev.quintet.packages.registry.conda;
