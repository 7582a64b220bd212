/** Hackage: Haskell packages from Hackage's package pages, release feeds and {@code .cabal} files. */
package dev.quintet.packages.registry.hackage;
