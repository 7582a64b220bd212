/** Spack: package recipes as packages.spack.io publishes them. */
package dev.quintet.packages.registry.spack;
