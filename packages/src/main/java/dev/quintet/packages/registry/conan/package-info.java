/** Conan: C and C++ recipes of ConanCenter, read from the conan-center-index repository. */
package dev.quintet.packages.registry.conan;
